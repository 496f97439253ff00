package coordinator

import (
	"fmt"
	"slices"

	"partitionlab/sim/assignor"
)

// State is a classic group's state (ClassicGroupState).
type State uint8

// The classic group states.
const (
	Empty State = iota
	PreparingRebalance
	CompletingRebalance
	Stable
)

func (s State) String() string {
	return [...]string{"Empty", "PreparingRebalance", "CompletingRebalance", "Stable"}[s]
}

// ClassicConfig is what a classic group needs besides its requests.
type ClassicConfig struct {
	// Topic and Partitions are what the group subscribes to.
	Topic      string
	Partitions int32
	// RebalanceTimeoutNs is how long members have to rejoin a rebalance
	// (the largest max.poll.interval.ms among them).
	RebalanceTimeoutNs int64
	// InitialDelayNs is group.initial.rebalance.delay.ms: a rebalance of an
	// Empty group waits this long for more members.
	InitialDelayNs int64
	// NewMemberID gives the member id for a member joining without one
	// (Kafka: "<client.id or group.instance.id>-<UUID>"). The driver owns the
	// randomness, so runs stay deterministic.
	NewMemberID func(base string) string
	// RequireKnownMemberID is JoinGroup version 4 and later (every Java
	// client since 2.2): a dynamic member's first JoinGroup is answered
	// MEMBER_ID_REQUIRED with its new member id, and it joins again with
	// it. Off, the first JoinGroup joins at once, as before this switch.
	RequireKnownMemberID bool
}

// Member is what a classic group holds of one member.
type Member struct {
	ID         string
	InstanceID string // group.instance.id; "" for a dynamic member
	Protocols  []string
	// Owned is the subscription's ownedPartitions, which an eager member
	// sends empty: it revoked everything in onJoinPrepare.
	Owned []int32
	// StickyData is the previous assignment the eager sticky assignor
	// carries in its user data (StickyAssignor.subscriptionUserData).
	StickyData []int32
	// OwnedGeneration is the generation Owned or StickyData belong to.
	OwnedGeneration int32
	// Joined says the member has sent JoinGroup in the rebalance under way.
	Joined bool
	// Assignment is what the last SyncGroup gave it.
	Assignment []int32
}

// Classic is a classic-protocol consumer group: JoinGroup and SyncGroup
// rounds with a barrier.
type Classic struct {
	cfg        ClassicConfig
	state      State
	generation int32
	protocol   string         // the protocol (assignor) of the current generation
	members    roster[Member] // ClassicGroup.members, in its HashMap order
	supported  map[string]int // ClassicGroup.supportedProtocols: members listing each protocol
	seq        int            // which rebalance the timers belong to
	// pending are member ids handed out with MEMBER_ID_REQUIRED whose
	// second JoinGroup has not come (ClassicGroup.pendingJoinMembers).
	pending  map[string]bool
	delaying bool // the initial rebalance delay has not passed
	// The initial delay's extensions (GroupMetadataManager.
	// tryCompleteInitialRebalanceElseSchedule): a rebalance that started
	// from Empty waits another delay whenever a new member joined during
	// the last one, up to the rebalance timeout in all.
	fromEmpty      bool  // the rebalance under way started from Empty
	newMemberAdded bool  // a new member joined during the current delay
	delayNs        int64 // the delay now running
	delayLeftNs    int64 // what the rebalance timeout leaves for more delays
}

// NewClassic is an Empty group.
func NewClassic(cfg ClassicConfig) *Classic {
	return &Classic{cfg: cfg, members: newRoster[Member](), supported: map[string]int{}}
}

// State is the group's state.
func (g *Classic) State() State { return g.state }

// Generation is the group's generation id.
func (g *Classic) Generation() int32 { return g.generation }

// Protocol is the protocol (assignor) the current generation runs; "" for
// an Empty group.
func (g *Classic) Protocol() string { return g.protocol }

// Rebalance numbers the rebalance under way (or the last one).
func (g *Classic) Rebalance() int { return g.seq }

// Members lists the members in the coordinator's iteration order, which is
// the order of the JoinGroup response the leader assigns from.
func (g *Classic) Members() []*Member { return g.members.list() }

// Member is the member with that id, or nil.
func (g *Classic) Member(id string) *Member { return g.members.byID[id] }

// StaticMember is the member id holding a group.instance.id, or "".
func (g *Classic) StaticMember(instanceID string) string { return g.members.static[instanceID] }

// SetPartitions is the leader noticing a new partition count; the driver
// then has a member rejoin (or calls Step with a JoinGroup) to rebalance.
func (g *Classic) SetPartitions(n int32) { g.cfg.Partitions = n }

// Request is one input to Step: a member's request or a timer expiring.
type Request interface{ request() }

// Response is the answer to a request, with what the group did meanwhile.
type Response struct {
	Err        Error
	MemberID   string // the member id a JoinGroup was given
	Generation int32
	Protocol   string
	// Assignment is a static member's current assignment when it rejoined
	// a Stable group without changing what it is assigned (no rebalance).
	Assignment []int32
	// Done says the JoinGroup was answered at once (a static rejoin into a
	// Stable group); otherwise the member waits for the rebalance.
	Done bool
	// Replaced is the member id a static JoinGroup took the place of; that
	// member is fenced from now on.
	Replaced string
	Events   []Event
}

