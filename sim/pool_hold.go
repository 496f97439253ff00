package sim

import "slices"

// A thread pool's queue holds offsets, not records (see executor): the
// partition's log keeps each record until a thread takes it, and a log that
// keeps too much forks, detaches or spills (stream.go, detach.go,
// spill.go), so what waits in a pool costs what waiting in a partition
// does.

// waitingRun is offsets from..to-1 of a partition, fetched and waiting in
// executor e's queue.
type waitingRun struct {
	e        *executor
	from, to int64
}

// hold keeps offsets from..to-1 for executor e until its threads take them.
func (l *partitionLog) hold(e *executor, from, to int64) {
	if n := len(l.waiting); n > 0 && l.waiting[n-1].e == e && l.waiting[n-1].to == from {
		l.waiting[n-1].to = to
	} else {
		l.waiting = append(l.waiting, waitingRun{e, from, to})
	}
	l.held = min(l.held, from)
	l.keepFrom = min(l.base, l.held)
}

// runOf is the index of executor e's oldest run (nearly always the first:
// a partition is fetched by one member at a time).
func (l *partitionLog) runOf(e *executor) int {
	for i := range l.waiting {
		if l.waiting[i].e == e {
			return i
		}
	}
	panic("sim: an executor takes a record its partition does not hold for it")
}

// heldBy is the oldest offset executor e waits for.
func (l *partitionLog) heldBy(e *executor) int64 { return l.waiting[l.runOf(e)].from }

// letGo ends the wait of executor e's oldest offset.
func (l *partitionLog) letGo(e *executor) { l.advance(l.runOf(e)) }

// advance ends the wait of the first offset of run i. (takeHeld writes out
// the usual case, a single run.)
func (l *partitionLog) advance(i int) {
	w := &l.waiting[i]
	if w.from++; w.from == w.to {
		l.waiting = slices.Delete(l.waiting, i, i+1)
	}
	l.held = never
	for _, w := range l.waiting {
		l.held = min(l.held, w.from)
	}
	l.keepFrom = min(l.base, l.held)
}

// takeHeld is the record executor e's thread takes from partition p: the
// oldest e waits for, read back from the log (sent again first if the log
// did not keep it).
func (s *Sim) takeHeld(e *executor, p int32) record {
	l := &s.logs[p]
	i := 0
	if l.waiting[0].e != e {
		i = l.runOf(e)
	}
	o := l.waiting[i].from
	if o >= l.mEnd {
		s.materialize(p, o)
	}
	r := l.at(o)
	if len(l.waiting) != 1 {
		l.advance(i)
		return r
	}
	// The usual case, written out: one executor waits for the partition.
	if w := &l.waiting[0]; w.from+1 < w.to {
		w.from++
		l.held = w.from
	} else {
		l.waiting, l.held = l.waiting[:0], never
	}
	l.keepFrom = min(l.base, l.held)
	return r
}
