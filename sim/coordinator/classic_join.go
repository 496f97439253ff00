package coordinator

import (
	"fmt"
	"slices"
)

// JoinGroup is a member's JoinGroupRequest.
type JoinGroup struct {
	// MemberID is "" for a member joining afresh.
	MemberID   string
	InstanceID string
	// ClientID starts a dynamic member's new member id.
	ClientID  string
	Protocols []string
	// Owned, StickyData and OwnedGeneration are the subscription metadata
	// (see Member).
	Owned, StickyData []int32
	OwnedGeneration   int32
	// Reason is the client's join reason (KIP-800), the rebalance's cause.
	Reason string
}

// SyncGroup is the leader's SyncGroupRequest. The leader's assignment is
// deterministic, so the coordinator runs the selected assignor itself on
// the members' JoinGroup metadata, as the leader would.
type SyncGroup struct{ Generation int32 }

// Heartbeat is a member's HeartbeatRequest.
type Heartbeat struct {
	MemberID, InstanceID string
	Generation           int32
}

// OffsetCommit is a member's OffsetCommitRequest; Step answers whether the
// group accepts it.
type OffsetCommit struct {
	MemberID, InstanceID string
	// Generation is GenerationIdOrMemberEpoch: the classic generation, or
	// the member epoch under the consumer protocol.
	Generation int32
	// Partitions are the partitions it commits (read by the consumer
	// protocol's check of an older member epoch).
	Partitions []int32
}

// LeaveGroup is a member's LeaveGroupRequest.
type LeaveGroup struct {
	MemberID, InstanceID string
	Reason               string
}

func (JoinGroup) request()    {}
func (SyncGroup) request()    {}
func (Heartbeat) request()    {}
func (OffsetCommit) request() {}
func (LeaveGroup) request()   {}

// join is GroupMetadataManager.classicGroupJoin.
func (g *Classic) join(now int64, q JoinGroup) Response {
	var r Response
	if q.MemberID == "" {
		// classicGroupJoinNewMember: the protocol check comes first and
		// counts a static member's old entry, so a static member cannot
		// switch to a protocol the others do not list.
		if !g.supportsProtocols(q.Protocols) {
			r.Err = InconsistentGroupProtocol
			return r
		}
		if old, ok := g.members.static[q.InstanceID]; ok && q.InstanceID != "" {
			return g.replaceStatic(now, old, q)
		}
		id := g.cfg.NewMemberID(memberIDBase(q.ClientID, q.InstanceID))
		if g.cfg.RequireKnownMemberID && q.InstanceID == "" {
			// classicGroupJoinNewDynamicMember: the member must come back
			// with its id; until then, or until its session times out, the
			// group counts it as pending.
			if g.pending == nil {
				g.pending = map[string]bool{}
			}
			g.pending[id] = true
			r.Err, r.MemberID = MemberIDRequired, id
			return r
		}
		return g.addMember(now, id, q)
	}
	if g.pending[q.MemberID] {
		// A pending member joins with the id it was given.
		if !g.supportsProtocols(q.Protocols) {
			r.Err = InconsistentGroupProtocol
			return r
		}
		delete(g.pending, q.MemberID)
		return g.addMember(now, q.MemberID, q)
	}
	m := g.members.byID[q.MemberID]
	if m == nil {
		r.Err = g.validate(q.MemberID, q.InstanceID, g.generation, false)
		return r
	}
	if !g.supportsProtocols(q.Protocols) {
		r.Err = InconsistentGroupProtocol
		return r
	}
	g.update(m, q)
	r.MemberID = m.ID
	g.joinedOrRebalance(now, q.Reason, &r)
	return r
}

// addMember is addMemberThenRebalanceOrCompleteJoin: a member joining a
// rebalance that started from Empty delays its end once more; one joining
// a settled group starts a rebalance.
func (g *Classic) addMember(now int64, id string, q JoinGroup) Response {
	var r Response
	if g.state == PreparingRebalance && g.fromEmpty {
		g.newMemberAdded = true
	}
	m := &Member{ID: id, InstanceID: q.InstanceID}
	g.members.add(m.ID, m.InstanceID, m)
	g.update(m, q)
	r.MemberID = m.ID
	if g.state == PreparingRebalance {
		g.maybeCompleteJoin(&r) // a new member joining a rebalance adds no cause
		return r
	}
	reason := q.Reason
	if reason == "" {
		reason = q.ClientID + " joined"
	}
	g.prepareRebalance(now, reason, &r)
	return r
}

