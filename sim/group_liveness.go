package sim

import (
	"fmt"
	"slices"
)

// Liveness: heartbeats come from a background thread every
// heartbeat.interval.ms while the process runs and is not frozen; the
// coordinator removes a member after session.timeout.ms without one. The
// poll loop is watched separately: a member that does not call poll()
// within max.poll.interval.ms leaves the group.

// armPollCheck schedules the check of a member's poll deadline, at the
// heartbeat thread's first wake-up after it.
func (s *Sim) armPollCheck(m *member) {
	g := &s.group
	s.at(m.nextHeartbeat(m.lastPoll+g.pollNs, g.hbNs), ctlPollCheck, int(m.idx))
}

// pollCheck is the heartbeat thread finding poll() overdue. A dynamic
// member sends LeaveGroup and the group rebalances at once; a static one
// stops heartbeating and is removed only when its session times out. The
// member learns it is out at its next poll.
func (s *Sim) pollCheck(m *member) {
	g := &s.group
	if !m.up || !m.inGroup {
		return
	}
	if s.now < m.lastPoll+g.pollNs || !m.alive(s.now) {
		if m.alive(s.now) {
			s.armPollCheck(m)
		}
		return
	}
	g.res.KickedOut++
	m.kicked = true
	why := fmt.Sprintf("poll() not called for %.0f s: max.poll.interval.ms exceeded", nsToS(s.now-m.lastPoll))
	if m.instanceID == "" {
		s.removeMember(m, why+"; sent LeaveGroup")
		return
	}
	s.groupEvent(m.idx, "poll timeout", why+"; static member: no LeaveGroup, heartbeats stop")
	m.lastHB = s.now
	s.at(s.now+g.sessionNs, ctlSessionCheck, int(m.idx))
}

// stopHeartbeats is a crash or a freeze: the coordinator will remove the
// member when its session times out, unless it is back by then.
func (s *Sim) stopHeartbeats(m *member) {
	g := &s.group
	m.lastHB = m.lastHeartbeat(s.now, g.hbNs)
	s.at(m.lastHB+g.sessionNs, ctlSessionCheck, int(m.idx))
}

// sessionCheck removes a member that sent no heartbeat for session.timeout.ms.
func (s *Sim) sessionCheck(m *member) {
	if !m.inGroup {
		return
	}
	beating := m.alive(s.now) && !m.kicked
	if beating || s.now < m.lastHB+s.group.sessionNs {
		return
	}
	s.removeMember(m, fmt.Sprintf("no heartbeat for %.0f s: session.timeout.ms expired", nsToS(s.now-m.lastHB)))
}

// crashInstance kills an instance: no LeaveGroup, no commit, work in
// flight gone. Its partitions wait for the session time-out.
func (s *Sim) crashInstance(i int) {
	for _, m := range s.instanceMembers(i) {
		if !m.up {
			continue
		}
		s.groupEvent(m.idx, "crashed", "the process died: no LeaveGroup, no commit")
		m.up = false
		s.abandonWork(m)
		if m.inGroup {
			s.stopHeartbeats(m)
		}
	}
}

// abandonWork drops what a dying member held in memory. A record whose
// offset was already committed is never processed again: lost. The others
// will be fetched again by the partition's next owner.
func (s *Sim) abandonWork(m *member) {
	drop := func(r *record) {
		if r.offset < s.committed[r.partition] {
			s.loseRecord(r)
		}
	}
	if m.state == wProcessing || m.state == wBackoff {
		drop(&m.cur)
	}
	for i := m.bi; i < len(m.batch); i++ {
		drop(&m.batch[i])
	}
	m.batch, m.bi = m.batch[:0], 0
	m.state = wIdle
	s.sched.set(m.actor, never)
	if m.exec != nil {
		m.exec.abandon(s, drop)
	}
}

// shutdownInstance is a clean shutdown: each member finishes its batch,
// commits on close, and a dynamic member sends LeaveGroup.
func (s *Sim) shutdownInstance(i int) {
	for _, m := range s.instanceMembers(i) {
		if m.up && !m.stopping {
			m.stopping = true
			m.wakeAt(s, s.now)
		}
	}
}

