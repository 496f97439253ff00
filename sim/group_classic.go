package sim

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	groupcoord "partitionlab/sim/coordinator"
)

// The classic protocol, from the engine's side: members send their
// requests to the coordinator (package coordinator, a pure state machine)
// and the engine applies what comes back — assignments, removals, timers —
// to its members, and keeps the record of each rebalance.

// rebalanceRun is a rebalance in progress, as the result reports it.
type rebalanceRun struct {
	seq       int
	start     int64
	causes    []string
	firstStop int64             // when the first member revoked everything (eager)
	stopped   map[int32]int64   // eager members: when each revoked everything
	before    map[int32][]int32 // each member's partitions when it began
	revoked   []int32           // cooperative: partitions revoked in this round
	quiet     bool              // the start of a group that was already running: not reported
}

// syncNs is the JoinGroup response, the leader's assignment and the
// SyncGroup round trip after the last member has rejoined.
const syncNs = 5_000_000

// stepCoordinator sends a request to the classic coordinator and applies what the
// group did.
func (s *Sim) stepCoordinator(req groupcoord.Request) groupcoord.Response {
	g := &s.group
	r := g.classic.Step(s.now, req)
	var discover bool
	for _, e := range r.Events {
		switch e.Kind {
		case groupcoord.RebalanceStarted:
			s.rebalanceStarted(e.Reason)
			discover = true
		case groupcoord.ReasonAdded:
			if g.rb != nil && !slices.Contains(g.rb.causes, e.Reason) {
				g.rb.causes = append(g.rb.causes, e.Reason)
			}
		case groupcoord.TimerSet:
			if e.Timer.Kind == groupcoord.RebalanceTimeout {
				s.at(e.At, ctlRebalanceDeadline, e.Timer.Seq)
			} else {
				s.at(e.At, ctlJoinCheck, e.Timer.Seq)
			}
		case groupcoord.JoinCompleted:
			s.at(s.now+syncNs, ctlSync, int(e.Generation))
		case groupcoord.RebalanceCompleted:
			s.rebalanceCompleted(e)
		case groupcoord.MemberRemoved:
			if idx, ok := g.byID[e.MemberID]; ok {
				s.memberRemoved(s.members[idx], e.MemberID, e.Reason)
			}
		case groupcoord.StaticMemberLate:
			m := s.members[g.byID[e.MemberID]]
			m.joined, m.stale = true, true
			s.groupEvent(m.idx, "late", "static member did not rejoin within the rebalance timeout: it keeps its place")
		case groupcoord.GroupEmpty:
			g.generation = e.Generation
			s.recordRebalance(g.rb, nil, "")
			g.rb = nil
		}
	}
	if discover {
		// Members learn of the rebalance from their next heartbeat.
		for _, cm := range g.classic.Members() {
			m := s.members[g.byID[cm.ID]]
			if !cm.Joined && m.alive(s.now) {
				s.at(m.nextHeartbeat(s.now, g.hbNs), ctlDiscover, int(m.idx))
			}
		}
	}
	return r
}

// rebalanceStarted opens the record of a rebalance.
func (s *Sim) rebalanceStarted(cause string) {
	g := &s.group
	g.rb = &rebalanceRun{seq: g.classic.Rebalance(), start: s.now, causes: []string{cause},
		stopped: map[int32]int64{}, before: map[int32][]int32{}}
	for _, cm := range g.classic.Members() {
		m := s.members[g.byID[cm.ID]]
		if !cm.Joined {
			m.joined = false
		}
		g.rb.before[m.idx] = slices.Clone(m.parts)
	}
	for idx, parts := range g.left {
		if len(g.rb.before[idx]) == 0 {
			g.rb.before[idx] = parts
		}
	}
	clear(g.left)
	for idx, t := range g.stoppedEarly {
		g.rb.stopped[idx] = t
		if g.rb.firstStop == 0 || t < g.rb.firstStop {
			g.rb.firstStop = t
		}
	}
	clear(g.stoppedEarly)
}

