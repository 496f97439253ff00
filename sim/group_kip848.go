package sim

import (
	"fmt"
	"slices"

	"partitionlab/sim/coordinator"
)

// kip848HeartbeatNs is the broker's group.consumer.heartbeat.interval.ms:
// under the consumer protocol the broker, not the client, sets it.
const kip848HeartbeatNs = 5_000_000_000

// The consumer protocol (KIP-848), from the engine's side. The coordinator
// (coordinator.Consumer) keeps a target assignment, recomputed by the
// server-side uniform assignor whenever the membership or the partition
// count changes. Each member learns its target in heartbeat responses,
// revokes what it must give up at its next poll (committing first) and
// acknowledges at once with a heartbeat; a partition is handed to its new
// owner at that member's next heartbeat after the old owner released it.
// Members keep processing what does not move: there is no barrier.

// startConsumerGroup is a KIP-848 group already running at the start.
func (s *Sim) startConsumerGroup() {
	g := &s.group
	var joins []coordinator.ConsumerGroupHeartbeat
	var up []*member
	for _, m := range s.members {
		if m.up {
			joins = append(joins, coordinator.ConsumerGroupHeartbeat{InstanceID: m.instanceID, ClientID: s.threadNames[m.thread]})
			up = append(up, m)
		}
	}
	ids := g.consumer.Start(joins)
	for i, m := range up {
		m.admitted(s, ids[i])
		m.rejoin = false
	}
	g.rebalance = quietRebalance()
	s.retargeted("the group was already running")
	for _, m := range up {
		cm := g.consumer.Member(m.id)
		m.gen = cm.Epoch
		m.setParts(s, cm.Target)
	}
	s.maybeReconciled()
}

// consumerJoin is a member's first heartbeat (epoch 0): it joins, the
// target is recomputed, and it keeps fetching whatever it holds. A static
// member takes back its place if its previous holder left with epoch -2;
// if that one has not (a crash), it is refused: UNRELEASED_INSTANCE_ID.
func (m *member) consumerJoin(s *Sim) bool {
	g := &s.group
	m.rejoin = false
	if m.inGroup && !m.needsNewID {
		// A fenced member rejoins with epoch 0 and its member id, and
		// starts on what the answer gives it in this same poll.
		m.heartbeat848(s)
		if m.hasPending {
			m.applyPending(s)
		}
		return true
	}
	if m.inGroup && m.instanceID == "" {
		m.leaveGhost(s) // a restarted process: its old member id waits for its session to expire
	}
	r := g.consumer.Step(coordinator.ConsumerGroupHeartbeat{InstanceID: m.instanceID, ClientID: s.threadNames[m.thread],
		MemberEpoch: coordinator.JoinEpoch})
	if r.Err == coordinator.UnreleasedInstanceID {
		m.up = false
		s.sched.set(m.actor, never)
		g.res.Refused++
		s.groupEvent(m.idx, "UnreleasedInstanceIdException", "a member that has not left still holds group.instance.id "+m.instanceID)
		return false
	}
	if r.Replaced != "" {
		delete(g.byID, r.Replaced)
		m.admitted(s, r.MemberID)
		m.gen = r.MemberEpoch
		m.parts = nil
		m.setParts(s, r.Assignment) // a new process: positions from the committed offsets
		s.groupEvent(m.idx, "static rejoin", "the same group.instance.id is back within the session time-out: same partitions, no new epoch")
		return true
	}
	m.admitted(s, r.MemberID)
	if r.Retargeted {
		s.retargeted(s.threadNames[m.thread] + " joined")
	}
	m.applyHeartbeat(s, r, coordinator.JoinEpoch, false)
	return true
}

// retargeted applies a new target assignment: a new group epoch.
func (s *Sim) retargeted(cause string) {
	g := &s.group
	if g.rebalance == nil {
		g.rebalance = &rebalanceRun{start: s.now, before: map[int32][]int32{}}
		for _, m := range s.members {
			if len(m.parts) > 0 {
				g.rebalance.before[m.idx] = slices.Clone(m.parts)
			}
		}
	}
	if !slices.Contains(g.rebalance.causes, cause) {
		g.rebalance.causes = append(g.rebalance.causes, cause)
	}
	g.generation = g.consumer.Epoch()
	g.lastAssign = g.consumer.Assignment()
	for _, cm := range g.consumer.Members() {
		m := s.memberOf(cm.ID)
		if m != nil && m.hasTargetNews(cm) && m.alive(s.now) {
			s.at(m.nextHeartbeat(s.now, g.hbNs), ctlHeartbeat, int(m.idx))
		}
	}
	s.maybeReconciled()
}