// update stores a member's JoinGroup metadata and marks it joined.
func (g *Classic) update(m *Member, q JoinGroup) {
	g.countProtocols(m.Protocols, -1)
	m.Protocols = slices.Clone(q.Protocols)
	g.countProtocols(m.Protocols, 1)
	m.Owned, m.StickyData, m.OwnedGeneration = slices.Clone(q.Owned), slices.Clone(q.StickyData), q.OwnedGeneration
	m.Joined = true
}

// joinedOrRebalance is what a join does to the group: in PreparingRebalance
// it may complete the join phase; in any other state it starts a rebalance.
func (g *Classic) joinedOrRebalance(now int64, reason string, r *Response) {
	if g.state == PreparingRebalance {
		g.addReason(reason, r)
		g.maybeCompleteJoin(r)
		return
	}
	g.prepareRebalance(now, reason, r)
}

// replaceStatic is updateStaticMemberThenRebalanceOrCompleteJoin: the known
// group.instance.id gets a new member id; the old one is fenced. A Stable
// group answers at once with the current assignment, unless the member's
// new protocols change the protocol the group would select.
func (g *Classic) replaceStatic(now int64, oldID string, q JoinGroup) Response {
	old := g.members.byID[oldID]
	m := &Member{ID: g.cfg.NewMemberID(q.InstanceID), InstanceID: q.InstanceID, Assignment: old.Assignment}
	g.countProtocols(old.Protocols, -1)
	g.members.remove(oldID, old.InstanceID)
	g.members.add(m.ID, m.InstanceID, m)
	g.update(m, q)
	r := Response{MemberID: m.ID, Replaced: oldID}
	switch g.state {
	case Stable:
		if next := g.selectProtocol(); next != g.protocol {
			g.prepareRebalance(now, fmt.Sprintf("the selected protocol will change from %s to %s: static member %s rejoined with %v",
				g.protocol, next, q.InstanceID, q.Protocols), &r)
			return r
		}
		m.Joined = false
		m.Owned, m.StickyData, m.OwnedGeneration = old.Owned, old.StickyData, old.OwnedGeneration
		r.Assignment, r.Done = slices.Clone(m.Assignment), true
	case CompletingRebalance:
		g.prepareRebalance(now, "updating metadata for static member "+q.InstanceID, &r)
	case PreparingRebalance:
		g.maybeCompleteJoin(&r)
	}
	return r
}

// prepareRebalance moves the group to PreparingRebalance (or adds a cause
// to the rebalance under way). Every member must rejoin; a new group waits
// the initial rebalance delay first.
func (g *Classic) prepareRebalance(now int64, reason string, r *Response) {
	if g.state == PreparingRebalance {
		g.addReason(reason, r)
		return
	}
	initial := g.state == Empty
	g.state = PreparingRebalance
	g.seq++
	for _, m := range g.members.byID {
		if r.MemberID != m.ID {
			m.Joined = false
		}
	}
	r.Events = append(r.Events, Event{Kind: RebalanceStarted, Reason: reason, Generation: g.generation})
	r.Events = append(r.Events, Event{Kind: TimerSet, Timer: Timer{Kind: RebalanceTimeout, Seq: g.seq}, At: now + g.cfg.RebalanceTimeoutNs})
	g.delaying = initial && g.cfg.InitialDelayNs > 0
	g.fromEmpty, g.newMemberAdded = initial, false
	g.delayNs, g.delayLeftNs = g.cfg.InitialDelayNs, max(g.cfg.RebalanceTimeoutNs-g.cfg.InitialDelayNs, 0)
	if g.delaying {
		r.Events = append(r.Events, Event{Kind: TimerSet, Timer: Timer{Kind: InitialDelay, Seq: g.seq}, At: now + g.cfg.InitialDelayNs})
		return
	}
	g.maybeCompleteJoin(r)
}

func (g *Classic) addReason(reason string, r *Response) {
	if reason != "" {
		r.Events = append(r.Events, Event{Kind: ReasonAdded, Reason: reason})
	}
}

