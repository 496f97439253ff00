package sim

// member is one consumer thread: a KafkaConsumer in the group with its poll
// loop. In sequential mode it processes what it polls itself; in the pool
// modes its listener hands each record to an executor and polls again.
type member struct {
	worker
	idx       int32
	instance  int
	threadNo  int
	parts     []int32 // assigned partitions, ascending
	fetchFrom int     // where the next fetch starts, for fairness
	batch     []record
	batchNext int
	exec      *executor // nil in sequential mode

	// commitAt is when poll() commits next: after the last commit by the
	// auto-commit interval, at every poll when the application commits
	// after each batch, never without either (see noteCommit).
	commitAt int64
	// quietUntil and quietNext remember what the last fetch saw: before
	// quietUntil no record can turn up in the member's partitions except at
	// quietNext. A member that finishes its batch before then has nothing
	// to fetch, and skips looking.
	quietUntil, quietNext int64
	membership
}

// wakeAt makes an idle member poll at t: a record is appended for it then,
// or the group has news for it. A frozen member wakes when it thaws.
func (m *member) wakeAt(s *Sim, t int64) {
	if m.state == wIdle && m.up {
		m.state = wPolling
		s.sched.set(m.actor, max(t, s.now, m.frozenTill))
	}
}

// notify is a record appended at t to one of the member's partitions,
// which it will fetch when it polls.
func (m *member) notify(s *Sim, t int64) {
	if m.quietUntil > 0 {
		m.quietNext = min(m.quietNext, t) // keep what the last fetch knew true
	}
	m.wakeAt(s, t)
}

func (m *member) run(s *Sim) {
	switch m.state {
	case wProcessing:
		if !m.finish(s) {
			return // blocking retry: back off
		}
	case wBackoff:
		m.start(s, &m.cur, s.now)
		return
	}
	if m.batchNext < len(m.batch) {
		m.batchNext++
		m.start(s, &m.batch[m.batchNext-1], s.now)
		return
	}
	m.poll(s)
}

// poll is KafkaConsumer.poll(): first the group's business (learning it
// was kicked out, applying an assignment, committing, rejoining), then up
// to max.poll.records from the assigned partitions.
func (m *member) poll(s *Sim) {
	if m.fenced || !m.up {
		m.state = wIdle
		s.sched.set(m.actor, never)
		return
	}
	if m.stopping {
		m.close(s)
		return
	}
	m.lastPoll = s.now
	if m.kicked {
		// Out of the group since a time-out; its commit fails and it rejoins.
		if m.commitDue(s.now) {
			m.pollCommit(s, s.now)
		}
		m.kicked, m.rejoin = false, true
		if !m.inGroup {
			m.setParts(s, nil)
		} else {
			m.needsNewID = true
		}
	}
	if m.stale {
		// Back from a batch that outlasted a rebalance: its generation is
		// old, so the commit fails; its new assignment is already in place.
		if m.commitDue(s.now) {
			m.pollCommit(s, s.now)
		}
		m.stale = false
	}
	if m.hasPending {
		m.applyPending(s)
	}
	// No periodic commit while the member takes part in a rebalance.
	if m.inGroup && !m.joined && !m.hasPending && m.commitDue(s.now) {
		m.pollCommit(s, s.now)
	}
	if m.rejoin {
		var fetching bool
		if s.group.kip848 {
			fetching = m.consumerJoin(s)
		} else {
			fetching = m.joinGroup(s)
		}
		if !fetching {
			m.state = wIdle
			s.sched.set(m.actor, never)
			return
		}
	}
	g := &s.sc.Consumer.Group
	now := s.now
	if m.exec != nil && !m.exec.perKey {
		m.handToPool(s, now)
		return
	}
	ahead := false // the poll continues as the one made at the next arrival
	for {
		next := m.fetch(s, now)
		if len(m.batch) == 0 {
			// Nothing has arrived yet; the sender may already have appended
			// records for later, so wait for the first of them.
			m.state = wIdle
			if next < never {
				m.state = wPolling
				if !ahead && m.canPollAhead(s, next) {
					// Make now the poll the member would make at next. The
					// group has no business with it then (canPollAhead), so
					// of poll's work only the commit and the fetch remain,
					// made at next; the clock stays where it is.
					ahead, now = true, next
					m.lastPoll = now
					if m.commitDue(now) {
						m.pollCommit(s, now)
					}
					continue
				}
			}
			s.sched.set(m.actor, next)
			break
		}
		if m.exec == nil {
			m.batchNext = 1
			m.start(s, &m.batch[0], now)
			break
		}
		// The listener hands every record to the executor and polls again
		// at once; the executor's queue is unbounded.
		for _, r := range m.batch {
			m.exec.submit(s, r)
		}
		if g.CommitAfterBatch {
			m.commit(s, m.parts, commitApp, now)
		}
	}
}

// handToPool is the rest of poll for a listener that hands every record to
// a thread pool: it fetches them as offsets (fetchOffsets), commits after
// each batch if the application does, and polls again at once, until a
// fetch finds nothing; then it waits for the next arrival. (It never polls
// ahead: the pool's threads finish on their own schedule.)
func (m *member) handToPool(s *Sim, now int64) {
	for {
		next, got := m.fetchOffsets(s, now)
		if got == 0 {
			m.state = wIdle
			if next < never {
				m.state = wPolling
			}
			s.sched.set(m.actor, next)
			return
		}
		if s.sc.Consumer.Group.CommitAfterBatch {
			m.commit(s, m.parts, commitApp, now)
		}
	}
}

