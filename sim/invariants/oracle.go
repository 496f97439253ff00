package invariants

import (
	"cmp"
	"slices"
	"strconv"

	"partitionlab/sim"
)

// The ordering oracle counts the customer scope's violations again, from
// the events themselves rather than from the engine's checker: the run is
// repeated with every customer traced (sim.Options.Trace), so each
// processing of each event is listed with its send and completion times,
// and a violation is an event whose first processing ends while one of
// the same customer sent before it has not ended yet.
//
// The trace lists processings only, so an event that never ended (lost,
// or still waiting at the end) is not in it: the oracle's count is then a
// lower bound of the engine's, and equal to it when every event sent was
// processed. Two events ending at the same instant are in either order.

// oracleCustomers and oracleEvents bound the runs the oracle repeats: few
// customers to trace, few events to list.
const (
	oracleCustomers = 64
	oracleEvents    = 60_000
)

func oracleInvariant() Invariant {
	return Invariant{Name: "ordering.oracle", check: orderingOracle,
		Why: "The customer scope's violations, counted again from a full trace of every customer's events " +
			"(an event whose first processing ends while one of its customer's sent before it has not), are " +
			"at most the engine's count, and equal to it, as are the customers affected, when every event " +
			"sent was processed (nothing lost, nothing left waiting)."}
}

// traced is one event's send and first completion, from the trace.
type traced struct {
	sent, done float64
}

// traceAll is the run again with every customer's events traced, made
// once for the invariants that read it; a verdict other than Held says why
// there is none.
func (r *Run) traceAll() (*sim.Result, Verdict) {
	if r.traced != nil || r.tracedWhy.Outcome != Held {
		return r.traced, r.tracedWhy
	}
	sc, res := r.Scenario, r.Result
	if sc.Workload.Customers > oracleCustomers || res.EventsProduced > oracleEvents {
		r.tracedWhy = notApplicable("too many customers or events to trace them all")
		return nil, r.tracedWhy
	}
	opts := sim.Options{TraceLimit: int(res.EventsProduced+res.Duplicates) + 1}
	for c := 1; c <= sc.Workload.Customers; c++ {
		opts.Trace = append(opts.Trace, sim.TraceKey{Scope: "customer", Key: "customer-" + strconv.Itoa(c)})
	}
	s, err := sim.NewWithOptions(sc, opts)
	if err != nil {
		r.tracedWhy = broken("the traced run does not start: %v", err)
		return nil, r.tracedWhy
	}
	for !s.Advance(1 << 20) {
	}
	if err := s.Err(); err != nil {
		r.tracedWhy = broken("the traced run stopped: %v", err)
		return nil, r.tracedWhy
	}
	r.traced = s.Result()
	if r.traced.TraceDropped > 0 {
		r.traced, r.tracedWhy = nil, notMeasurable("the trace dropped events")
	}
	return r.traced, r.tracedWhy
}

func orderingOracle(r *Run) Verdict {
	res := r.Result
	tr, why := r.traceAll()
	if tr == nil {
		return why
	}
	byCustomer := map[string][]traced{}
	for _, e := range tr.Trace {
		if e.Scope != "customer" || e.Duplicate {
			continue
		}
		byCustomer[e.Key] = append(byCustomer[e.Key], traced{sent: e.SentS, done: e.CompletedS})
	}
	var least, most, keysLeast, keysMost int64
	for _, evs := range byCustomer {
		l, m := violationsOf(evs)
		least, most = least+l, most+m
		if l > 0 {
			keysLeast++
		}
		if m > 0 {
			keysMost++
		}
	}
	got := res.Ordering.Scopes.Customer
	if got.Violations < least {
		return broken("the trace shows at least %d customer-scope violations, the result %d", least, got.Violations)
	}
	complete := res.Lost == 0 && res.EventsProcessed == res.EventsProduced
	if complete && (got.Violations > most || got.KeysAffected < keysLeast || got.KeysAffected > keysMost) {
		return broken("every event was processed; the trace shows %d to %d customer-scope violations on %d to %d "+
			"customers, the result %d on %d", least, most, keysLeast, keysMost, got.Violations, got.KeysAffected)
	}
	return held()
}

// violationsOf counts the events whose first processing ends while one
// sent before them has not ended. Events sent at the same instant (the
// producers resuming after a pause send everything due at once) went out
// in an order the trace does not say, and events ending at the same
// instant ended in an order it does not say either: least counts only an
// event that one sent strictly before ends strictly after; most counts an
// event that any other sent no later ends no earlier than.
func violationsOf(evs []traced) (least, most int64) {
	slices.SortStableFunc(evs, func(a, b traced) int { return cmp.Compare(a.sent, b.sent) })
	before := -1.0 // the latest end among the events sent strictly before
	for i := 0; i < len(evs); {
		j := i
		for j < len(evs) && evs[j].sent == evs[i].sent {
			j++
		}
		same := evs[i:j]
		// The latest and second latest ends of the group, for "the others".
		top, second, topAt := -1.0, -1.0, -1
		for k, e := range same {
			if e.done > top {
				top, second, topAt = e.done, top, k
			} else if e.done > second {
				second = e.done
			}
		}
		for k, e := range same {
			if before > e.done {
				least++
			}
			others := top
			if k == topAt {
				others = second
			}
			if max(before, others) >= e.done {
				most++
			}
		}
		for _, e := range same {
			before = max(before, e.done)
		}
		i = j
	}
	return least, most
}
