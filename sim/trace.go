package sim

import (
	"fmt"
	"strconv"
	"strings"

	"partitionlab/sim/ordering"
	"partitionlab/sim/scenario"
)

// TraceKey names one scope key whose events a run should record in full,
// as Violation.Scope and Violation.Key name them: ("order", "order-1042"),
// ("customer", "customer-17") or ("key", "17#3").
type TraceKey struct {
	Scope string `json:"scope"`
	Key   string `json:"key"`
}

// Options changes what a run records, never what happens in it.
type Options struct {
	// Trace lists scope keys whose every processed event goes into
	// Result.Trace, so a person can see a violation among its neighbours.
	Trace []TraceKey
	// TraceLimit bounds Result.Trace (default 5,000 events).
	TraceLimit int
	// ShareEvents, when set, is told every share partition event of a
	// share group as it happens (tests reading the record locks).
	ShareEvents func(ShareEvent)
	// ForkAfterRecords, when above 0, forks the record stream once the
	// logs keep that many records (see stream.go) instead of at the
	// engine's own threshold (0, or below). Forking bounds memory and must
	// change nothing in the result: tests force it early.
	ForkAfterRecords int64
	// SpillPartitions spills every partition at the engine's first look at
	// the logs that finds a record kept (every 64 runs of the sender; see
	// spill.go), where the run allows it (PartitionsSeparable), instead of
	// only in a backlog on many partitions; a partition far behind may be
	// detached first. Spilling saves memory and must change nothing in the
	// result: tests force it.
	SpillPartitions bool
	// DetachPartitions detaches each partition keeping a record at the
	// engine's looks at the logs (every 64 runs of the sender; see
	// detach.go), where the run allows it (PartitionsDetachable), instead
	// of only one far behind or in a crowded backlog; with customers across
	// partitions, at most four, each once the customer scope has its
	// examples. Detaching saves memory and must change nothing in the
	// result: tests force it.
	DetachPartitions bool
	// Limits are those of the place the run runs (nil, or no MaxHeld: the
	// command line's); the engine applies their MaxHeld (see held.go).
	Limits *scenario.Limits
}

// TraceEvent is one processing of an event of a traced key.
type TraceEvent struct {
	Scope      string  `json:"scope"`
	Key        string  `json:"key"`
	Event      string  `json:"event"`
	Order      int64   `json:"order"`
	Partition  int     `json:"partition"`
	Offset     int64   `json:"offset"`
	Thread     string  `json:"thread"`
	SentS      float64 `json:"sent_s"`
	CompletedS float64 `json:"completed_s"`
	Duplicate  bool    `json:"duplicate,omitempty"`
}

type tracer struct {
	orders    map[int64]string
	customers map[int32]string
	keys      map[string]bool
	limit     int
	events    []TraceEvent
	dropped   int
}

func newTracer(opts Options) (*tracer, error) {
	if len(opts.Trace) == 0 {
		return nil, nil
	}
	t := &tracer{orders: map[int64]string{}, customers: map[int32]string{}, keys: map[string]bool{}, limit: opts.TraceLimit}
	if t.limit <= 0 {
		t.limit = 5000
	}
	for i, k := range opts.Trace {
		switch k.Scope {
		case "order":
			id, err := strconv.ParseInt(strings.TrimPrefix(k.Key, "order-"), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("trace[%d].key: %q is not order-<id>", i, k.Key)
			}
			t.orders[id] = k.Key
		case "customer":
			id, err := strconv.ParseInt(strings.TrimPrefix(k.Key, "customer-"), 10, 32)
			if err != nil {
				return nil, fmt.Errorf("trace[%d].key: %q is not customer-<id>", i, k.Key)
			}
			t.customers[int32(id)] = k.Key
		case "key":
			t.keys[k.Key] = true
		default:
			return nil, fmt.Errorf("trace[%d].scope: %q is not one of order, customer, key", i, k.Scope)
		}
	}
	return t, nil
}

// note records the processing of r if one of its scope keys is traced.
// d is r's inflight entry, or nil for a duplicate whose entry is gone.
func (s *Sim) traceNote(r *record, d *ordering.Entry, thread int32, duplicate bool) {
	t := s.tracer
	if d == nil {
		return // a duplicate long after: nothing left to describe it
	}
	p := s.producers[d.Producer]
	key := string(appendKeyText(nil, d.KeyKind, d.KeyID, p.stride, p.keys))
	add := func(scope, name string) {
		if len(t.events) >= t.limit {
			t.dropped++
			return
		}
		t.events = append(t.events, TraceEvent{Scope: scope, Key: name, Event: s.sc.Workload.EventsPerOrder[d.Event],
			Order: d.Order, Partition: int(r.partition), Offset: r.offset, Thread: s.threadNames[thread],
			SentS: nsToS(d.SentAt), CompletedS: nsToS(s.now), Duplicate: duplicate})
	}
	if name, ok := t.orders[d.Order]; ok {
		add("order", name)
	}
	if name, ok := t.customers[d.Customer]; ok {
		add("customer", name)
	}
	if d.KeyKind != ordering.KindNone && t.keys[key] {
		add("key", key)
	}
}