// fetch fills m.batch with the records appended by now, from the positions
// of the assigned partitions. It returns when the next record not yet
// appended will be (never if none is in the log yet).
func (m *member) fetch(s *Sim, now int64) (next int64) {
	m.batch, m.batchNext = m.batch[:0], 0
	if now < m.quietUntil {
		return m.quietNext
	}
	next = never
	full := false
	limit := s.sc.Consumer.MaxPollRecords
	n := len(m.parts)
	for i, pi := 0, m.fetchFrom; i < n; i++ {
		p := m.parts[pi]
		if pi++; pi == n {
			pi = 0
		}
		l := &s.logs[p]
		from := l.position
		o := from
		arrived := int64(-1) // one past the last record appended by now, once known
		mask := int64(len(l.ring) - 1)
		for end := l.end; o < end; o++ {
			if o == l.mEnd {
				s.materialize(p, o) // forked: the back stream sends it again
				mask = int64(len(l.ring) - 1)
			}
			e := &l.ring[o&mask]
			if e.appended > now {
				next = min(next, e.appended)
				arrived = o
				break
			}
			if len(m.batch) == limit {
				full = true
				break
			}
			// Field by field into the slice: a record literal would be built
			// on the stack and copied with wide loads the CPU cannot forward
			// from the narrow stores just made, a stall on every record.
			if len(m.batch) == cap(m.batch) {
				m.batch = append(m.batch, record{})[:len(m.batch)]
			}
			m.batch = m.batch[:len(m.batch)+1]
			r := &m.batch[len(m.batch)-1]
			r.seq, r.appended, r.offset, r.keyID, r.partition, r.keyKind = e.seq, e.appended, o, e.keyID, p, e.keyKind
		}
		if o > from {
			if o == l.end {
				arrived = o
			}
			if arrived < 0 {
				arrived = l.appendedBy(now)
			}
			s.metrics.noteLagIn(s.metrics.bucketOf(now), int(p), arrived-l.done)
			l.position = o
			// Kafka's fetcher moves a partition it returned records from to the
			// back of the line, so the next poll starts with the others.
			m.fetchFrom = pi
		}
		if full {
			break // what the other partitions hold does not matter to a full batch
		}
	}
	m.quietUntil, m.quietNext = 0, never
	if !full && len(m.batch) > 0 {
		// All that had arrived was taken; the next arrival is next, unless
		// the sender, which has written everything before sentUntil, adds
		// records later than that.
		m.quietUntil, m.quietNext = min(next, s.sentUntil), next
	}
	return next
}

// fetchOffsets is fetch for a member whose listener hands every record to
// a thread pool: the same records, from the same partitions in the same
// order, but handed to the pool as offsets (executor.submitOffsets) as they
// are found, without reading them; the pool reads each when a thread takes
// it. It returns when the next record not yet appended will be, and how
// many records it handed over.
func (m *member) fetchOffsets(s *Sim, now int64) (next int64, got int) {
	m.batch, m.batchNext = m.batch[:0], 0
	if now < m.quietUntil {
		return m.quietNext, 0
	}
	next = never
	full := false
	limit := s.sc.Consumer.MaxPollRecords
	n := len(m.parts)
	for i, pi := 0, m.fetchFrom; i < n; i++ {
		p := m.parts[pi]
		if pi++; pi == n {
			pi = 0
		}
		l := &s.logs[p]
		from := l.position
		// As fetch's loop, reading append times only.
		o, room := from, int64(limit-got)
		arrived := int64(-1)
		for end := l.end; o < end; o++ {
			if at := l.appendedAt(o); at > now {
				next = min(next, at)
				arrived = o
				break
			}
			if o-from == room {
				full = true
				break
			}
		}
		if arrived < 0 {
			if arrived = o; full {
				arrived = l.appendedBy(now)
			}
		}
		k := o - from
		if k > 0 {
			m.exec.submitOffsets(s, p, from, from+k)
			got += int(k)
			s.metrics.noteLagIn(s.metrics.bucketOf(now), int(p), arrived-l.done)
			l.position = from + k
			m.fetchFrom = pi
		}
		if full {
			break
		}
	}
	m.quietUntil, m.quietNext = 0, never
	if !full && got > 0 {
		m.quietUntil, m.quietNext = min(next, s.sentUntil), next
	}
	return next, got
}

// canPollAhead says whether the poll a waiting member will make at t, when
// its next record arrives, can be made now: nothing else can happen to it
// in between. The sender has written everything before t, no control event
// (a rebalance, a time-out check, a crash) comes first, the retry topic's
// consumer has nothing that could complete before it, the group has no
// business with it, and it processes alone (an executor's threads finish
// on their own schedule). Then the poll at t is a pure function of what is
// already known, and making it now saves a step per record.
func (m *member) canPollAhead(s *Sim, t int64) bool {
	if m.exec != nil || !m.up || m.frozenTill > s.now || t >= s.sentUntil || !m.quiet() {
		return false
	}
	if rt := s.retry; rt != nil && (rt.state != wIdle || rt.head < len(rt.queue)) {
		// The retry topic's consumer may complete a record of one of m's
		// partitions before t: the lag the fetch notes must count it.
		return false
	}
	if len(s.control.items) > 0 && s.control.items[0].at <= t {
		return false
	}
	g := &s.group
	return !(g.kip848 && g.rebalance != nil) && (g.kip848 || g.stable())
}
