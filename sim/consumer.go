package sim

// member is one consumer thread: a KafkaConsumer in the group with its poll
// loop. In sequential mode it processes what it polls itself; in the pool
// modes its listener hands each record to an executor and polls again.
type member struct {
	worker
	idx      int32
	instance int
	threadNo int
	parts    []int32 // assigned partitions, ascending
	rr       int     // where the next fetch starts, for fairness
	batch    []record
	bi       int
	exec     *executor // nil in sequential mode

	lastCommit int64
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

func (m *member) run(s *Sim) {
	switch m.state {
	case wProcessing:
		if !m.finish(s) {
			return // blocking retry: back off
		}
	case wBackoff:
		m.start(s, &m.cur)
		return
	}
	if m.bi < len(m.batch) {
		m.bi++
		m.start(s, &m.batch[m.bi-1])
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
		s.close(m)
		return
	}
	m.lastPoll = s.now
	if m.kicked {
		// Out of the group since a time-out; its commit fails and it rejoins.
		if s.commitDue(m) {
			s.commit(m, m.parts)
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
		if s.commitDue(m) {
			s.commit(m, m.parts)
		}
		m.stale = false
	}
	if m.hasPending {
		s.applyPending(m)
	}
	// No periodic commit while the member takes part in a rebalance.
	if m.inGroup && !m.joined && !m.hasPending && s.commitDue(m) {
		s.commit(m, m.parts)
	}
	if m.rejoin {
		var fetching bool
		if s.group.kip848 {
			fetching = s.consumerJoin(m)
		} else {
			fetching = s.joinGroup(m)
		}
		if !fetching {
			m.state = wIdle
			s.sched.set(m.actor, never)
			return
		}
	}
	g := &s.sc.Consumer.Group
	for {
		next := m.fetch(s)
		if len(m.batch) == 0 {
			// Nothing has arrived yet; the sender may already have appended
			// records for later, so wait for the first of them.
			m.state = wIdle
			if next < never {
				m.state = wPolling
			}
			s.sched.set(m.actor, next)
			return
		}
		if m.exec == nil {
			m.bi = 1
			m.start(s, &m.batch[0])
			return
		}
		// The listener hands every record to the executor and polls again
		// at once; the executor's queue is unbounded.
		for _, r := range m.batch {
			m.exec.submit(s, r)
		}
		if g.CommitAfterBatch {
			s.commit(m, m.parts)
		}
	}
}

// fetch fills m.batch with the records appended by now, from the positions
// of the assigned partitions. It returns when the next record not yet
// appended will be (never if none is in the log yet).
func (m *member) fetch(s *Sim) (next int64) {
	m.batch, m.bi = m.batch[:0], 0
	if s.now < m.quietUntil {
		return m.quietNext
	}
	next = never
	full := false
	limit := s.sc.Consumer.MaxPollRecords
	now := s.now
	n := len(m.parts)
	first := m.rr
	for i, pi := 0, first; i < n; i, pi = i+1, pi+1 {
		if pi == n {
			pi = 0
		}
		p := m.parts[pi]
		l := &s.logs[p]
		o := s.position[p]
		arrived := int64(-1) // one past the last record appended by now, once known
		mask := int64(len(l.ring) - 1)
		for ; o < l.end; o++ {
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
			m.batch = append(m.batch, record{g: e.g, appended: e.appended, offset: o, keyID: e.keyID, partition: p, keyKind: e.keyKind})
		}
		if o > s.position[p] {
			if o == l.end {
				arrived = o
			}
			if arrived < 0 {
				arrived = l.appendedBy(s.now)
			}
			s.metrics.noteLag(int(p), arrived-l.done)
			s.position[p] = o
			// Kafka's fetcher moves a partition it returned records from to the
			// back of the line, so the next poll starts with the others.
			m.rr = (first + i + 1) % n
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
