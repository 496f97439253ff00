package invariants

import (
	"cmp"
	"slices"

	"partitionlab/sim"
)

// retryTopicConsumer is the thread that processes the retry topic.
const retryTopicConsumer = "retry-topic-consumer"

func traceInvariants() []Invariant {
	return []Invariant{
		{Name: "determinism.options", check: optionsChangeNothing,
			Why: "sim.Options changes what a run records, never what happens in it: the run with every customer " +
				"traced, its trace left out, has the digest of the run without."},
		{Name: "offsets.trace", check: traceOffsets,
			Why: "Every processing in a full trace is of a record its partition holds (offset 0 up to the log " +
				"end), ends after the record was sent and within the run, and is done by a thread of a member " +
				"that was assigned the partition by then, or by the retry topic's consumer."},
		{Name: "ordering.append_order", check: appendOrder,
			Why: "A producer instance whose produce requests never fail, or that keeps the sequence (idempotence, " +
				"or max.in.flight.requests.per.connection 1), appends the records it sends to a partition in the " +
				"order it sent them: in a full trace their offsets grow with their send order. (An order's events " +
				"go through instance order id mod instances.)"},
	}
}

// pipe is one producer instance's records to one partition.
type pipe struct {
	producer, instance, partition int
}

func appendOrder(r *Run) Verdict {
	tr, why := r.traceAll()
	if tr == nil {
		return why
	}
	sc := r.Scenario
	producerOf := map[string]int{} // event type -> producer
	for _, e := range sc.Workload.EventsPerOrder {
		producerOf[e] = -1
	}
	for i, p := range sc.Producers {
		for _, e := range p.Events {
			producerOf[e] = i
		}
	}
	for i, p := range sc.Producers {
		if len(p.Events) == 0 {
			for e, j := range producerOf {
				if j < 0 {
					producerOf[e] = i
				}
			}
		}
	}
	type sentAt struct {
		sent   float64
		order  int64
		offset int64
	}
	pipes := map[pipe][]sentAt{}
	for _, e := range tr.Trace {
		if e.Scope != "customer" || e.Duplicate {
			continue
		}
		i := producerOf[e.Event]
		p := sc.Producers[i]
		if p.FailureRate > 0 && !p.Idempotence && p.MaxInFlight > 1 {
			continue
		}
		k := pipe{i, int(e.Order % int64(p.Instances)), e.Partition}
		pipes[k] = append(pipes[k], sentAt{e.SentS, e.Order, e.Offset})
	}
	for k, recs := range pipes {
		// Records sent at one instant went out in an order the trace does
		// not say: only one sent strictly before another must be before it.
		slices.SortStableFunc(recs, func(a, b sentAt) int { return cmp.Compare(a.sent, b.sent) })
		var last sentAt // the record at the highest offset among those sent strictly before
		last.offset = -1
		for i := 0; i < len(recs); {
			j := i
			for j < len(recs) && recs[j].sent == recs[i].sent {
				j++
			}
			for _, b := range recs[i:j] {
				if last.offset > b.offset {
					return broken("%s instance %d on p%d: order %d's event sent at %g s is at offset %d, after order %d's "+
						"sent later (%g s) at offset %d", sc.Producers[k.producer].Name, k.instance+1, k.partition,
						last.order, last.sent, last.offset, b.order, b.sent, b.offset)
				}
			}
			for _, b := range recs[i:j] {
				if b.offset > last.offset {
					last = b
				}
			}
			i = j
		}
	}
	return held()
}

func optionsChangeNothing(r *Run) Verdict {
	tr, why := r.traceAll()
	if tr == nil {
		return why
	}
	c := *tr
	c.Trace, c.TraceDropped = nil, 0
	if got := digestOf(c); got != r.Result.Digest {
		return broken("digest %s, traced %s", r.Result.Digest, got)
	}
	return held()
}

func traceOffsets(r *Run) Verdict {
	tr, why := r.traceAll()
	if tr == nil {
		return why
	}
	// firstHeld is when each member was first assigned each partition.
	firstHeld := map[string]map[int]float64{}
	for _, m := range tr.Consumers.Members {
		firstHeld[m.Name] = map[int]float64{}
		for _, a := range m.Assignments {
			for _, p := range a.Partitions {
				if _, ok := firstHeld[m.Name][p]; !ok {
					firstHeld[m.Name][p] = a.AtS
				}
			}
		}
	}
	parts := tr.Partitions
	for i, e := range tr.Trace {
		if e.Partition < 0 || e.Partition >= len(parts) || e.Offset < 0 || e.Offset >= parts[e.Partition].Produced {
			return broken("trace[%d]: %s of order %d at p%d offset %d, beyond the log", i, e.Event, e.Order, e.Partition, e.Offset)
		}
		if e.CompletedS < e.SentS || e.CompletedS > tr.DurationS {
			return broken("trace[%d]: %s of order %d sent at %g s, processed at %g s", i, e.Event, e.Order, e.SentS, e.CompletedS)
		}
		if e.Thread == retryTopicConsumer {
			continue
		}
		held, ok := firstHeld[memberOf(e.Thread)]
		if !ok {
			return broken("trace[%d]: processed by %s, who is no member", i, e.Thread)
		}
		if at, ok := held[e.Partition]; !ok || at > e.CompletedS {
			return broken("trace[%d]: %s processed p%d offset %d at %g s, before it was ever assigned p%d", i, e.Thread,
				e.Partition, e.Offset, e.CompletedS, e.Partition)
		}
	}
	if !slices.IsSortedFunc(tr.Trace, func(a, b sim.TraceEvent) int { return cmp.Compare(a.CompletedS, b.CompletedS) }) {
		return broken("the trace is not in the order of processing")
	}
	return held()
}