// close is the member's consumer.close() at its poll: the application's
// own commit after its last batch, or close()'s auto-commit, or a commit in
// onPartitionsRevoked, which close() calls too.
func (s *Sim) close(m *member) {
	m.stopping = false
	if k := &s.sc.Consumer; k.EnableAutoCommit || k.CommitAfterBatch || k.CommitOnRevoke {
		s.commit(m, m.parts)
	}
	m.up = false
	m.state = wIdle
	s.sched.set(m.actor, never)
	if !m.inGroup {
		return
	}
	if m.instanceID == "" || m.kicked {
		s.removeMember(m, "shut down: sent LeaveGroup")
		return
	}
	s.groupEvent(m.idx, "shut down", "static member: no LeaveGroup; its partitions wait for it or for session.timeout.ms")
	s.stopHeartbeats(m)
}

// holderOf is the group member holding a group.instance.id, if any.
func (s *Sim) holderOf(instanceID string) *member {
	for _, m := range s.members {
		if m.inGroup && m.instanceID == instanceID {
			return m
		}
	}
	return nil
}

// staticRejoin is a JoinGroup with a group.instance.id the group knows: the
// coordinator swaps in the new member id and, when the group is stable,
// returns the current assignment without a rebalance. If the old holder is
// another process that is still alive, it is fenced (FencedInstanceId).
// It reports whether the member has its partitions back at once.
func (s *Sim) staticRejoin(old, m *member) bool {
	g := &s.group
	parts := slices.Clone(old.parts)
	g.order.Remove(old.id)
	delete(g.byID, old.id)
	asg, hadAsg := g.lastAssign[old.id]
	delete(g.lastAssign, old.id)
	target, hadTarget := g.target[old.idx]
	if old != m {
		old.setParts(s, nil)
		old.inGroup, old.fenced = false, true
		g.res.Fenced++
		s.groupEvent(old.idx, "FencedInstanceIdException",
			fmt.Sprintf("another consumer joined with its group.instance.id %q; this one must stop", old.instanceID))
	}
	m.newMemberID(s)
	m.inGroup, m.kicked, m.needsNewID, m.gen = true, false, false, old.gen
	g.order.Add(m.id)
	g.byID[m.id] = m.idx
	if hadAsg {
		g.lastAssign[m.id] = asg
	}
	if hadTarget && old != m {
		delete(g.target, old.idx)
		g.target[m.idx] = target
	}
	if g.state == cgPreparing && !g.kip848 {
		return false // it joins the rebalance in progress under its new id
	}
	m.parts = nil
	m.setParts(s, parts) // a new process: positions from the committed offsets
	s.groupEvent(m.idx, "static rejoin", "the same group.instance.id is back within session.timeout.ms: same partitions, no rebalance")
	return true
}

// freezeInstance is a stop-the-world GC pause: no processing, no heartbeats.
func (s *Sim) freezeInstance(i int, d int64) {
	for _, m := range s.instanceMembers(i) {
		if !m.up {
			continue
		}
		m.frozenTill = s.now + d
		s.shift(&m.worker, d)
		if m.exec != nil {
			for _, w := range m.exec.threads {
				s.shift(w, d)
			}
		}
		if m.inGroup {
			s.stopHeartbeats(m)
		}
		s.at(m.frozenTill, ctlUnfreeze, int(m.idx))
	}
}

// shift delays a thread's next step by d (a frozen process makes no progress).
func (s *Sim) shift(w *worker, d int64) {
	if t := s.sched.when(w.actor); t != never {
		s.sched.set(w.actor, t+d)
	}
}

// unfreeze resumes a member after a GC pause. If it was removed meanwhile
// it finds out at its next heartbeat and rejoins at its next poll.
func (s *Sim) unfreeze(m *member) {
	g := &s.group
	if !m.up || s.now < m.frozenTill {
		return
	}
	if !m.inGroup && !m.kicked && m.joins > 0 {
		m.kicked = true
		s.groupEvent(m.idx, "resumed", "after the pause it is no longer in the group (UNKNOWN_MEMBER_ID)")
	}
	if m.inGroup && g.state == cgPreparing && !m.joined {
		s.at(m.nextHeartbeat(s.now, g.hbNs), ctlDiscover, int(m.idx))
	}
	m.wakeAt(s, s.now)
}
