package sim

import (
	"maps"
	"slices"
	"strings"

	"partitionlab/sim/coordinator"
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
func (s *Sim) stepCoordinator(req coordinator.Request) coordinator.Response {
	g := &s.group
	r := g.classic.Step(s.now, req)
	var discover bool
	for _, e := range r.Events {
		switch e.Kind {
		case coordinator.RebalanceStarted:
			s.rebalanceStarted(e.Reason)
			discover = true
		case coordinator.ReasonAdded:
			if g.rebalance != nil && !slices.Contains(g.rebalance.causes, e.Reason) {
				g.rebalance.causes = append(g.rebalance.causes, e.Reason)
			}
		case coordinator.TimerSet:
			if e.Timer.Kind == coordinator.RebalanceTimeout {
				s.at(e.At, ctlRebalanceDeadline, e.Timer.Seq)
			} else {
				s.at(e.At, ctlJoinCheck, e.Timer.Seq)
			}
		case coordinator.JoinCompleted:
			s.at(s.now+syncNs, ctlSync, int(e.Generation))
		case coordinator.RebalanceCompleted:
			s.rebalanceCompleted(e)
		case coordinator.MemberRemoved:
			if idx, ok := g.byID[e.MemberID]; ok {
				s.members[idx].memberRemoved(s, e.MemberID, e.Reason)
			}
		case coordinator.StaticMemberLate:
			m := s.members[g.byID[e.MemberID]]
			m.joined, m.stale = true, true
			s.groupEvent(m.idx, "late", "static member did not rejoin within the rebalance timeout: it keeps its place")
		case coordinator.GroupEmpty:
			g.generation = e.Generation
			s.recordRebalance(g.rebalance, nil, "")
			g.rebalance = nil
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
	g.rebalance = &rebalanceRun{seq: g.classic.Rebalance(), start: s.now, causes: []string{cause},
		stopped: map[int32]int64{}, before: map[int32][]int32{}}
	for _, cm := range g.classic.Members() {
		m := s.members[g.byID[cm.ID]]
		if !cm.Joined {
			m.joined = false
		}
		g.rebalance.before[m.idx] = slices.Clone(m.parts)
	}
	for idx, parts := range g.left {
		if len(g.rebalance.before[idx]) == 0 {
			g.rebalance.before[idx] = parts
		}
	}
	clear(g.left)
	for idx, t := range g.stoppedEarly {
		g.rebalance.stopped[idx] = t
		if g.rebalance.firstStop == 0 || t < g.rebalance.firstStop {
			g.rebalance.firstStop = t
		}
	}
	clear(g.stoppedEarly)
}

// discover is a member's heartbeat answered with REBALANCE_IN_PROGRESS: it
// will rejoin at its next poll, at once if it is waiting for records.
func (m *member) discover(s *Sim) {
	if m.replaced && m.up {
		m.fence(s, s.now)
		return
	}
	if !m.inGroup || m.joined || !m.alive(s.now) || s.group.classic.State() != coordinator.PreparingRebalance {
		return
	}
	m.rejoin = true
	m.wakeAt(s, s.now)
}

// sync is the leader's SyncGroup for a generation.
func (s *Sim) sync(gen int) {
	s.stepCoordinator(coordinator.SyncGroup{Generation: int32(gen)})
}

// rebalanceDeadline is the rebalance timeout: dynamic members that did not
// rejoin are removed.
func (s *Sim) rebalanceDeadline(seq int) {
	byID := maps.Clone(s.group.byID) // removal forgets the ids
	r := s.stepCoordinator(coordinator.Timer{Kind: coordinator.RebalanceTimeout, Seq: seq})
	for _, e := range r.Events {
		if e.Kind == coordinator.MemberRemoved {
			s.members[byID[e.MemberID]].kicked = true
			s.group.res.KickedOut++
		}
	}
}

// maybeCompleteJoin is the initial rebalance delay passing.
func (s *Sim) maybeCompleteJoin() {
	s.stepCoordinator(coordinator.Timer{Kind: coordinator.InitialDelay, Seq: s.group.classic.Rebalance()})
}

// rebalanceCompleted is SyncGroup's answer reaching every member.
func (s *Sim) rebalanceCompleted(e coordinator.Event) {
	g := &s.group
	g.chosen, g.generation = e.Protocol, e.Generation
	for _, cm := range g.classic.Members() {
		m := s.members[g.byID[cm.ID]]
		m.gen, m.joined = e.Generation, false
		m.noteCommit(s, s.now) // the auto-commit timer restarts after a rebalance
		m.lastAssigned = slices.Clone(cm.Assignment)
		if !m.eager {
			for _, p := range m.parts {
				if !slices.Contains(cm.Assignment, p) {
					g.rebalance.revoked = append(g.rebalance.revoked, p)
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
	s.recordRebalance(g.rebalance, e.Assignment, e.Protocol)
	g.rebalance = nil
}

// leaveGroup is a member's LeaveGroup.
func (m *member) leaveGroup(s *Sim, why string) {
	m.removeMember(s, why, coordinator.LeaveGroup{MemberID: m.id, InstanceID: m.instanceID, Reason: s.threadNames[m.thread] + " " + why})
}

// expireSession is the coordinator's session timer for a member firing.
func (m *member) expireSession(s *Sim, why string) {
	m.removeMember(s, why, coordinator.SessionExpired{MemberID: m.id, Reason: s.threadNames[m.thread] + " " + why})
}

func (m *member) removeMember(s *Sim, why string, req coordinator.Request) {
	if !m.inGroup {
		return
	}
	if s.group.kip848 {
		m.leave848(s, why)
		return
	}
	s.stepCoordinator(req)
}

// memberRemoved applies a member's removal: its partitions are free for the
// next assignment.
func (m *member) memberRemoved(s *Sim, id, why string) {
	g := &s.group
	if m == nil || m.id != id || !m.inGroup {
		return
	}
	m.inGroup, m.joined, m.hasPending = false, false, false
	delete(g.byID, id)
	s.groupEvent(m.idx, "removed", strings.TrimPrefix(why, s.threadNames[m.thread]+" "))
	if len(m.parts) > 0 {
		// The rebalance this causes (or joins) moves them from this member.
		if g.rebalance != nil {
			if g.rebalance.before[m.idx] == nil {
				g.rebalance.before[m.idx] = slices.Clone(m.parts)
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
