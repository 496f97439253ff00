package coordinator

import (
	"fmt"

	"partitionlab/sim/assignor"
)

// Share is a KIP-932 share group (Kafka 4.3.1's ShareGroup and the
// ShareGroupHeartbeat handling of GroupMetadataManager). Members consume
// the same partitions together, so there is nothing to revoke: a member
// takes its part of the target assignment at its next heartbeat, and its
// member epoch jumps to the target's epoch (ShareGroupAssignmentBuilder).
// The target is recomputed by the simple assignor when the group epoch
// moves (a member joining or leaving, the partition count changing), at
// most once per group.share.assignment.interval.ms.
type Share struct {
	cfg             ShareConfig
	epoch           int32 // the group epoch
	assignmentEpoch int32 // the epoch of the target assignment
	assignedAt      int64 // when the target was computed
	assigned        bool  // a target has been computed
	members         roster[ShareMember]
}

// ShareConfig is what a share group needs besides its requests.
type ShareConfig struct {
	Topic      string
	Partitions int32
	// SessionTimeoutNs is share.session.timeout.ms (the broker's
	// group.share.session.timeout.ms, 45 s, within 45..60 s).
	SessionTimeoutNs int64
	// HeartbeatIntervalNs is share.heartbeat.interval.ms (the broker's
	// group.share.heartbeat.interval.ms, 5 s, within 5..15 s).
	HeartbeatIntervalNs int64
	// AssignmentIntervalNs is share.assignment.interval.ms (the broker's
	// group.share.assignment.interval.ms, 1 s, within 0..15 s): the least
	// time between two target assignments; 0 computes one at every epoch.
	AssignmentIntervalNs int64
	// MaxSize is group.share.max.size (200); 0 means no limit.
	MaxSize int
}

// Share-group defaults (GroupCoordinatorConfig, Kafka 4.3.1).
const (
	DefaultShareSessionTimeoutNs     = 45_000_000_000
	DefaultShareHeartbeatIntervalNs  = 5_000_000_000
	DefaultShareAssignmentIntervalNs = 1_000_000_000
	DefaultShareMaxSize              = 200
)

// Validate names the first setting outside the range a group may set
// (GroupConfig.validateValues against the broker's default minima and
// maxima, which also keep the session longer than the heartbeat interval).
func (c ShareConfig) Validate() error {
	ms := func(ns int64) int64 { return ns / 1_000_000 }
	switch {
	case c.SessionTimeoutNs < 45_000_000_000 || c.SessionTimeoutNs > 60_000_000_000:
		return fmt.Errorf("share.session.timeout.ms: %d is not in 45000..60000", ms(c.SessionTimeoutNs))
	case c.HeartbeatIntervalNs < 5_000_000_000 || c.HeartbeatIntervalNs > 15_000_000_000:
		return fmt.Errorf("share.heartbeat.interval.ms: %d is not in 5000..15000", ms(c.HeartbeatIntervalNs))
	case c.AssignmentIntervalNs < 0 || c.AssignmentIntervalNs > 15_000_000_000:
		return fmt.Errorf("share.assignment.interval.ms: %d is not in 0..15000", ms(c.AssignmentIntervalNs))
	case c.MaxSize < 1 || c.MaxSize > 1000:
		return fmt.Errorf("group.share.max.size: %d is not in 1..1000", c.MaxSize)
	}
	return nil
}

// ShareMember is what the group holds of one member (ShareGroupMember).
type ShareMember struct {
	ID                   string
	Epoch, PreviousEpoch int32
	// Assignment is what the member was last told it is assigned.
	Assignment []int32
	target     *intSet // its part of the target assignment
	deadline   int64   // its session expires at this time without a heartbeat
}

// ShareGroupHeartbeat is a member's ShareGroupHeartbeatRequest. Since
// KIP-1082 the client makes its own member id and sends it when joining.
type ShareGroupHeartbeat struct {
	MemberID string
	// MemberEpoch is JoinEpoch to join or rejoin, LeaveEpoch to leave,
	// otherwise the epoch of the member's last response.
	MemberEpoch int32
}

func (ShareGroupHeartbeat) request() {}

// SetPartitions is the topic's partition count changing (the metadata
// image the coordinator reads). The share partitions are taken as
// initialized at once; Kafka first initializes their share state.
type SetPartitions struct{ Partitions int32 }

func (SetPartitions) request() {}

// ShareResponse is the answer to a share group's request.
type ShareResponse struct {
	Err         Error
	MemberID    string
	MemberEpoch int32
	// HasAssignment says Assignment is set: on a join, or when the
	// member's assignment changed.
	HasAssignment bool
	Assignment    []int32
	// HeartbeatIntervalNs is when the member should heartbeat again.
	HeartbeatIntervalNs int64
	// SessionDeadline is when the member's session expires unless it
	// heartbeats again; the driver delivers SessionExpired then.
	SessionDeadline int64
	Events          []Event
}

// NewShare is an empty share group.
func NewShare(cfg ShareConfig) *Share {
	return &Share{cfg: cfg, members: newRoster[ShareMember]()}
}

// Epoch is the group epoch.
func (g *Share) Epoch() int32 { return g.epoch }

// AssignmentEpoch is the epoch of the current target assignment.
func (g *Share) AssignmentEpoch() int32 { return g.assignmentEpoch }

// Member is the member with that id, or nil.
func (g *Share) Member(id string) *ShareMember { return g.members.byID[id] }

