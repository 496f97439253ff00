package coordinator

import (
	"fmt"
	"slices"

	"partitionlab/sim/assignor"
)

// Consumer is a KIP-848 consumer group (ConsumerGroup): there is no join
// barrier. The coordinator keeps a target assignment, recomputed by the
// server-side uniform assignor at every new group epoch (a member joining
// or leaving, the partition count changing), and answers each member's
// heartbeat with the part of its target that no other member still owns:
// a partition moves once its previous owner has reported releasing it.
type Consumer struct {
	cfg     ConsumerConfig
	epoch   int32
	members roster[ConsumerMember]    // ConsumerGroup.members, in its HashMap order
	owners  map[int32]*ConsumerMember // who reports owning each partition
	// given is who was last given each partition in a response (with
	// MemberEpochs): ConsumerGroup.currentPartitionEpoch, which holds a
	// partition for its member from the answer that gives it, before the
	// member reports owning it.
	given map[int32]*ConsumerMember
}

// ConsumerConfig is what a consumer group needs besides its requests.
type ConsumerConfig struct {
	Topic       string
	Partitions  int32
	NewMemberID func(base string) string
	// MemberEpochs turns on KIP-848's member epochs: a heartbeat with an
	// epoch the member does not have is answered FENCED_MEMBER_EPOCH and an
	// OffsetCommit with an old one STALE_MEMBER_EPOCH. Off, the group
	// checks no epoch, as before this switch existed.
	MemberEpochs bool
}

// ConsumerMember is what the group holds of one member.
type ConsumerMember struct {
	ID, InstanceID string
	// Owned is what the member reported owning in its last heartbeat.
	Owned []int32
	// Target is its part of the target assignment.
	Target []int32
	// Left: a static member that left with epoch -2; it keeps its place
	// and target for the same group.instance.id to take back.
	Left bool
	// Epoch and PreviousEpoch are its member epochs (with MemberEpochs):
	// the target's epoch once it has nothing left to revoke.
	Epoch, PreviousEpoch int32
	// Assigned is what the last response allowed it; assignedAt is the
	// member epoch at which it got each partition it holds or was allowed.
	Assigned   []int32
	assignedAt map[int32]int32
}

// Member epochs a ConsumerGroupHeartbeat carries besides the current one.
const (
	JoinEpoch        int32 = 0
	LeaveEpoch       int32 = -1
	StaticLeaveEpoch int32 = -2
)

// ConsumerGroupHeartbeat is a member's ConsumerGroupHeartbeatRequest.
type ConsumerGroupHeartbeat struct {
	MemberID, InstanceID string
	// ClientID starts a new member's id.
	ClientID string
	// MemberEpoch is JoinEpoch to join, LeaveEpoch or StaticLeaveEpoch to
	// leave, otherwise the member's epoch (not checked here).
	MemberEpoch int32
	// Owned is the partitions the member owns now (its acknowledgement).
	Owned  []int32
	Reason string // why the group epoch changes, when it does
}

func (ConsumerGroupHeartbeat) request() {}

// ConsumerResponse is the answer to a heartbeat.
type ConsumerResponse struct {
	Err      Error
	MemberID string
	// Assignment is what the member may own now: its target, less the
	// partitions another member still owns.
	Assignment []int32
	// Waiting says part of its target is still owned by another member.
	Waiting bool
	// Replaced is the member id a static member took the place of.
	Replaced string
	// Epoch is the group epoch; Retargeted says this request started it.
	Epoch      int32
	Retargeted bool
	// MemberEpoch is the member's epoch (with MemberEpochs).
	MemberEpoch int32
}

// NewConsumer is an empty consumer group.
func NewConsumer(cfg ConsumerConfig) *Consumer {
	return &Consumer{cfg: cfg, members: newRoster[ConsumerMember](), owners: map[int32]*ConsumerMember{},
		given: map[int32]*ConsumerMember{}}
}

// Epoch is the group epoch.
func (g *Consumer) Epoch() int32 { return g.epoch }

// Member is the member with that id, or nil.
func (g *Consumer) Member(id string) *ConsumerMember { return g.members.byID[id] }

// Members lists the members in the coordinator's iteration order.
func (g *Consumer) Members() []*ConsumerMember { return g.members.list() }

// Step applies a ConsumerGroupHeartbeat; it is Apply without a time, for
// the engine's calls until they move to Apply.
func (g *Consumer) Step(q ConsumerGroupHeartbeat) ConsumerResponse { return g.Apply(0, q) }

// Apply is the one door into the consumer group: a ConsumerGroupHeartbeat
// (GroupMetadataManager.consumerGroupHeartbeat) or an OffsetCommit
// (ConsumerGroup.validateOffsetCommit) at time now.
func (g *Consumer) Apply(now int64, req Request) ConsumerResponse {
	switch q := req.(type) {
	case ConsumerGroupHeartbeat:
		return g.heartbeat(q)
	case OffsetCommit:
		return ConsumerResponse{Err: g.validateCommit(q), Epoch: g.epoch}
	}
	panic(fmt.Sprintf("coordinator: a consumer group does not take %T", req))
}

