package sim

import (
	"container/heap"
	"maps"
)

// A record waiting in a partition must cost a few bytes at most, however
// long the backlog. The records are a pure function of the stream's state
// (the workload's and producers' random streams, the orders not yet fully
// sent, the retried records waiting) and of two outside inputs: when the
// sender runs after a pause, and when a restart refreshes the producers'
// metadata. So when the logs hold too many records, the engine forks the
// stream: the front copy goes on sending at the clock, but only counts what
// it appends (offsets and append times for lag, the metrics, waking the
// consumers); the back copy, left where the records stopped being kept,
// sends the same records again when a consumer reaches them, with their
// ordering-checker entries. When the back copy catches up, the two join.

// stream is everything that decides which records are sent, when, to which
// partition and in what order.
type stream struct {
	work      *workload
	orders    *orderQueue
	producers []*producerRuntime
	deferred  appendQueue
	pipelines map[pipeline]int64
	pos       int64 // steps taken: events sent and retried records appended
	seq       int64 // forked, the front: the ordering checker's g of its next event (see appendDeferred)
	only      int32 // a detached partition's stream: the partition; -1 otherwise (see detach.go)
	filter    bool  // some partition is detached or spilled: look at each record's partition
}

// How a stream step treats a record.
type streamMode uint8

const (
	modeFull       streamMode = iota // the front, keeping every record: everything
	modeCount                        // the front, forked: counts and wakes, keeps nothing
	modeReplay                       // the back: keeps the records and checks them, counts nothing
	modeSkip                         // another stream's record (a detached partition's): nothing
	modeSpillCount                   // the front, unforked, for a spilled partition: counts, wakes and spills
	modeSpill                        // the back, for a spilled partition: spills (see spill.go)
)

// forkAt is how many records the logs keep before the stream forks.
const forkAt = 1 << 18

// replayMark is an outside input to the stream at a step: the sender ran at
// floor (so nothing due earlier is sent before it), or a restart gave every
// producer instance the partition count n (n > 0).
type replayMark struct {
	pos        int64
	floor      int64
	partitions int32
}

func newStream(s *Sim) *stream {
	st := &stream{pipelines: map[pipeline]int64{}, only: -1}
	for i, p := range s.sc.Producers {
		st.producers = append(st.producers, newProducerRuntime(p, i, s.sc, newRNG(s.sc.Seed, streamProducer+uint64(i))))
	}
	st.work = newWorkload(s.sc.Workload, newRNG(s.sc.Seed, streamWorkload))
	st.orders = newOrderQueue(len(s.sc.Workload.EventsPerOrder), st.work.eventGapNs)
	st.orders.push(st.work.pop())
	return st
}

// clone copies the stream's state. The producers' partition caches are
// pure functions of the key and are shared.
func (st *stream) clone() *stream {
	c := *st
	w := *st.work
	r := *st.work.rng
	w.rng = &r
	c.work = &w
	c.orders = st.orders.clone()
	c.producers = make([]*producerRuntime, len(st.producers))
	for i, p := range st.producers {
		pc := *p
		pr := *p.rng
		pc.rng = &pr
		pc.instances = append([]producerInstance(nil), p.instances...)
		pc.buf = make([]byte, 0, 32)
		c.producers[i] = &pc
	}
	c.deferred.items = append([]deferredAppend(nil), st.deferred.items...)
	c.pipelines = maps.Clone(st.pipelines)
	return &c
}

// nextDeferred is when the next retried record is appended.
func (st *stream) nextDeferred() int64 {
	if len(st.deferred.items) == 0 {
		return never
	}
	return st.deferred.items[0].at
}

// sendSteps takes up to n of the stream's next steps that are due before
// horizon: a retried record appended, or an event sent (not before floor).
// It reports whether it took n.
func (s *Sim) sendSteps(st *stream, floor, horizon int64, mode streamMode, n int) bool {
	q := st.orders
	for ; n > 0; n-- {
		j, t := q.due()
		t = max(t, floor) // later than due only after a pause
		d := st.nextDeferred()
		if min(t, d) >= horizon {
			return false
		}
		st.pos++
		if d <= t {
			r := heap.Pop(&st.deferred).(deferredAppend)
			s.appendDeferred(&r, mode)
			continue
		}
		o := q.take(j)
		s.send(st, o, j, t, mode)
		if j == 0 && q.cursor[0] == q.end {
			q.push(st.work.pop())
		}
	}
	return true
}

// frontMode is how the front stream treats its records now.
func (t *topic) frontMode() streamMode {
	if t.back != nil {
		return modeCount
	}
	return modeFull
}