// Members lists the members in the coordinator's iteration order.
func (g *Share) Members() []*ShareMember { return g.members.list() }

// Target is the member's part of the target assignment, in ascending order.
func (m *ShareMember) Target() []int32 {
	if m.target == nil {
		return nil
	}
	return m.target.sorted()
}

// Step is the one door into the share group: a request at time now.
func (g *Share) Step(now int64, req Request) ShareResponse {
	var r ShareResponse
	switch q := req.(type) {
	case ShareGroupHeartbeat:
		if q.MemberEpoch == LeaveEpoch {
			g.leave(q.MemberID, "left the group (epoch -1)", &r)
			r.MemberID, r.MemberEpoch = q.MemberID, LeaveEpoch
			return r
		}
		g.heartbeat(now, q, &r)
	case SessionExpired:
		if m := g.members.byID[q.MemberID]; m != nil && m.deadline <= now {
			reason := q.Reason
			if reason == "" {
				reason = "the member session expired"
			}
			g.leave(q.MemberID, reason, &r)
		}
	case SetPartitions:
		if q.Partitions != g.cfg.Partitions {
			g.cfg.Partitions = q.Partitions
			g.epoch++
		}
	default:
		panic(fmt.Sprintf("coordinator: a share group does not take %T", req))
	}
	return r
}

// heartbeat is GroupMetadataManager.shareGroupHeartbeat.
func (g *Share) heartbeat(now int64, q ShareGroupHeartbeat, r *ShareResponse) {
	if q.MemberID == "" {
		r.Err = InvalidRequest // throwIfEmptyString: MemberId can't be empty
		return
	}
	m := g.members.byID[q.MemberID]
	switch {
	case m == nil && q.MemberEpoch != JoinEpoch:
		r.Err = UnknownMemberID
		return
	case m == nil:
		if g.cfg.MaxSize > 0 && len(g.members.byID) >= g.cfg.MaxSize {
			r.Err = GroupMaxSizeReached // throwIfShareGroupIsFull
			return
		}
		m = &ShareMember{ID: q.MemberID}
		g.members.add(m.ID, "", m)
		g.epoch++ // its subscription is new
		r.Events = append(r.Events, Event{Kind: MemberJoined, MemberID: m.ID, Generation: g.epoch})
	default:
		if r.Err = shareEpochError(m, q.MemberEpoch); r.Err != None {
			return
		}
	}
	g.maybeRetarget(now, r)
	changed := false
	if g.assignmentEpoch != m.Epoch {
		m.PreviousEpoch, m.Epoch = m.Epoch, g.assignmentEpoch
		next := m.Target()
		changed = !equalParts(next, m.Assignment)
		m.Assignment = next
	}
	m.deadline = now + g.cfg.SessionTimeoutNs
	r.MemberID, r.MemberEpoch = m.ID, m.Epoch
	r.HeartbeatIntervalNs, r.SessionDeadline = g.cfg.HeartbeatIntervalNs, m.deadline
	if q.MemberEpoch == JoinEpoch || changed {
		r.HasAssignment, r.Assignment = true, m.Assignment
	}
}

// shareEpochError is throwIfShareGroupMemberEpochIsInvalid: epoch 0
// rejoins; otherwise the epoch must be the member's, or its previous one
// (the response that bumped it may have been lost).
func shareEpochError(m *ShareMember, epoch int32) Error {
	switch {
	case epoch == JoinEpoch, epoch == m.Epoch:
		return None
	case epoch < m.Epoch && epoch == m.PreviousEpoch:
		return None
	}
	return FencedMemberEpoch
}

// maybeRetarget computes a new target assignment when the group epoch has
// moved past the target's and the assignment interval has passed
// (maybeUpdateTargetAssignment, canComputeNextTargetAssignment).
func (g *Share) maybeRetarget(now int64, r *ShareResponse) {
	if g.assignmentEpoch >= g.epoch {
		return
	}
	if g.assigned && g.cfg.AssignmentIntervalNs > 0 && now < g.assignedAt+g.cfg.AssignmentIntervalNs {
		return
	}
	members := g.members.list()
	ids := make([]string, len(members))
	old := make(map[string]*intSet, len(members))
	for i, m := range members {
		ids[i] = m.ID
		old[m.ID] = m.target
	}
	next := simpleAssign(g.cfg.Partitions, specOrder(ids), old)
	asg := assignor.Assignment{}
	for id, set := range next {
		g.members.byID[id].target = set
		asg[id] = topicPartitions(g.cfg.Topic, set.sorted())
	}
	g.assignmentEpoch, g.assignedAt, g.assigned = g.epoch, now, true
	r.Events = append(r.Events, Event{Kind: TargetAssignmentComputed, Generation: g.epoch, Assignment: asg})
}

// specOrder is the order of TargetAssignmentBuilder's member specs: a new
// HashMap filled in the group's member order.
func specOrder(ids []string) []string {
	var order assignor.JoinOrder
	for _, id := range ids {
		order.Add(id)
	}
	return order.MemberIDs()
}

// leave is shareGroupFenceMember: the member is removed and the group
// epoch goes up. The broker then releases the records the member holds.
func (g *Share) leave(id, reason string, r *ShareResponse) {
	if g.members.byID[id] == nil {
		r.Err = UnknownMemberID
		return
	}
	g.members.remove(id, "")
	g.epoch++
	r.Events = append(r.Events, Event{Kind: MemberRemoved, MemberID: id, Reason: reason, Generation: g.epoch})
}

func equalParts(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
