package sim

import (
	"fmt"
	"slices"
	"strings"

	"partitionlab/sim/coordinator"
)

// The client's side of the classic group protocol (ConsumerCoordinator):
// what a member does before it sends JoinGroup (onJoinPrepare), what it
// reports owning, how it applies what comes back, revokes, rejoins after a
// cooperative round, and learns it was fenced.

// joinGroup is the member's poll() sending JoinGroup: onJoinPrepare commits
// (with auto-commit, or in onPartitionsRevoked) and, under the eager
// protocol, revokes every partition first. It reports whether the member
// may go on fetching while the rebalance runs (cooperative, or a static
// member given its partitions back at once).
func (m *member) joinGroup(s *Sim) bool {
	g := &s.group
	m.rejoin = false
	fresh := !m.inGroup || m.needsNewID
	req := coordinator.JoinGroup{InstanceID: m.instanceID, ClientID: s.threadNames[m.thread],
		Protocols: m.assignors, OwnedGeneration: -1}
	if !fresh {
		req.MemberID = m.id
	}
	req.Owned, req.StickyData, req.OwnedGeneration = subscriptionMetadata(m.eager, m.parts, m.lastAssigned, m.gen)
	if !m.eager && len(m.revokedNow) > 0 {
		req.Reason = "cooperative follow-up: revoked partitions to hand out"
	}
	if fresh {
		req.Reason = s.threadNames[m.thread] + " joined"
	} else if m.joinReason != "" {
		req.Reason, m.joinReason = m.joinReason, ""
	}
	if !fresh {
		m.onJoinPrepare(s)
	} else if m.inGroup && m.instanceID == "" {
		m.leaveGhost(s)
	}
	r := s.stepCoordinator(req)
	if r.Err == coordinator.MemberIDRequired {
		// classicGroupJoinNewDynamicMember: the first JoinGroup only hands
		// out a member id; the client (JoinGroupResponseHandler) takes it
		// and joins again at once. The round trip takes no simulated time.
		s.groupEvent(m.idx, "MemberIdRequiredException", "MEMBER_ID_REQUIRED: the first JoinGroup gets member id "+
			r.MemberID+" and must be sent again with it")
		req.MemberID = r.MemberID
		r = s.stepCoordinator(req)
	}
	m.revokedNow = nil
	switch r.Err {
	case coordinator.InconsistentGroupProtocol:
		m.refuse(s)
		return false
	case coordinator.FencedInstanceID:
		m.replaced, m.replacedAt = true, s.now
		m.fence(s, s.now)
		return false
	case coordinator.UnknownMemberID:
		// resetStateAndRejoin: it joins again as a new member.
		m.inGroup, m.rejoin = false, true
		m.wakeAt(s, s.now)
		return false
	}
	if r.Replaced != "" {
		m.tookStaticPlace(s, r)
		if r.Done {
			return true
		}
	} else if fresh {
		m.admitted(s, r.MemberID)
		if g.rebalance != nil {
			if _, ok := g.rebalance.before[m.idx]; !ok {
				g.rebalance.before[m.idx] = nil
			}
		}
	}
	if fresh {
		m.onJoinPrepare(s)
	}
	m.joined = s.group.classic.State() != coordinator.Stable
	return !m.eager
}

// subscriptionMetadata is what a member's JoinGroup reports owning
// (ConsumerCoordinator.metadata, and each assignor's subscriptionUserData):
// a cooperative member its ownedPartitions; an eager member, which revoked
// everything in onJoinPrepare, no owned partitions, while the eager sticky
// assignor carries the last assignment it received in its user data.
// Generation -1 (DEFAULT_GENERATION) goes with reporting nothing.
func subscriptionMetadata(eager bool, parts, lastAssigned []int32, gen int32) (owned, sticky []int32, generation int32) {
	switch {
	case !eager:
		return parts, nil, gen
	case lastAssigned != nil:
		return nil, lastAssigned, gen
	}
	return nil, nil, -1
}

// leaveGhost is a dynamic member's process restarting after a crash: the
// new process joins with a new member id, while the old id stays in the
// group, holding its partitions, until its session expires.
func (m *member) leaveGhost(s *Sim) {
	g := &s.group
	g.ghosts[m.idx] = ghost{id: m.id, lastHB: m.lastHB}
	if len(m.parts) > 0 {
		if !g.kip848 {
			g.left[m.idx] = slices.Clone(m.parts)
		}
		for _, p := range m.parts {
			s.revokedAt[p] = s.now
		}
		m.setParts(s, nil)
	}
	m.inGroup = false
}

