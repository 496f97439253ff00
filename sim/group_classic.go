package sim

import (
	"fmt"
	"slices"
	"strings"

	"partitionlab/sim/assignor"
)

// rebalanceRun is a classic rebalance in progress.
type rebalanceRun struct {
	seq       int
	start     int64
	causes    []string
	deadline  int64
	firstStop int64             // when the first member revoked everything (eager)
	stopped   map[int32]int64   // eager members: when each revoked everything
	before    map[int32][]int32 // each member's partitions when it began
	quiet     bool              // the start of a group that was already running: not reported
}

// prepareRebalance starts a rebalance (or adds a cause to the one in
// progress). Members learn of it through their next heartbeat and rejoin
// at their next poll; those that have not rejoined when the rebalance
// timeout (the largest max.poll.interval.ms) expires are removed.
func (s *Sim) prepareRebalance(cause string) {
	g := &s.group
	if g.state == cgPreparing {
		if !slices.Contains(g.rb.causes, cause) {
			g.rb.causes = append(g.rb.causes, cause)
		}
		return
	}
	wasEmpty := g.state == cgEmpty
	g.state = cgPreparing
	g.rbSeq++
	g.rb = &rebalanceRun{seq: g.rbSeq, start: s.now, causes: []string{cause}, deadline: s.now + g.pollNs,
		stopped: map[int32]int64{}, before: map[int32][]int32{}}
	s.at(g.rb.deadline, ctlRebalanceDeadline, g.rbSeq)
	if wasEmpty && s.sc.Consumer.InitialRebalanceDelayMs > 0 {
		g.delayUntil = s.now + msToNs(s.sc.Consumer.InitialRebalanceDelayMs)
		s.at(g.delayUntil, ctlJoinCheck, g.rbSeq)
	}
	for _, id := range g.order.MemberIDs() {
		m := s.members[g.byID[id]]
		m.joined = false
		g.rb.before[m.idx] = slices.Clone(m.parts)
		if m.alive(s.now) {
			s.at(m.nextHeartbeat(s.now, g.hbNs), ctlDiscover, int(m.idx))
		}
	}
}

// discover is a member's heartbeat answered with REBALANCE_IN_PROGRESS: it
// will rejoin at its next poll, at once if it is waiting for records.
func (s *Sim) discover(m *member) {
	if !m.inGroup || m.joined || !m.alive(s.now) || s.group.state != cgPreparing {
		return
	}
	m.rejoin = true
	m.wakeAt(s, s.now)
}

// joinGroup is the member's poll() sending JoinGroup: onJoinPrepare commits
// (with auto-commit, or in onPartitionsRevoked) and, under the eager
// protocol, revokes every partition first. It reports whether the member
// may go on fetching while the rebalance runs (cooperative).
func (s *Sim) joinGroup(m *member) bool {
	g := &s.group
	m.rejoin = false
	if m.instanceID != "" {
		if old := s.holderOf(m.instanceID); old != nil && (old != m || m.needsNewID) {
			if s.staticRejoin(old, m) {
				return true
			}
		}
	}
	if !m.inGroup {
		if !s.admit(m) {
			return false
		}
		if g.state != cgPreparing {
			s.prepareRebalance(s.threadNames[m.thread] + " joined")
		}
		g.rb.before[m.idx] = nil
	}
	k := &s.sc.Consumer
	if k.EnableAutoCommit || (k.CommitOnRevoke && m.eager) {
		s.commit(m, m.parts)
	}
	if m.eager && len(m.parts) > 0 {
		s.dropQueued(m, m.parts)
		m.setParts(s, nil)
		g.rb.stopped[m.idx] = s.now
		if g.rb.firstStop == 0 {
			g.rb.firstStop = s.now
		}
	}
	m.joined = true
	s.maybeCompleteJoin()
	return !m.eager
}

// admit adds a member that is not in the group, unless its assignors share
// nothing with the members' (INCONSISTENT_GROUP_PROTOCOL), or a static
// member with its group.instance.id is back in time to take its place.
func (s *Sim) admit(m *member) bool {
	g := &s.group
	var current [][]string
	for _, id := range g.order.MemberIDs() {
		current = append(current, s.members[g.byID[id]].assignors)
	}
	if !assignor.CanJoin(current, m.assignors) {
		m.up = false
		s.sched.set(m.actor, never)
		s.group.res.Refused++
		s.groupEvent(m.idx, "InconsistentGroupProtocolException",
			fmt.Sprintf("its assignors %v share none with the group's", m.assignors))
		return false
	}
	m.newMemberID(s)
	m.inGroup = true
	g.order.Add(m.id)
	g.byID[m.id] = m.idx
	return true
}

// syncNs is the JoinGroup response, the leader's assignment and the
// SyncGroup round trip after the last member has rejoined.
const syncNs = 5_000_000

// maybeCompleteJoin finishes the join phase once every member has rejoined
// (and a new group's initial delay has passed); SyncGroup follows.
func (s *Sim) maybeCompleteJoin() {
	g := &s.group
	if g.state != cgPreparing || s.now < g.delayUntil || g.syncing {
		return
	}
	for _, id := range g.order.MemberIDs() {
		if !s.members[g.byID[id]].joined {
			return
		}
	}
	g.syncing = true
	s.at(s.now+syncNs, ctlSync, g.rbSeq)
}