// maybeCompleteJoin ends the join phase once every member has rejoined and
// any initial delay has passed: the next generation begins (Empty when no
// member is left), and the members await SyncGroup.
func (g *Classic) maybeCompleteJoin(r *Response) {
	if g.state != PreparingRebalance || g.delaying || len(g.pending) > 0 {
		return // ClassicGroup.hasAllMembersJoined counts pending members
	}
	for _, m := range g.members.byID {
		if !m.Joined {
			return
		}
	}
	g.generation++
	if len(g.members.byID) == 0 {
		g.state, g.protocol = Empty, ""
		r.Events = append(r.Events, Event{Kind: GroupEmpty, Generation: g.generation})
		return
	}
	g.state, g.protocol = CompletingRebalance, g.selectProtocol()
	r.Events = append(r.Events, Event{Kind: JoinCompleted, Generation: g.generation, Protocol: g.protocol})
}

// timer applies an expired timer of the current rebalance.
func (g *Classic) timer(now int64, t Timer, r *Response) {
	if g.state != PreparingRebalance || t.Seq != g.seq {
		return
	}
	switch t.Kind {
	case InitialDelay:
		if g.newMemberAdded && g.delayLeftNs > 0 {
			g.newMemberAdded = false
			next := min(g.cfg.InitialDelayNs, g.delayLeftNs)
			g.delayLeftNs = max(g.delayLeftNs-g.delayNs, 0)
			g.delayNs = next
			r.Events = append(r.Events, Event{Kind: TimerSet, Timer: Timer{Kind: InitialDelay, Seq: g.seq}, At: now + next})
			return
		}
		g.delaying = false
	case RebalanceTimeout:
		// Dynamic members that did not rejoin are removed; static ones
		// keep their place (ClassicGroup.notYetRejoinedMembers, less the
		// static members).
		for _, m := range g.Members() {
			if m.Joined {
				continue
			}
			if m.InstanceID != "" {
				m.Joined = true
				r.Events = append(r.Events, Event{Kind: StaticMemberLate, MemberID: m.ID})
				continue
			}
			g.drop(m.ID, "did not rejoin within the rebalance timeout (max.poll.interval.ms)", r)
		}
		g.delaying = false
	}
	g.maybeCompleteJoin(r)
}

// leave is a LeaveGroupRequest.
func (g *Classic) leave(now int64, q LeaveGroup) Response {
	var r Response
	if r.Err = g.validate(q.MemberID, q.InstanceID, g.generation, false); r.Err == FencedInstanceID || r.Err == UnknownMemberID {
		return r
	}
	r.Err = None
	g.remove(now, q.MemberID, q.Reason, &r)
	return r
}

// remove takes a member out and moves the group on
// (removeMemberAndUpdateClassicGroup).
func (g *Classic) remove(now int64, id, reason string, r *Response) {
	g.drop(id, reason, r)
	switch g.state {
	case Stable, CompletingRebalance:
		g.prepareRebalance(now, reason, r)
	case PreparingRebalance:
		g.maybeCompleteJoin(r)
	}
}

func (g *Classic) drop(id, reason string, r *Response) {
	g.countProtocols(g.members.byID[id].Protocols, -1)
	g.members.remove(id, g.members.byID[id].InstanceID)
	r.Events = append(r.Events, Event{Kind: MemberRemoved, MemberID: id, Reason: reason})
}

// sync is the leader's SyncGroup: the selected assignor over the members'
// metadata, in the coordinator's member order.
func (g *Classic) sync(q SyncGroup) Response {
	var r Response
	if g.state != CompletingRebalance || q.Generation != g.generation {
		r.Err = IllegalGeneration
		if g.state == PreparingRebalance {
			r.Err = RebalanceInProgress
		}
		return r
	}
	asg, err := assign(g.protocol, g.cfg.Topic, g.cfg.Partitions, g.Members())
	if err != nil {
		r.Err = InconsistentGroupProtocol
		return r
	}
	for id, parts := range asg {
		g.members.byID[id].Assignment = partitionsOf(parts)
	}
	g.state = Stable
	r.Events = append(r.Events, Event{Kind: RebalanceCompleted, Generation: g.generation, Protocol: g.protocol, Assignment: asg})
	return r
}

// Start is a group that was already running when the driver begins: the
// members join and the first generation's assignment is made at once,
// without the initial delay. It returns the members' ids, in the order of
// joins. Timers it set are not reported.
func (g *Classic) Start(now int64, joins []JoinGroup) []string {
	var r Response
	ids := make([]string, len(joins))
	for i, q := range joins {
		r := g.join(now, q)
		if r.Err == MemberIDRequired {
			q.MemberID = r.MemberID
			r = g.join(now, q)
		}
		ids[i] = r.MemberID
	}
	g.delaying = false
	g.maybeCompleteJoin(&r)
	return ids
}
