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
//
// A record not appended within delivery.timeout.ms of its send is given up
// (failed): the RecordAccumulator expires a batch waiting for its retry
// (expiredBatches) and the Sender fails one whose delivery timeout passed
// (Sender.failBatch with a TimeoutException, "Expiring N record(s) ...
// since batch creation"). It fails at its deadline; one whose deadline is
// after the run's end is still in the producer then (in_flight_at_end).

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
	// expire: at is the record's delivery deadline, when it is given up
	// (failed) instead of appended.
	expire bool
}

// deliveryTimeoutNs is delivery.timeout.ms, Kafka's default (ProducerConfig,
// DELIVERY_TIMEOUT_MS_CONFIG: 120 000 ms). It is not a scenario setting.
const deliveryTimeoutNs = 120_000_000_000

// deliveryTimeoutReason is a producer's failed_reason once it gave up records.
const deliveryTimeoutReason = "delivery.timeout.ms (120000 ms) passed while retrying: " +
	"TimeoutException, the batch expired (RecordAccumulator / Sender)"

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

// deferAppend queues record r, sent at t, to be appended at at, or given up
// at its delivery deadline when at is past it. It returns when the record
// leaves the producer.
func (st *stream) deferAppend(r *record, t, at int64) int64 {
	st.deferred.seq++
	d := deferredAppend{at: at, seq: st.deferred.seq, rec: *r}
	if deadline := t + deliveryTimeoutNs; at > deadline {
		d.at, d.expire = deadline, true
	}
	heap.Push(&st.deferred, d)
	return d.at
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
				st.deferAppend(r, t, until)
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
	// Retries every retry.backoff.ms until one succeeds. A failure that
	// arrives by the delivery deadline is a retry (Sender.completeBatch →
	// canRetry → reenqueueBatch counts it), even when its backoff ends past
	// the deadline: the accumulator then expires the batch before it is
	// sent again. at is the failed send, then the retry's.
	backoff := msToNs(p.cfg.RetryBackoffMs)
	deadline := t + deliveryTimeoutNs
	at := t
	for { // at <= deadline here: the send at failed in time to be retried
		if mode != modeReplay {
			p.retries++
		}
		at += backoff
		if at > deadline || p.rng.float64() >= p.cfg.FailureRate {
			break // expired waiting for the retry, or the retry succeeded
		}
	}
	// The records behind it wait until it is appended or given up.
	if left := st.deferAppend(r, t, at); ordered {
		st.pipelines[pk] = left
	}
}
