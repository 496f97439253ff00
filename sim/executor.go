package sim

import (
	"cmp"
	"slices"

	"partitionlab/sim/internal/ring"
	"partitionlab/sim/ordering"
)

// executor is the pool a member's listener hands records to. In thread_pool
// mode any free thread takes the oldest record, so two records of one key
// can be processed at once and finish in either order. In per_key_queues
// mode a key's records wait while one of them is being processed, so order
// holds per key while different keys run in parallel.
type executor struct {
	threads []*worker
	perKey  bool
	fifo    recordQueue // thread_pool: every waiting record

	// per_key_queues
	keys  map[keyIdent]*recordQueue // waiting records of each key
	busy  map[keyIdent]bool         // keys being processed
	ready []keyIdent                // keys with waiting records and none in process, oldest first
}

type keyIdent struct {
	kind uint8
	id   int64
}

func identOf(r *record) keyIdent {
	if r.keyKind == ordering.KindNone {
		return keyIdent{ordering.KindNone, r.seq} // keyless records have no order to keep
	}
	return keyIdent{r.keyKind, r.keyID}
}

// recordQueue is a FIFO of records in a ring whose length is a power of
// two, from one record, and at most four times what it holds once longer
// than eight: a queue that stays long keeps none of the records already
// taken (a slice popped from its front kept them until it was half dead,
// over a thousand records a key behind a per-key queue), and one that
// empties gives its memory back.
type recordQueue struct {
	ring       []record
	head, tail int64 // the oldest record held and one past the newest, by position
}

// recordQueueMin is the length below which a ring is not shortened.
const recordQueueMin = 8

func (q *recordQueue) len() int { return int(q.tail - q.head) }

func (q *recordQueue) at(i int64) *record { return &q.ring[i&int64(len(q.ring)-1)] }

func (q *recordQueue) push(r record) {
	switch {
	case q.ring == nil:
		q.ring = make([]record, 1) // most per-key queues never hold more
	case q.len() == len(q.ring):
		q.ring = ring.Grow(q.ring, q.head, q.tail)
	}
	*q.at(q.tail) = r
	q.tail++
}

func (q *recordQueue) pop() record {
	r := *q.at(q.head)
	q.head++
	q.fit()
	return r
}

// fit halves the ring, as often as needed, while it holds under a quarter
// of its length.
func (q *recordQueue) fit() {
	n := len(q.ring)
	for n > recordQueueMin && 4*q.len() < n {
		n /= 2
	}
	if n < len(q.ring) {
		q.ring = ring.Resize(q.ring, q.head, q.tail, n)
	}
}

func newExecutor(perKey bool, threads []*worker) *executor {
	e := &executor{threads: threads, perKey: perKey}
	if perKey {
		e.keys, e.busy = map[keyIdent]*recordQueue{}, map[keyIdent]bool{}
	}
	return e
}

// submit queues a record and wakes a free thread.
func (e *executor) submit(s *Sim, r record) {
	if !e.perKey {
		e.fifo.push(r)
	} else {
		k := identOf(&r)
		q := e.keys[k]
		if q == nil {
			q = &recordQueue{}
			e.keys[k] = q
		}
		q.push(r)
		if q.len() == 1 && !e.busy[k] {
			e.ready = append(e.ready, k)
		}
	}
	for _, w := range e.threads {
		if w.state == wIdle {
			w.state = wPolling
			s.sched.set(w.actor, s.now)
			return
		}
	}
}

// run is one executor thread's step.
func (e *executor) run(s *Sim, w *worker) {
	switch w.state {
	case wProcessing:
		if !w.finish(s) {
			return
		}
		if e.perKey {
			e.release(identOf(&w.cur))
		}
	case wBackoff:
		w.start(s, &w.cur, s.now)
		return
	}
	r, ok := e.take()
	if !ok {
		w.state = wIdle
		s.sched.set(w.actor, never)
		return
	}
	w.start(s, &r, s.now)
}

func (e *executor) take() (record, bool) {
	if !e.perKey {
		if e.fifo.len() == 0 {
			return record{}, false
		}
		return e.fifo.pop(), true
	}
	if len(e.ready) == 0 {
		return record{}, false
	}
	k := e.ready[0]
	e.ready = e.ready[1:]
	q := e.keys[k]
	r := q.pop()
	e.busy[k] = true
	if q.len() == 0 {
		delete(e.keys, k)
	}
	return r, true
}

// release ends a key's turn; its next record, if any, queues behind the
// other ready keys.
func (e *executor) release(k keyIdent) {
	delete(e.busy, k)
	if q := e.keys[k]; q != nil && q.len() > 0 {
		e.ready = append(e.ready, k)
	}
}

// abandon empties the executor when its process dies, handing every queued
// or running record to drop.
func (e *executor) abandon(s *Sim, drop func(*record)) {
	e.filter(func(r *record) bool { drop(r); return false })
	for _, w := range e.threads {
		if w.state == wProcessing || w.state == wBackoff {
			drop(&w.cur)
		}
		w.state = wIdle
		s.sched.set(w.actor, never)
	}
	if e.perKey {
		clear(e.busy)
	}
}

// filter keeps the queued records for which keep returns true, in order.
func (e *executor) filter(keep func(*record) bool) {
	e.fifo.filter(keep)
	if !e.perKey {
		return
	}
	ready := e.ready[:0]
	for _, k := range e.ready {
		q := e.keys[k]
		q.filter(keep)
		if q.len() == 0 {
			delete(e.keys, k)
		} else {
			ready = append(ready, k)
		}
	}
	e.ready = ready
	// Keys being processed have their waiting records outside ready; they
	// are visited in key order, so what keep does happens in a fixed order.
	busy := make([]keyIdent, 0, len(e.busy))
	for k := range e.busy {
		busy = append(busy, k)
	}
	slices.SortFunc(busy, func(a, b keyIdent) int {
		if a.kind != b.kind {
			return int(a.kind) - int(b.kind)
		}
		return cmp.Compare(a.id, b.id)
	})
	for _, k := range busy {
		if q := e.keys[k]; q != nil {
			if q.filter(keep); q.len() == 0 {
				delete(e.keys, k) // as take does; release finds no queue either way
			}
		}
	}
}

// filter keeps, in order, the waiting records for which keep returns true.
func (q *recordQueue) filter(keep func(*record) bool) {
	n := q.head
	for i := q.head; i < q.tail; i++ {
		if r := q.at(i); keep(r) {
			*q.at(n) = *r
			n++
		}
	}
	q.tail = n
	q.fit()
}

// dropQueued discards the queued records of revoked partitions when the
// application does so in onPartitionsRevoked (on_revoke: drop_queued). If
// their offsets were committed already — the trap of committing right after
// handing records to an executor — nobody will ever process them.
func (m *member) dropQueued(s *Sim, parts []int32) {
	if m.exec == nil || s.sc.Consumer.OnRevoke != "drop_queued" {
		return
	}
	revoked := map[int32]bool{}
	for _, p := range parts {
		revoked[p] = true
	}
	m.exec.filter(func(r *record) bool {
		if !revoked[r.partition] {
			return true
		}
		if r.offset < s.committed[r.partition] {
			s.loseRecord(r)
		}
		return false
	})
}