// discover is a member's heartbeat answered with REBALANCE_IN_PROGRESS: it
// will rejoin at its next poll, at once if it is waiting for records.
func (s *Sim) discover(m *member) {
	if m.replaced && m.up {
		s.fence(m)
		return
	}
	if !m.inGroup || m.joined || !m.alive(s.now) || s.group.classic.State() != groupcoord.PreparingRebalance {
		return
	}
	m.rejoin = true
	m.wakeAt(s, s.now)
}

// joinGroup is the member's poll() sending JoinGroup: onJoinPrepare commits
// (with auto-commit, or in onPartitionsRevoked) and, under the eager
// protocol, revokes every partition first. It reports whether the member
// may go on fetching while the rebalance runs (cooperative, or a static
// member given its partitions back at once).
func (s *Sim) joinGroup(m *member) bool {
	g := &s.group
	m.rejoin = false
	fresh := !m.inGroup || m.needsNewID
	req := groupcoord.JoinGroup{InstanceID: m.instanceID, ClientID: s.threadNames[m.thread],
		Protocols: m.assignors, OwnedGeneration: -1}
	if !fresh {
		req.MemberID = m.id
	}
	if !m.eager {
		req.Owned, req.OwnedGeneration = m.parts, m.gen
		if len(m.revokedNow) > 0 {
			req.Reason = "cooperative follow-up: revoked partitions to hand out"
		}
	} else if m.lastAssigned != nil {
		req.StickyData, req.OwnedGeneration = m.lastAssigned, m.gen
	}
	if fresh {
		req.Reason = s.threadNames[m.thread] + " joined"
	} else if m.joinReason != "" {
		req.Reason, m.joinReason = m.joinReason, ""
	}
	if !fresh {
		s.onJoinPrepare(m)
	} else if m.inGroup && m.instanceID == "" {
		s.leaveGhost(m)
	}
	r := s.stepCoordinator(req)
	m.revokedNow = nil
	if r.Err == groupcoord.InconsistentGroupProtocol {
		s.refuse(m)
		return false
	}
	if r.Replaced != "" {
		s.replaced(m, r)
		if r.Done {
			return true
		}
	} else if fresh {
		s.admitted(m, r.MemberID)
		if g.rb != nil {
			if _, ok := g.rb.before[m.idx]; !ok {
				g.rb.before[m.idx] = nil
			}
		}
	}
	if fresh {
		s.onJoinPrepare(m)
	}
	m.joined = s.group.classic.State() != groupcoord.Stable
	return !m.eager
}

// leaveGhost is a dynamic member's process restarting after a crash: the
// new process joins with a new member id, while the old id stays in the
// group, holding its partitions, until its session expires.
func (s *Sim) leaveGhost(m *member) {
	g := &s.group
	g.ghosts[m.idx] = ghost{id: m.id, lastHB: m.lastHB}
	if len(m.parts) > 0 {
		g.left[m.idx] = slices.Clone(m.parts)
		for _, p := range m.parts {
			s.revokedAt[p] = s.now
		}
		m.setParts(s, nil)
	}
	m.inGroup = false
}

// expireGhost removes a crashed process's member id whose session expired.
func (s *Sim) expireGhost(m *member) bool {
	g := &s.group
	gh, ok := g.ghosts[m.idx]
	if !ok || s.now < gh.lastHB+g.sessionNs {
		return ok
	}
	delete(g.ghosts, m.idx)
	delete(g.byID, gh.id)
	why := fmt.Sprintf("no heartbeat for %.0f s: %s expired", nsToS(s.now-gh.lastHB), s.sessionSetting())
	s.groupEvent(m.idx, "removed", "the crashed process's member id: "+why)
	s.stepCoordinator(groupcoord.SessionExpired{MemberID: gh.id, Reason: s.threadNames[m.thread] + " " + why})
	return true
}

