package invariants

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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
	}
}

func optionsChangeNothing(r *Run) Verdict {
	tr, why := r.traceAll()
	if tr == nil {
		return why
	}
	c := *tr
	c.Trace, c.TraceDropped, c.Digest = nil, 0, ""
	b, err := json.Marshal(&c)
	if err != nil {
		return broken("the traced result does not marshal: %v", err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != r.Result.Digest {
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
	if !slices.IsSortedFunc(tr.Trace, func(a, b sim.TraceEvent) int { return cmpFloat(a.CompletedS, b.CompletedS) }) {
		return broken("the trace is not in the order of processing")
	}
	return held()
}