// sync completes the rebalance, unless a member left meanwhile and it must
// wait again.
func (s *Sim) sync(seq int) {
	g := &s.group
	if g.state != cgPreparing || g.rb.seq != seq {
		return
	}
	g.syncing = false
	for _, id := range g.order.MemberIDs() {
		if !s.members[g.byID[id]].joined {
			return
		}
	}
	s.completeRebalance()
}

// rebalanceDeadline removes the members that did not rejoin within the
// rebalance timeout and completes the rebalance without them.
func (s *Sim) rebalanceDeadline(seq int) {
	g := &s.group
	if g.state != cgPreparing || g.rb.seq != seq {
		return
	}
	for _, id := range g.order.MemberIDs() {
		m := s.members[g.byID[id]]
		if m.joined {
			continue
		}
		if m.instanceID != "" {
			// A static member stays: it is assigned partitions that wait
			// for it, and learns its new generation when it polls.
			m.joined, m.stale = true, true
			s.groupEvent(m.idx, "late", "static member did not rejoin within the rebalance timeout: it keeps its place")
			continue
		}
		s.removeMember(m, "did not rejoin within the rebalance timeout (max.poll.interval.ms)")
		m.kicked = true
		s.group.res.KickedOut++
	}
	s.maybeCompleteJoin()
}

// completeRebalance is the leader's assignment and SyncGroup.
func (s *Sim) completeRebalance() {
	g := &s.group
	rb := g.rb
	ids := g.order.MemberIDs()
	if len(ids) == 0 {
		g.state = cgEmpty
		s.recordRebalance(rb, nil, "")
		return
	}
	var strategies [][]string
	var members []assignor.Member
	for _, id := range ids {
		m := s.members[g.byID[id]]
		strategies = append(strategies, m.assignors)
		am := assignor.Member{MemberID: id, InstanceID: m.instanceID, Topics: []string{topicName}, Generation: -1}
		if !m.eager {
			am.Owned, am.Generation = toTPs(m.parts), m.gen
		} else if prev, ok := g.lastAssign[id]; ok {
			am.Owned, am.Generation = prev, m.gen // sticky's user data: its last assignment
		}
		members = append(members, am)
	}
	chosen, err := assignor.ChooseProtocol(strategies)
	if err != nil { // admit keeps this from happening; be safe
		chosen = strategies[0][0]
	}
	a, _ := assignor.ByName(chosen)
	asg, err := a.Assign(map[string]int32{topicName: g.n}, members)
	if err != nil {
		s.groupEvent(-1, "assignment failed", err.Error())
		asg = assignor.Assignment{}
	}
	g.chosen = chosen
	g.generation++
	g.lastAssign = asg
	g.state = cgStable
	for _, id := range ids {
		m := s.members[g.byID[id]]
		m.gen, m.joined = g.generation, false
		m.lastCommit = s.now // the auto-commit timer restarts after a rebalance
		parts := fromTPs(asg[id])
		if m.eager || m.stale {
			m.setParts(s, parts)
		} else {
			m.pending, m.hasPending = parts, true
			m.wakeAt(s, s.now)
		}
	}
	s.recordRebalance(rb, asg, chosen)
}

// applyPending is a cooperative member's onJoinComplete (or a KIP-848
// member's reconciliation) at its poll: it revokes what it no longer owns,
// which under the cooperative protocol means rejoining at once, and starts
// on what it gained.
func (s *Sim) applyPending(m *member) {
	m.hasPending = false
	var revoked []int32
	for _, p := range m.parts {
		if !slices.Contains(m.pending, p) {
			revoked = append(revoked, p)
		}
	}
	if len(revoked) > 0 {
		if s.sc.Consumer.CommitOnRevoke || (s.group.kip848 && s.sc.Consumer.EnableAutoCommit) {
			s.commit(m, revoked)
		}
		for _, p := range revoked {
			s.revokedAt[p] = s.now
		}
		s.dropQueued(m, revoked)
	}
	for _, p := range m.pending {
		if !slices.Contains(m.parts, p) && s.revokedAt[p] > 0 {
			s.group.res.pausedPartitionNs += s.now - s.revokedAt[p]
			s.revokedAt[p] = 0
		}
	}
	m.setParts(s, m.pending)
	if s.group.kip848 {
		s.maybeReconciled()
		return
	}
	if len(revoked) > 0 {
		m.rejoin = true
		s.prepareRebalance("cooperative follow-up: revoked partitions to hand out")
	}
}

// removeMember takes a member out of the group; its partitions are free
// for the next assignment.
func (s *Sim) removeMember(m *member, why string) {
	g := &s.group
	if !m.inGroup {
		return
	}
	m.inGroup, m.joined, m.hasPending = false, false, false
	g.order.Remove(m.id)
	delete(g.byID, m.id)
	s.groupEvent(m.idx, "removed", why)
	held := slices.Clone(m.parts)
	defer func() {
		// The rebalance this causes (or joins) moves them from this member.
		if g.rb != nil && !g.kip848 && g.rb.before[m.idx] == nil && len(held) > 0 {
			g.rb.before[m.idx] = held
		}
	}()
	if len(m.parts) > 0 {
		for _, p := range m.parts {
			s.revokedAt[p] = s.now
		}
		m.setParts(s, nil)
	}
	if g.kip848 {
		s.retarget(s.threadNames[m.thread] + " " + why)
		return
	}
	if g.state == cgPreparing {
		s.maybeCompleteJoin()
		return
	}
	s.prepareRebalance(s.threadNames[m.thread] + " " + why)
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

func joinCauses(c []string) string { return strings.Join(c, "; ") }