// onJoinPrepare is ConsumerCoordinator.onJoinPrepare: the commit (with
// auto-commit, or the application's in onPartitionsRevoked) and, under the
// eager protocol, revoking every partition.
func (s *Sim) onJoinPrepare(m *member) {
	g := &s.group
	k := &s.sc.Consumer
	if k.EnableAutoCommit || (k.CommitOnRevoke && m.eager) {
		s.commit(m, m.parts, commitOnJoin)
	}
	if !m.eager || len(m.parts) == 0 {
		return
	}
	if g.rb == nil {
		g.left[m.idx] = slices.Clone(m.parts)
		g.stoppedEarly[m.idx] = s.now
	} else {
		g.rb.stopped[m.idx] = s.now
		if g.rb.firstStop == 0 {
			g.rb.firstStop = s.now
		}
	}
	s.dropQueued(m, m.parts)
	m.setParts(s, nil)
}

// refuse is a JoinGroup answered with INCONSISTENT_GROUP_PROTOCOL: the
// Java client raises it from poll(), and the application stops.
func (s *Sim) refuse(m *member) {
	m.up = false
	s.sched.set(m.actor, never)
	s.group.res.Refused++
	why := "its assignors " + strings.Join(m.assignors, ", ") + " share none with every member's"
	if m.instanceID != "" && s.group.classic.StaticMember(m.instanceID) != "" {
		why += " (its own previous entry, still in the group, included)"
	}
	s.groupEvent(m.idx, "InconsistentGroupProtocolException", why)
}

// replaced is a static JoinGroup that took the place of the member id
// oldID. If that member is another process still running, it finds out
// at its next heartbeat or commit (FENCED_INSTANCE_ID). A Stable group
// hands back the current assignment at once.
func (s *Sim) replaced(m *member, r groupcoord.Response) {
	g := &s.group
	old := s.members[g.byID[r.Replaced]]
	delete(g.byID, r.Replaced)
	gen, other := old.gen, old != m
	if other {
		old.inGroup, old.replaced, old.replacedAt = false, true, s.now
		old.setParts(s, nil)
		if old.alive(s.now) {
			s.at(old.nextHeartbeat(s.now+1, g.hbNs), ctlDiscover, int(old.idx))
		}
	}
	s.admitted(m, r.MemberID)
	m.gen = gen
	if !r.Done {
		return // it joins the rebalance in progress under its new id
	}
	m.parts = nil
	m.lastAssigned = slices.Clone(r.Assignment)
	m.setParts(s, r.Assignment) // a new process: positions from the committed offsets
	if other {
		s.groupEvent(m.idx, "static takeover", "joined with the group.instance.id of a running consumer: its partitions, no rebalance")
		return
	}
	s.groupEvent(m.idx, "static rejoin", "the same group.instance.id is back within session.timeout.ms: same partitions, no rebalance")
}

// fence is a replaced member's heartbeat or commit answered with
// FENCED_INSTANCE_ID: poll() throws FencedInstanceIdException and the
// application stops.
func (s *Sim) fence(m *member) {
	m.replaced, m.fenced = false, true
	s.group.res.Fenced++
	s.groupEvent(m.idx, "FencedInstanceIdException",
		fmt.Sprintf("another consumer joined with its group.instance.id %q at %.2f s; this one learns it now and must stop",
			m.instanceID, nsToS(m.replacedAt)))
	m.wakeAt(s, s.now)
}

// admitted notes the member id a new member was given.
func (s *Sim) admitted(m *member, id string) {
	g := &s.group
	m.id = id
	m.joins++
	m.inGroup, m.kicked, m.needsNewID = true, false, false
	g.byID[id] = m.idx
}

// sync is the leader's SyncGroup for a generation.
func (s *Sim) sync(gen int) {
	s.stepCoordinator(groupcoord.SyncGroup{Generation: int32(gen)})
}

// rebalanceDeadline is the rebalance timeout: dynamic members that did not
// rejoin are removed.
func (s *Sim) rebalanceDeadline(seq int) {
	byID := maps.Clone(s.group.byID) // removal forgets the ids
	r := s.stepCoordinator(groupcoord.Timer{Kind: groupcoord.RebalanceTimeout, Seq: seq})
	for _, e := range r.Events {
		if e.Kind == groupcoord.MemberRemoved {
			s.members[byID[e.MemberID]].kicked = true
			s.group.res.KickedOut++
		}
	}
}