// hasTargetNews says the member's next heartbeat has something to tell it:
// its partitions, or what the coordinator last gave it, are not its target.
func (m *member) hasTargetNews(cm *coordinator.ConsumerMember) bool {
	return !slices.Equal(m.parts, cm.Target) || !slices.Equal(cm.Assigned, cm.Target)
}

// heartbeat848 is a member's heartbeat under the consumer protocol: it
// reports what it owns; the response carries what it may hold now.
func (m *member) heartbeat848(s *Sim) {
	if !m.inGroup || !m.alive(s.now) {
		return
	}
	sent := m.gen
	r := s.group.consumer.Step(coordinator.ConsumerGroupHeartbeat{MemberID: m.id, InstanceID: m.instanceID, MemberEpoch: sent, Owned: m.parts})
	m.applyHeartbeat(s, r, sent, false)
}

// applyHeartbeat is the member's side of a heartbeat response
// (ConsumerMembershipManager.onHeartbeatSuccess): the member epoch is the
// response's, and the assignment in it replaces any older one the member
// has not applied yet. FENCED_MEMBER_EPOCH fences it. An acknowledgement's
// response schedules no further heartbeat: the one it follows did.
func (m *member) applyHeartbeat(s *Sim, r coordinator.ConsumerResponse, sent int32, ack bool) {
	g := &s.group
	if r.Err == coordinator.FencedMemberEpoch {
		m.fencedEpoch(s, sent)
		return
	}
	if r.Err != coordinator.None {
		return
	}
	m.gen = r.MemberEpoch
	if !slices.Equal(r.Assignment, m.parts) {
		m.pending, m.hasPending = r.Assignment, true
		m.wakeAt(s, s.now)
	} else {
		m.pending, m.hasPending = nil, false
	}
	if r.Waiting && !ack {
		s.at(m.nextHeartbeat(s.now+1, g.hbNs), ctlHeartbeat, int(m.idx))
	}
}

// acknowledge is a member's heartbeat right after it reconciled: the
// partitions it released are free for their new owners.
func (m *member) acknowledge(s *Sim) {
	sent := m.gen
	r := s.group.consumer.Step(coordinator.ConsumerGroupHeartbeat{MemberID: m.id, InstanceID: m.instanceID, MemberEpoch: sent, Owned: m.parts})
	m.applyHeartbeat(s, r, sent, true)
}

// fencedEpoch is a heartbeat answered FENCED_MEMBER_EPOCH
// (ConsumerMembershipManager.transitionToFenced): the member gives up its
// partitions without committing (onPartitionsLost) and rejoins with epoch
// 0 and the same member id at its next poll.
func (m *member) fencedEpoch(s *Sim, sent int32) {
	held := slices.Clone(m.parts)
	s.groupEvent(m.idx, "FencedMemberEpochException", fmt.Sprintf("FENCED_MEMBER_EPOCH: its heartbeat carried member "+
		"epoch %d, which the coordinator no longer accepts; it loses partitions %v without committing and rejoins with epoch 0",
		sent, held))
	for _, p := range held {
		s.revokedAt[p] = s.now
	}
	m.dropQueued(s, held)
	m.setParts(s, nil)
	m.pending, m.hasPending = nil, false
	m.gen, m.rejoin = coordinator.JoinEpoch, true
	m.wakeAt(s, s.now)
}

// leave848 removes a member from the consumer group (LeaveGroup epoch -1,
// or its session expiring).
func (m *member) leave848(s *Sim, why string) {
	g := &s.group
	id := m.id
	m.memberRemoved(s, id, s.threadNames[m.thread]+" "+why)
	g.consumer.Expire(id, why)
	s.retargeted(s.threadNames[m.thread] + " " + why)
}

// maybeReconciled closes the epoch once every member holds its target.
func (s *Sim) maybeReconciled() {
	g := &s.group
	if g.rebalance == nil {
		return
	}
	for _, cm := range g.consumer.Members() {
		if m := s.memberOf(cm.ID); m != nil && !slices.Equal(m.parts, cm.Target) {
			return
		}
	}
	s.recordRebalance(g.rebalance, g.lastAssign, "uniform")
	g.rebalance = nil
}

// memberOf is the member a member id belongs to now; nil for an id whose
// process is gone (a ghost) or that is unknown.
func (c *consumers) memberOf(id string) *member {
	idx, ok := c.group.byID[id]
	if !ok || c.members[idx].id != id {
		return nil
	}
	return c.members[idx]
}

// sessionSetting names the setting whose time-out removes a silent member.
func (c *consumers) sessionSetting() string {
	if c.group.kip848 {
		return "group.consumer.session.timeout.ms"
	}
	return "session.timeout.ms"
}
