package sim

import (
	"container/heap"

	"partitionlab/sim/ordering"
)

// Producer retries. A failed produce request is retried after
// retry.backoff.ms. Without idempotence and with more than one request in
// flight, the requests sent behind it succeed first, so the retried records
// land after later ones: reordering inside one partition. With idempotence
// (or one request in flight) the broker keeps the sequence, so everything the
// instance sends to that partition waits behind the retry.
//
// Simplification: every record is its own produce request; real batches
// fail and are retried together, which changes how many records move but not
// whether order breaks.

// pipeline is one producer instance's connection to one partition.
type pipeline struct {
	producer uint8
	instance uint16
	part     int32
}

type deferredAppend struct {
	at  int64
	seq int64
	rec record
}

// appendQueue is a min-heap of records waiting to be appended.
type appendQueue struct {
	items []deferredAppend
	seq   int64
}

func (q *appendQueue) Len() int { return len(q.items) }
func (q *appendQueue) Less(i, j int) bool {
	a, b := &q.items[i], &q.items[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}
func (q *appendQueue) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *appendQueue) Push(x any)    { q.items = append(q.items, x.(deferredAppend)) }
func (q *appendQueue) Pop() any {
	x := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return x
}

func (st *stream) deferAppend(r *record, at int64) {
	st.deferred.seq++
	heap.Push(&st.deferred, deferredAppend{at: at, seq: st.deferred.seq, rec: *r})
}

// produceWithRetries produces a record sent at t (the sender runs ahead of
// the clock, so t is the record's own time).
func (s *Sim) produceWithRetries(st *stream, p *producerRuntime, instance int, r *record, t int64, mode streamMode) {
	pk := pipeline{p.index, uint16(instance), r.partition}
	ordered := p.cfg.Idempotence || p.cfg.MaxInFlight == 1
	if ordered {
		if until, ok := st.pipelines[pk]; ok {
			// At until itself the retried record has not been appended yet
			// (the sender runs before the append queue), so wait behind it.
			if until >= t {
				st.deferAppend(r, until)
				return
			}
			delete(st.pipelines, pk)
		}
	}
	if p.rng.float64() >= p.cfg.FailureRate {
		s.append(r, t, mode)
		return
	}
	if mode != modeCount {
		s.checker.Entry(r.seq).Flags |= ordering.FlagProducerRetried
	}
	if mode != modeReplay {
		p.retries++
	}
	backoff := msToNs(p.cfg.RetryBackoffMs)
	at := t + backoff
	for p.rng.float64() < p.cfg.FailureRate { // the retry may fail too
		at += backoff
		if mode != modeReplay {
			p.retries++
		}
	}
	st.deferAppend(r, at)
	if ordered {
		st.pipelines[pk] = at
	}
}