// maybeFork forks the stream when the logs keep too many records.
func (s *Sim) maybeFork() {
	if s.back != nil || s.forkAt < 0 || s.keptSinceCount < s.forkAt/8 {
		return // counting what every log keeps is not worth it yet
	}
	s.keptSinceCount = 0
	var kept int64
	for p := range s.logs {
		kept += s.logs[p].kept()
	}
	if kept < s.forkAt {
		return
	}
	s.back = s.front.clone()
	s.front.seq = s.checker.NextSeq()
	for p := range s.logs {
		if !s.isApart(int32(p)) {
			s.logs[p].countAppends(s.lagFloor)
		}
	}
	if s.detachedCount == 0 {
		s.replay = s.replay[:0]
	}
	s.replay = append(s.replay, replayMark{pos: s.front.pos, floor: s.now})
	s.replayNext = len(s.replay) - 1
}

// isDetached says whether partition p is detached (see detach.go).
func (t *topic) isDetached(p int32) bool { return t.detached != nil && t.detached[p] != nil }

// isApart says whether partition p is detached or spilled: its records
// meet the checker apart from the others', and its log remembers its
// append times on its own.
func (t *topic) isApart(p int32) bool { return t.isDetached(p) || t.isSpilled(p) }

// noteSenderRun tells the back streams the time of a run of the sender.
// A run that no step was waiting for changes nothing: the steps from here
// on are due at or after now, and the floor a back stream has is earlier.
// Only a run after a pause is noted, so the marks do not grow with how far
// a back stream is behind.
func (s *Sim) noteSenderRun() {
	if s.back == nil && s.detachedCount == 0 {
		return
	}
	if _, t := s.front.orders.due(); min(t, s.front.nextDeferred()) >= s.now {
		return
	}
	s.replay = append(s.replay, replayMark{pos: s.front.pos, floor: s.now})
}

// restartProducers gives every producer instance fresh metadata.
func (t *topic) restartProducers() {
	resetViews(t.front, t.partitions)
	if t.back != nil || t.detachedCount > 0 {
		t.replay = append(t.replay, replayMark{pos: t.front.pos, partitions: t.partitions})
	}
}

func resetViews(st *stream, n int32) {
	for _, p := range st.producers {
		for i := range p.instances {
			p.instances[i].knownPartitions = n
		}
	}
}

// materialize has the back stream (or a detached partition's own) send
// again, or a spilled partition's spill give back, until partition p keeps
// offset o.
func (s *Sim) materialize(p int32, o int64) {
	if s.detachedCount > 0 && s.detached[p] != nil {
		s.materializeDetached(s.detached[p], p, o)
		return
	}
	if s.spilledCount > 0 && s.spills[p] != nil {
		s.materializeSpilled(s.spills[p], p, o)
		return
	}
	l := &s.logs[p]
	for l.mEnd <= o && s.back != nil {
		b := s.back
		s.applyMarks(b, &s.replayNext, &s.backFloor)
		s.sendSteps(b, s.backFloor, never, modeReplay, 1)
		if b.pos == s.front.pos {
			s.join()
		}
	}
	s.dropPassedMarks()
}

// applyMarks applies to back stream b the outside inputs up to its
// position, from mark *next on; *floor is its sender's last run.
func (t *topic) applyMarks(b *stream, next *int, floor *int64) {
	for *next < len(t.replay) && t.replay[*next].pos <= b.pos {
		if m := t.replay[*next]; m.partitions > 0 {
			resetViews(b, m.partitions)
		} else {
			*floor = m.floor
		}
		*next++
	}
}

// dropPassedMarks lets go of the marks every back stream has passed.
func (t *topic) dropPassedMarks() {
	n := len(t.replay)
	if t.back != nil {
		n = t.replayNext
	}
	for _, d := range t.detached {
		if d != nil {
			n = min(n, d.next)
		}
	}
	if n <= 1024 || 2*n <= len(t.replay) {
		return
	}
	t.replay = t.replay[:copy(t.replay, t.replay[n:])]
	t.replayNext = max(0, t.replayNext-n)
	for _, d := range t.detached {
		if d != nil {
			d.next -= n
		}
	}
}

// join ends a fork: the back stream has sent everything the front has. The
// two are the same but for the retried records waiting, which only the back
// one has registered with the ordering checker.
func (t *topic) join() {
	t.front.deferred = t.back.deferred
	t.back = nil
	for p := range t.logs {
		if !t.isApart(int32(p)) {
			t.logs[p].recent = nil // everything is kept again
		}
	}
	if t.detachedCount == 0 {
		t.replay = t.replay[:0]
	}
}