// maybeCompleteJoin is the initial rebalance delay passing.
func (s *Sim) maybeCompleteJoin() {
	s.stepCoordinator(groupcoord.Timer{Kind: groupcoord.InitialDelay, Seq: s.group.classic.Rebalance()})
}

// rebalanceCompleted is SyncGroup's answer reaching every member.
func (s *Sim) rebalanceCompleted(e groupcoord.Event) {
	g := &s.group
	g.chosen, g.generation = e.Protocol, e.Generation
	for _, cm := range g.classic.Members() {
		m := s.members[g.byID[cm.ID]]
		m.gen, m.joined = e.Generation, false
		m.lastCommit = s.now // the auto-commit timer restarts after a rebalance
		m.lastAssigned = slices.Clone(cm.Assignment)
		if !m.eager {
			for _, p := range m.parts {
				if !slices.Contains(cm.Assignment, p) {
					g.rb.revoked = append(g.rb.revoked, p)
				}
			}
		}
		if m.eager || m.stale {
			m.setParts(s, cm.Assignment)
		} else {
			m.pending, m.hasPending = slices.Clone(cm.Assignment), true
			m.wakeAt(s, s.now)
		}
	}
	s.recordRebalance(g.rb, e.Assignment, e.Protocol)
	g.rb = nil
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
		if k := &s.sc.Consumer; k.CommitOnRevoke {
			s.commit(m, revoked, commitOnRevoke)
		} else if s.group.kip848 && k.EnableAutoCommit {
			s.commit(m, revoked, commitOnJoin)
		}
		for _, p := range revoked {
			s.revokedAt[p] = s.now
			s.group.revokedBy[p] = m.idx
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
		// ConsumerCoordinator.onJoinComplete: revoked partitions mean a
		// rejoin at once, which rebalances the group again.
		m.revokedNow = revoked
		m.rejoin = true
		m.wakeAt(s, s.now)
	}
}

// leaveGroup is a member's LeaveGroup.
func (s *Sim) leaveGroup(m *member, why string) {
	s.removeMember(m, why, groupcoord.LeaveGroup{MemberID: m.id, InstanceID: m.instanceID, Reason: s.threadNames[m.thread] + " " + why})
}

// expireSession is the coordinator's session timer for a member firing.
func (s *Sim) expireSession(m *member, why string) {
	s.removeMember(m, why, groupcoord.SessionExpired{MemberID: m.id, Reason: s.threadNames[m.thread] + " " + why})
}

func (s *Sim) removeMember(m *member, why string, req groupcoord.Request) {
	if !m.inGroup {
		return
	}
	if s.group.kip848 {
		s.group.order.Remove(m.id)
		s.memberRemoved(m, m.id, s.threadNames[m.thread]+" "+why)
		s.retarget(s.threadNames[m.thread] + " " + why)
		return
	}
	s.stepCoordinator(req)
}

// memberRemoved applies a member's removal: its partitions are free for the
// next assignment.
func (s *Sim) memberRemoved(m *member, id, why string) {
	g := &s.group
	if m == nil || m.id != id || !m.inGroup {
		return
	}
	m.inGroup, m.joined, m.hasPending = false, false, false
	delete(g.byID, id)
	s.groupEvent(m.idx, "removed", strings.TrimPrefix(why, s.threadNames[m.thread]+" "))
	if len(m.parts) > 0 {
		// The rebalance this causes (or joins) moves them from this member.
		if g.rb != nil {
			if g.rb.before[m.idx] == nil {
				g.rb.before[m.idx] = slices.Clone(m.parts)
			}
		} else if !g.kip848 {
			g.left[m.idx] = slices.Clone(m.parts)
		}
		for _, p := range m.parts {
			s.revokedAt[p] = s.now
		}
		m.setParts(s, nil)
	}
}

func joinCauses(c []string) string { return strings.Join(c, "; ") }