// EventKind says what an Event is.
type EventKind uint8

// The events a group emits.
const (
	// RebalanceStarted: the group entered PreparingRebalance. Timer holds
	// the rebalance timeout (and the initial delay, for an Empty group).
	RebalanceStarted EventKind = iota
	// ReasonAdded: another cause for the rebalance already under way.
	ReasonAdded
	// JoinCompleted: every member has rejoined; SyncGroup is due.
	JoinCompleted
	// RebalanceCompleted: the leader's assignment is in place (Stable).
	RebalanceCompleted
	// MemberRemoved: a member left or was expired.
	MemberRemoved
	// StaticMemberLate: a static member missed the rebalance timeout; it
	// keeps its place and partitions wait for it.
	StaticMemberLate
	// GroupEmpty: the last member left; the next join waits the initial
	// rebalance delay.
	GroupEmpty
	// TimerSet asks the driver to deliver Timer at At.
	TimerSet
	// MemberJoined: a member joined a share group (epoch 0); the group
	// epoch went up.
	MemberJoined
	// TargetAssignmentComputed: a share group's assignor ran for the group
	// epoch in Generation; Assignment is the new target.
	TargetAssignmentComputed
)

// Event is something the group did.
type Event struct {
	Kind       EventKind
	MemberID   string
	Reason     string
	Generation int32
	Protocol   string
	Assignment assignor.Assignment // RebalanceCompleted
	Timer      Timer               // TimerSet
	At         int64               // TimerSet
}

// Timer is a timer the group set expiring; the driver delivers it to Step
// at the time the TimerSet event named.
type Timer struct {
	Kind TimerKind
	Seq  int // the rebalance it belongs to
}

// TimerKind says which timer.
type TimerKind uint8

// The classic group's timers.
const (
	// RebalanceTimeout: members that have not rejoined are removed
	// (dynamic) or left waiting (static).
	RebalanceTimeout TimerKind = iota
	// InitialDelay: group.initial.rebalance.delay.ms has passed.
	InitialDelay
)

func (Timer) request() {}

// SessionExpired is the coordinator's heartbeat timer for a member firing:
// no heartbeat for session.timeout.ms. The driver tracks heartbeat times,
// which it does not deliver one by one.
type SessionExpired struct {
	MemberID string
	Reason   string
}

func (SessionExpired) request() {}

// Step is the one door into the group: it applies a request at time now.
func (g *Classic) Step(now int64, req Request) Response {
	var r Response
	switch q := req.(type) {
	case JoinGroup:
		r = g.join(now, q)
	case SyncGroup:
		r = g.sync(q)
	case Heartbeat:
		r.Err = g.validate(q.MemberID, q.InstanceID, q.Generation, true)
	case OffsetCommit:
		r.Err = g.validate(q.MemberID, q.InstanceID, q.Generation, false)
	case LeaveGroup:
		r = g.leave(now, q)
	case SessionExpired:
		if g.members.byID[q.MemberID] != nil {
			g.remove(now, q.MemberID, q.Reason, &r)
		} else if g.pending[q.MemberID] {
			// removePendingMemberAndUpdateClassicGroup
			delete(g.pending, q.MemberID)
			g.maybeCompleteJoin(&r)
		}
	case Timer:
		g.timer(now, q, &r)
	default:
		panic(fmt.Sprintf("coordinator: unknown request %T", req))
	}
	r.Generation = g.generation
	r.Protocol = g.protocol
	return r
}

// validate is ClassicGroup's check of a Heartbeat or OffsetCommit.
func (g *Classic) validate(id, instanceID string, gen int32, heartbeat bool) Error {
	if instanceID != "" {
		if holder, ok := g.members.static[instanceID]; ok && holder != id {
			return FencedInstanceID
		}
	}
	if g.members.byID[id] == nil {
		return UnknownMemberID
	}
	if gen != g.generation {
		return IllegalGeneration
	}
	switch {
	case heartbeat && g.state == PreparingRebalance:
		return RebalanceInProgress
	case !heartbeat && g.state == CompletingRebalance:
		return RebalanceInProgress
	}
	return None
}

// supportsProtocols is ClassicGroup.supportsProtocols: in a non-empty
// group a protocol is supported when every member lists it, counting any
// member the joining one is about to replace. Like Kafka it reads the
// per-protocol member counts, so a join costs O(protocols), not O(members).
func (g *Classic) supportsProtocols(protocols []string) bool {
	if len(g.members.byID) == 0 {
		return len(protocols) > 0
	}
	return slices.ContainsFunc(protocols, func(name string) bool { return g.supported[name] == len(g.members.byID) })
}

// countProtocols adds d to the count of each protocol a member lists,
// counting a name the member lists twice once.
func (g *Classic) countProtocols(protocols []string, d int) {
	for i, name := range protocols {
		if slices.Contains(protocols[:i], name) {
			continue
		}
		if g.supported[name] += d; g.supported[name] == 0 {
			delete(g.supported, name)
		}
	}
}

// selectProtocol is ClassicGroup.selectProtocol over the members in order.
func (g *Classic) selectProtocol() string {
	var strategies [][]string
	for _, m := range g.Members() {
		strategies = append(strategies, m.Protocols)
	}
	p, err := assignor.ChooseProtocol(strategies)
	if err != nil {
		return ""
	}
	return p
}