func (g *Consumer) heartbeat(q ConsumerGroupHeartbeat) ConsumerResponse {
	var r ConsumerResponse
	switch {
	case q.MemberEpoch == LeaveEpoch || q.MemberEpoch == StaticLeaveEpoch:
		m := g.members.byID[q.MemberID]
		if m == nil {
			r.Err = UnknownMemberID
			return r
		}
		if q.MemberEpoch == StaticLeaveEpoch && m.InstanceID != "" {
			m.Left = true
			g.own(m, nil)
			g.give(m, nil)
		} else {
			g.Expire(q.MemberID, q.Reason)
			r.Retargeted = true
		}
		r.Epoch = g.epoch
		return r
	case q.MemberID == "":
		if q.InstanceID != "" && g.members.static[q.InstanceID] != "" {
			old := g.members.byID[g.members.static[q.InstanceID]]
			if !old.Left {
				// throwIfInstanceIdIsUnreleased
				r.Err = UnreleasedInstanceID
				return r
			}
			m := &ConsumerMember{ID: g.cfg.NewMemberID(q.InstanceID), InstanceID: q.InstanceID, Target: old.Target}
			g.members.remove(old.ID, old.InstanceID)
			g.members.add(m.ID, m.InstanceID, m)
			r.Replaced, q.MemberID = old.ID, m.ID
			break
		}
		m := g.add(q)
		q.MemberID = m.ID
		g.own(m, q.Owned)
		g.Retarget()
		r.Retargeted = true
	}
	m := g.members.byID[q.MemberID]
	if m == nil {
		r.Err = UnknownMemberID
		return r
	}
	if g.cfg.MemberEpochs {
		if r.Err = consumerEpochError(m, q); r.Err != None {
			return r
		}
		if q.MemberEpoch == JoinEpoch {
			// A known member joining with epoch 0 was fenced: it gave up
			// its partitions (testMemberCanRejoinWithEpochZero...).
			g.give(m, nil)
			clear(m.assignedAt)
		}
	}
	g.own(m, q.Owned)
	r.MemberID, r.Epoch = m.ID, g.epoch
	r.Assignment, r.Waiting = g.allowed(m)
	if g.cfg.MemberEpochs {
		g.reconcileEpoch(m, r.Assignment)
		r.MemberEpoch = m.Epoch
	}
	return r
}

// add is a new member joining.
func (g *Consumer) add(q ConsumerGroupHeartbeat) *ConsumerMember {
	m := &ConsumerMember{ID: g.cfg.NewMemberID(memberIDBase(q.ClientID, q.InstanceID)), InstanceID: q.InstanceID}
	g.members.add(m.ID, m.InstanceID, m)
	return m
}

// allowed is the member's target less what another member still owns.
func (g *Consumer) allowed(m *ConsumerMember) ([]int32, bool) {
	var out []int32
	waiting := false
	for _, p := range m.Target {
		if g.ownedByOther(m, p) {
			waiting = true
			continue
		}
		out = append(out, p)
	}
	return out, waiting
}

func (g *Consumer) ownedByOther(m *ConsumerMember, p int32) bool {
	if o, ok := g.owners[p]; ok && o != m {
		return true
	}
	o, ok := g.given[p]
	return ok && o != m
}

// give notes the partitions a response allows the member: they are its
// until a later response takes them away (with MemberEpochs).
func (g *Consumer) give(m *ConsumerMember, parts []int32) {
	for _, p := range m.Assigned {
		if g.given[p] == m {
			delete(g.given, p)
		}
	}
	m.Assigned = slices.Clone(parts)
	for _, p := range m.Assigned {
		g.given[p] = m
	}
}

// own records what a member reports owning. A partition has one owner at
// a time: no member is given a partition another still reports owning.
func (g *Consumer) own(m *ConsumerMember, parts []int32) {
	for _, p := range m.Owned {
		if g.owners[p] == m {
			delete(g.owners, p)
		}
	}
	m.Owned = slices.Clone(parts)
	for _, p := range m.Owned {
		g.owners[p] = m
	}
}

// Expire removes a member (its session timed out, or it left): its
// partitions are free, and the group moves to a new epoch.
func (g *Consumer) Expire(id, reason string) {
	m := g.members.byID[id]
	if m == nil {
		return
	}
	g.own(m, nil)
	g.give(m, nil)
	g.members.remove(id, m.InstanceID)
	g.Retarget()
}

// SetPartitions is the partition count changing: a new epoch.
func (g *Consumer) SetPartitions(n int32) {
	g.cfg.Partitions = n
	if len(g.members.byID) > 0 {
		g.Retarget()
	}
}

// Retarget computes a new target assignment with the uniform assignor,
// each member's current target as what it owns: a new group epoch.
func (g *Consumer) Retarget() assignor.Assignment {
	members := g.Members()
	in := make([]assignor.Member, len(members))
	for i, m := range members {
		in[i] = assignor.Member{MemberID: m.ID, InstanceID: m.InstanceID, Topics: []string{g.cfg.Topic},
			Owned: topicPartitions(g.cfg.Topic, m.Target), Generation: g.epoch}
	}
	g.epoch++
	asg, err := assignor.Uniform{}.Assign(map[string]int32{g.cfg.Topic: g.cfg.Partitions}, in)
	if err != nil {
		return nil
	}
	for _, m := range members {
		m.Target = partitionsOf(asg[m.ID])
	}
	return asg
}

// Assignment is the current target assignment.
func (g *Consumer) Assignment() assignor.Assignment {
	a := assignor.Assignment{}
	for _, m := range g.members.byID {
		a[m.ID] = topicPartitions(g.cfg.Topic, m.Target)
	}
	return a
}

// Start is a group already running when the driver begins: the members
// join, one target assignment is computed, and each owns its target.
func (g *Consumer) Start(joins []ConsumerGroupHeartbeat) []string {
	ids := make([]string, len(joins))
	for i, q := range joins {
		ids[i] = g.add(q).ID
	}
	g.Retarget()
	for _, m := range g.members.byID {
		g.own(m, m.Target)
		if g.cfg.MemberEpochs {
			g.reconcileEpoch(m, m.Target)
		}
	}
	return ids
}
