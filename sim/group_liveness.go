package sim

import (
	"fmt"

	"partitionlab/sim/coordinator"
)

// Liveness: heartbeats come from a background thread every
// heartbeat.interval.ms while the process runs and is not frozen; the
// coordinator removes a member after session.timeout.ms without one. The
// poll loop is watched separately: a member that does not call poll()
// within max.poll.interval.ms leaves the group.

// retryBackoffNs is retry.backoff.ms (100 ms): between heartbeats the
// heartbeat thread wakes this often, and checks the poll deadline each time
// (AbstractCoordinator.HeartbeatThread).
const retryBackoffNs = 100_000_000

// armPollCheck schedules the check of a member's poll deadline, at the
// heartbeat thread's first wake-up after it.
func (m *member) armPollCheck(s *Sim) {
	s.at(m.nextHeartbeat(m.lastPoll+s.group.pollNs, retryBackoffNs), ctlPollCheck, int(m.idx))
}

// pollCheck is the heartbeat thread finding poll() overdue. A dynamic
// member sends LeaveGroup and the group rebalances at once; a static one
// stops heartbeating and is removed only when its session times out. The
// member learns it is out at its next poll.
func (m *member) pollCheck(s *Sim) {
	g := &s.group
	if !m.up || !m.inGroup {
		return
	}
	waiting := m.state == wIdle || m.state == wPolling
	if m.alive(s.now) && ((m.joined && m.state == wIdle) || (m.exec == nil && waiting)) {
		// Waiting for its JoinGroup to complete, or with no record to
		// process, the application is inside poll(), which returns empty
		// and is called again: every call resets the poll timer
		// (KafkaConsumer.poll -> ConsumerCoordinator.poll ->
		// AbstractCoordinator.pollHeartbeat -> Heartbeat.poll), so an idle
		// consumer never exceeds max.poll.interval.ms.
		m.lastPoll = s.now
	}
	if s.now < m.lastPoll+g.pollNs || !m.alive(s.now) {
		if m.alive(s.now) {
			m.armPollCheck(s)
		}
		return
	}
	g.res.KickedOut++
	m.kicked = true
	why := fmt.Sprintf("poll() not called for %.0f s: max.poll.interval.ms exceeded", nsToS(s.now-m.lastPoll))
	if m.instanceID == "" {
		m.leaveGroup(s, why+"; sent LeaveGroup")
		return
	}
	s.groupEvent(m.idx, "poll timeout", why+"; static member: no LeaveGroup, heartbeats stop")
	m.lastHB = s.now
	s.at(s.now+g.sessionNs, ctlSessionCheck, int(m.idx))
}

// stopHeartbeats is a crash or a freeze: the coordinator will remove the
// member when its session times out, unless it is back by then.
func (m *member) stopHeartbeats(s *Sim) {
	g := &s.group
	m.lastHB = m.lastHeartbeat(s.now, g.hbNs)
	s.at(m.lastHB+g.sessionNs, ctlSessionCheck, int(m.idx))
}

// sessionCheck removes a member that sent no heartbeat for session.timeout.ms.
func (m *member) sessionCheck(s *Sim) {
	if m.expireGhost(s) {
		return
	}
	if !m.inGroup {
		return
	}
	beating := m.alive(s.now) && !m.kicked
	if beating || s.now < m.lastHB+s.group.sessionNs {
		return
	}
	if m.up && !m.kicked {
		// The process is alive (a GC pause froze it): the group throws
		// out a member that will try to go on, which is a kick-out; a
		// crashed or closed process is only removed.
		s.group.res.KickedOut++
	}
	m.expireSession(s, fmt.Sprintf("no heartbeat for %.0f s: %s expired", nsToS(s.now-m.lastHB), s.sessionSetting()))
}

// crashInstance kills an instance: no LeaveGroup, no commit, work in
// flight gone. Its partitions wait for the session time-out.
func (s *Sim) crashInstance(i int) {
	for _, m := range s.instanceMembers(i) {
		if !m.up {
			continue
		}
		if s.share != nil {
			s.shareCrash(m)
			continue
		}
		s.groupEvent(m.idx, "crashed", "the process died: no LeaveGroup, no commit")
		m.up = false
		m.abandonWork(s)
		if m.inGroup {
			m.stopHeartbeats(s)
		}
	}
}

// abandonWork drops what a dying member held in memory. A record whose
// offset was already committed is never processed again: lost. The others
// will be fetched again by the partition's next owner.
func (m *member) abandonWork(s *Sim) {
	drop := func(r *record) {
		if r.offset < s.committed[r.partition] {
			s.loseRecord(r)
		}
	}
	if m.state == wProcessing || m.state == wBackoff {
		drop(&m.cur)
	}
	for i := m.batchNext; i < len(m.batch); i++ {
		drop(&m.batch[i])
	}
	m.batch, m.batchNext = m.batch[:0], 0
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
func (m *member) close(s *Sim) {
	m.stopping = false
	if k := &s.sc.Consumer; k.EnableAutoCommit || k.CommitAfterBatch || k.CommitOnRevoke {
		m.commit(s, m.parts, commitClose, s.now)
	}
	m.up = false
	m.state = wIdle
	s.sched.set(m.actor, never)
	if !m.inGroup {
		return
	}
	if m.instanceID == "" || m.kicked {
		m.leaveGroup(s, "shut down: sent LeaveGroup")
		return
	}
	if s.group.kip848 {
		// A static member leaves with epoch -2: its place waits for it.
		s.group.consumer.Step(coordinator.ConsumerGroupHeartbeat{MemberID: m.id, InstanceID: m.instanceID, MemberEpoch: coordinator.StaticLeaveEpoch})
	}
	s.groupEvent(m.idx, "shut down", "static member: no LeaveGroup; its partitions wait for it or for "+s.sessionSetting())
	m.stopHeartbeats(s)
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
		if m.inGroup && s.share == nil {
			m.stopHeartbeats(s)
		}
		s.at(m.frozenTill, ctlUnfreeze, int(m.idx))
	}
}

// shift delays a thread's next step by d (a frozen process makes no progress).
func (c *clock) shift(w *worker, d int64) {
	if t := c.sched.when(w.actor); t != never {
		c.sched.set(w.actor, t+d)
	}
}

// unfreeze resumes a member after a GC pause. If it was removed meanwhile
// it finds out at its next heartbeat and rejoins at its next poll.
func (m *member) unfreeze(s *Sim) {
	g := &s.group
	if !m.up || s.now < m.frozenTill || s.share != nil {
		return
	}
	if !m.inGroup && !m.kicked && m.joins > 0 {
		m.kicked = true
		s.groupEvent(m.idx, "resumed", "after the pause it is no longer in the group (UNKNOWN_MEMBER_ID)")
	}
	if m.inGroup && !g.kip848 && g.classic.State() == coordinator.PreparingRebalance && !m.joined {
		s.at(m.nextHeartbeat(s.now, g.hbNs), ctlDiscover, int(m.idx))
	}
	if cm := g.consumer.Member(m.id); m.inGroup && g.kip848 && cm != nil && m.hasTargetNews(cm) {
		// The heartbeats it missed while frozen had news for it.
		s.at(m.nextHeartbeat(s.now, g.hbNs), ctlHeartbeat, int(m.idx))
	}
	m.wakeAt(s, s.now)
}