// expireGhost removes a crashed process's member id whose session expired.
func (m *member) expireGhost(s *Sim) bool {
	g := &s.group
	gh, ok := g.ghosts[m.idx]
	if !ok || s.now < gh.lastHB+g.sessionNs {
		return ok
	}
	delete(g.ghosts, m.idx)
	delete(g.byID, gh.id)
	why := fmt.Sprintf("no heartbeat for %.0f s: %s expired", nsToS(s.now-gh.lastHB), s.sessionSetting())
	s.groupEvent(m.idx, "removed", "the crashed process's member id: "+why)
	if g.kip848 {
		g.consumer.Expire(gh.id, why)
		s.retargeted(s.threadNames[m.thread] + " " + why)
		return true
	}
	s.stepCoordinator(coordinator.SessionExpired{MemberID: gh.id, Reason: s.threadNames[m.thread] + " " + why})
	return true
}

// onJoinPrepare is ConsumerCoordinator.onJoinPrepare: the commit (with
// auto-commit, or the application's in onPartitionsRevoked) and, under the
// eager protocol, revoking every partition.
func (m *member) onJoinPrepare(s *Sim) {
	g := &s.group
	k := &s.sc.Consumer
	if k.EnableAutoCommit || (k.CommitOnRevoke && m.eager) {
		m.commit(s, m.parts, commitOnJoin, s.now)
	}
	if !m.eager || len(m.parts) == 0 {
		return
	}
	if g.rebalance == nil {
		g.left[m.idx] = slices.Clone(m.parts)
		g.stoppedEarly[m.idx] = s.now
	} else {
		g.rebalance.stopped[m.idx] = s.now
		if g.rebalance.firstStop == 0 {
			g.rebalance.firstStop = s.now
		}
	}
	m.dropQueued(s, m.parts)
	m.setParts(s, nil)
}

// refuse is a JoinGroup answered with INCONSISTENT_GROUP_PROTOCOL: the
// Java client raises it from poll(), and the application stops.
func (m *member) refuse(s *Sim) {
	m.up = false
	s.sched.set(m.actor, never)
	s.group.res.Refused++
	why := "its assignors " + strings.Join(m.assignors, ", ") + " share none with every member's"
	if m.instanceID != "" && s.group.classic.StaticMember(m.instanceID) != "" {
		why += " (its own previous entry, still in the group, included)"
	}
	s.groupEvent(m.idx, "InconsistentGroupProtocolException", why)
}

// tookStaticPlace is a static JoinGroup that took the place of the member id
// oldID. If that member is another process still running, it finds out
// at its next heartbeat or commit (FENCED_INSTANCE_ID). A Stable group
// hands back the current assignment at once.
func (m *member) tookStaticPlace(s *Sim, r coordinator.Response) {
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
	m.admitted(s, r.MemberID)
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
// application stops. It learns it at now.
func (m *member) fence(s *Sim, now int64) {
	m.replaced, m.fenced = false, true
	s.group.res.Fenced++
	s.groupEventAt(now, m.idx, "FencedInstanceIdException",
		fmt.Sprintf("another consumer joined with its group.instance.id %q at %.2f s; this one learns it now and must stop",
			m.instanceID, nsToS(m.replacedAt)))
	m.wakeAt(s, now)
}

// admitted notes the member id a new member was given.
func (m *member) admitted(s *Sim, id string) {
	g := &s.group
	m.id = id
	m.joins++
	m.inGroup, m.kicked, m.needsNewID = true, false, false
	g.byID[id] = m.idx
}

// applyPending is a cooperative member's onJoinComplete (or a KIP-848
// member's reconciliation) at its poll: it revokes what it no longer owns,
// which under the cooperative protocol means rejoining at once, and starts
// on what it gained.
func (m *member) applyPending(s *Sim) {
	m.hasPending = false
	var revoked []int32
	for _, p := range m.parts {
		if !slices.Contains(m.pending, p) {
			revoked = append(revoked, p)
		}
	}
	if len(revoked) > 0 {
		if k := &s.sc.Consumer; k.CommitOnRevoke {
			m.commit(s, revoked, commitOnRevoke, s.now)
		} else if s.group.kip848 && k.EnableAutoCommit {
			m.commit(s, revoked, commitOnJoin, s.now)
		}
		for _, p := range revoked {
			s.revokedAt[p] = s.now
			s.group.revokedBy[p] = m.idx
		}
		m.dropQueued(s, revoked)
	}
	for _, p := range m.pending {
		if !slices.Contains(m.parts, p) && s.revokedAt[p] > 0 {
			s.group.res.pausedPartitionNs += s.now - s.revokedAt[p]
			s.revokedAt[p] = 0
		}
	}
	m.setParts(s, m.pending)
	if s.group.kip848 {
		m.acknowledge(s)
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
