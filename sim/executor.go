package sim

import (
	"cmp"
	"slices"

	"partitionlab/sim/ordering"
	"partitionlab/sim/scenario"
)

// A thread pool's queue names a partition in two bytes.
const _ = uint16(scenario.MaxPartitions - 1)

// executor is the pool a member's listener hands records to. In thread_pool
// mode any free thread takes the oldest record, so two records of one key
// can be processed at once and finish in either order. In per_key_queues
// mode a key's records wait while one of them is being processed, so order
// holds per key while different keys run in parallel.
type executor struct {
	threads []*worker
	perKey  bool

	// thread_pool: the partition of each waiting record, oldest first. The
	// record is the next offset its partition's log holds for this
	// executor (partitionLog.waiting), read back from the log when a thread
	// takes it: two bytes a waiting record here, and a backlog in the pool
	// is one in the logs, which fork, detach and spill as any other does
	// (see stream.go), rather than copies and their checker entries.
	order queue[uint16]

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

func newExecutor(perKey bool, threads []*worker) *executor {
	e := &executor{threads: threads, perKey: perKey}
	if perKey {
		e.keys, e.busy = map[keyIdent]*recordQueue{}, map[keyIdent]bool{}
	}
	return e
}

// submit queues a record in its key's queue (per_key_queues) and wakes a
// free thread.
func (e *executor) submit(s *Sim, r record) {
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
	e.wake(s, 1)
}

// submitOffsets queues offsets from..to-1 of partition p (thread_pool),
// as submit would each record, and wakes a free thread for each.
func (e *executor) submitOffsets(s *Sim, p int32, from, to int64) {
	s.logs[p].hold(e, from, to)
	for range to - from {
		e.order.push(uint16(p))
	}
	e.wake(s, int(to-from))
}

// wake sets the first n idle threads polling.
func (e *executor) wake(s *Sim, n int) {
	for _, w := range e.threads {
		if n == 0 {
			return
		}
		if w.state == wIdle {
			w.state = wPolling
			s.sched.set(w.actor, s.now)
			n--
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
	r, ok := e.take(s)
	if !ok {
		w.state = wIdle
		s.sched.set(w.actor, never)
		return
	}
	w.start(s, &r, s.now)
}

func (e *executor) take(s *Sim) (record, bool) {
	if !e.perKey {
		if e.order.len() == 0 {
			return record{}, false
		}
		return s.takeHeld(e, int32(e.order.pop())), true
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

// abandon empties the executor when its process dies: every queued record
// is dropped (dropWaiting) and every running one handed to drop.
func (e *executor) abandon(s *Sim, drop func(*record)) {
	e.dropWaiting(s, func(int32) bool { return true })
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

// dropWaiting drops the queued records of the partitions dropPart picks.
// Whoever fetches a partition next starts at its committed offset, so a
// record dropped below it is never processed: lost.
func (e *executor) dropWaiting(s *Sim, dropPart func(int32) bool) {
	if !e.perKey {
		e.order.filter(func(t *uint16) bool {
			p := int32(*t)
			if !dropPart(p) {
				return true
			}
			l := &s.logs[p]
			if o := l.heldBy(e); o < s.committed[p] {
				s.materialize(p, o)
				r := l.at(o)
				s.loseRecord(&r)
			}
			l.letGo(e)
			return false
		})
		return
	}
	e.filter(func(r *record) bool {
		if !dropPart(r.partition) {
			return true
		}
		if r.offset < s.committed[r.partition] {
			s.loseRecord(r)
		}
		return false
	})
}

// filter keeps the per-key queues' records for which keep returns true, in
// order.
func (e *executor) filter(keep func(*record) bool) {
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
	m.exec.dropWaiting(s, func(p int32) bool { return revoked[p] })
}
