package sim

import (
	"fmt"
	"slices"

	"partitionlab/sim/assignor"
)

// kip848HeartbeatNs is the broker's group.consumer.heartbeat.interval.ms:
// under the consumer protocol the broker, not the client, sets it.
const kip848HeartbeatNs = 5_000_000_000

// The consumer protocol (KIP-848). The coordinator keeps a target
// assignment, recomputed by the server-side uniform assignor whenever the
// membership or the partition count changes. Each member learns its target
// in heartbeat responses, revokes what it must give up at its next poll
// (committing first) and acknowledges at once; a partition is handed to its
// new owner at that member's next heartbeat after the old owner released
// it. Members keep processing what does not move: there is no barrier.

// consumerJoin is a member's first heartbeat (epoch 0): it joins, the
// target is recomputed, and it keeps fetching whatever it holds.
func (s *Sim) consumerJoin(m *member) bool {
	g := &s.group
	m.rejoin = false
	if m.instanceID != "" {
		if old := s.holderOf(m.instanceID); old != nil && (old != m || m.needsNewID) {
			if old != m && old.alive(s.now) {
				// Unlike the classic protocol, the newcomer loses.
				m.up = false
				s.group.res.Refused++
				s.groupEvent(m.idx, "UnreleasedInstanceIdException",
					"a live member already holds group.instance.id "+m.instanceID)
				return false
			}
			s.staticRejoin848(old, m)
			s.heartbeat848(m)
			return true
		}
	}
	if !m.inGroup {
		m.id = s.newMemberID(m.clientID(s))
		m.joins++
		m.inGroup = true
		g.order.Add(m.id)
		g.byID[m.id] = m.idx
		s.retarget(s.threadNames[m.thread] + " joined")
	}
	s.heartbeat848(m)
	return true
}

// retarget computes a new target assignment: a new group epoch.
func (s *Sim) retarget(cause string) {
	g := &s.group
	if g.target == nil {
		g.target = map[int32][]int32{}
	}
	ids := g.order.MemberIDs()
	var members []assignor.Member
	for _, id := range ids {
		m := s.members[g.byID[id]]
		members = append(members, assignor.Member{MemberID: id, InstanceID: m.instanceID, Topics: []string{topicName},
			Owned: toTPs(g.target[m.idx]), Generation: g.generation})
	}
	for idx := range g.target {
		if !s.members[idx].inGroup {
			delete(g.target, idx)
		}
	}
	if g.rb == nil {
		g.rb = &rebalanceRun{start: s.now, before: map[int32][]int32{}}
		for _, m := range s.members {
			if len(m.parts) > 0 {
				g.rb.before[m.idx] = slices.Clone(m.parts)
			}
		}
	}
	if !slices.Contains(g.rb.causes, cause) {
		g.rb.causes = append(g.rb.causes, cause)
	}
	g.generation++
	asg, err := assignor.Uniform{}.Assign(map[string]int32{topicName: g.n}, members)
	if err != nil {
		s.groupEvent(-1, "assignment failed", err.Error())
		return
	}
	g.lastAssign = asg
	for _, id := range ids {
		m := s.members[g.byID[id]]
		g.target[m.idx] = fromTPs(asg[id])
		if !slices.Equal(m.parts, g.target[m.idx]) && m.alive(s.now) {
			s.at(m.nextHeartbeat(s.now, g.hbNs), ctlHeartbeat, int(m.idx))
		}
	}
	s.maybeReconciled()
}

// heartbeat848 is a member's heartbeat under the consumer protocol: the
// response carries the part of its target it may hold now.
func (s *Sim) heartbeat848(m *member) {
	g := &s.group
	if !m.inGroup || !m.alive(s.now) {
		return
	}
	target := g.target[m.idx]
	var allowed []int32
	waiting := false
	for _, p := range target {
		if o := s.owner[p]; o == -1 || o == m.idx {
			allowed = append(allowed, p)
		} else {
			waiting = true // still held by its previous owner
		}
	}
	if !slices.Equal(allowed, m.parts) {
		m.pending, m.hasPending = allowed, true
		m.gen = g.generation
		m.wakeAt(s, s.now)
	}
	if waiting {
		s.at(m.nextHeartbeat(s.now+1, g.hbNs), ctlHeartbeat, int(m.idx))
	}
}

// maybeReconciled closes the epoch once every member holds its target.
func (s *Sim) maybeReconciled() {
	g := &s.group
	if g.rb == nil {
		return
	}
	for idx, t := range g.target {
		if !slices.Equal(s.members[idx].parts, t) {
			return
		}
	}
	s.recordRebalance(g.rb, g.lastAssign, "uniform")
	g.rb = nil
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

// staticRejoin848 is a static member's first heartbeat with a
// group.instance.id the group knows, its previous holder gone: it takes
// over the member's place and target without a new group epoch.
func (s *Sim) staticRejoin848(old, m *member) {
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
	m.id = s.newMemberID(m.clientID(s))
	m.joins++
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
	m.parts = nil
	m.setParts(s, parts) // a new process: positions from the committed offsets
	s.groupEvent(m.idx, "static rejoin", "the same group.instance.id is back within the session time-out: same partitions, no rebalance")
}

func toTPs(parts []int32) []assignor.TopicPartition {
	out := make([]assignor.TopicPartition, len(parts))
	for i, p := range parts {
		out[i] = assignor.TopicPartition{Topic: topicName, Partition: p}
	}
	return out
}

func fromTPs(tps []assignor.TopicPartition) []int32 {
	out := make([]int32, len(tps))
	for i, tp := range tps {
		out[i] = tp.Partition
	}
	return out
}

// sessionSetting names the setting whose time-out removes a silent member.
func (s *Sim) sessionSetting() string {
	if s.group.kip848 {
		return "group.consumer.session.timeout.ms"
	}
	return "session.timeout.ms"
}
