package sim

import (
	"slices"
)

// membership is a member's side of the consumer group protocol.
type membership struct {
	id         string   // member.id; dynamic members get a new one each time they join afresh
	instanceID string   // group.instance.id; "" for dynamic members
	assignors  []string // partition.assignment.strategy
	eager      bool     // its rebalance protocol is EAGER
	joins      int      // how many member ids it has had

	up         bool  // the process runs
	frozenTill int64 // a GC pause freezes it (and its heartbeats) until then
	stopping   bool  // a clean shutdown waits for the current batch
	fenced     bool  // another live member took its group.instance.id

	inGroup bool // the coordinator counts it as a member
	joined  bool // it has (re)joined the rebalance in progress
	rejoin  bool // it will (re)join at its next poll
	kicked  bool // it left the group on a poll time-out and finds out at its next poll
	stale   bool // a static member assigned in its absence: its next commit fails
	// needsNewID: a static member that reset its state after a poll time-out
	// rejoins with its group.instance.id and no member id.
	needsNewID bool
	gen        int32 // generation of its assignment

	// pending is an assignment the member applies at its next poll: the
	// cooperative protocol's result, or a KIP-848 target.
	pending    []int32
	hasPending bool

	// lastAssigned is the assignment it last received: the eager sticky
	// assignor's user data. A new process starts without one.
	lastAssigned []int32
	// revokedNow: a cooperative member that just revoked partitions rejoins
	// at once to have them handed out.
	revokedNow []int32
	// joinReason: the leader rejoins because its metadata changed.
	joinReason string
	// replacedAt: another process joined with its group.instance.id at this
	// time; its next heartbeat or commit is answered FENCED_INSTANCE_ID.
	replacedAt int64
	replaced   bool

	hbPhase  int64 // heartbeats are sent at hbPhase + k × interval
	lastPoll int64
	lastHB   int64 // the last heartbeat before heartbeats stopped

	history []AssignmentChange
}

// AssignmentChange is a member's partitions from a moment on.
type AssignmentChange struct {
	AtS        float64 `json:"at_s"`
	Partitions []int   `json:"partitions"`
}

// quiet says the group has no business with the member at its next poll:
// it is in the group and has nothing to learn (kicked, stale, fenced),
// apply (pending), join (rejoin, joined) or finish (stopping).
func (m *membership) quiet() bool {
	return m.inGroup && !m.rejoin && !m.kicked && !m.stale && !m.hasPending && !m.stopping && !m.joined && !m.fenced
}

// clientID is what a new member id starts with: the group.instance.id of a
// static member, the client.id of a dynamic one.
func (m *member) clientID(s *Sim) string {
	if m.instanceID != "" {
		return m.instanceID
	}
	return s.threadNames[m.thread]
}

// busyWithGroup says the member cannot process now: it is down, frozen,
// or waiting in an eager rebalance with nothing assigned.
func (m *member) alive(now int64) bool { return m.up && !m.fenced && now >= m.frozenTill }

// nextHeartbeat is the member's first heartbeat at or after t.
func (m *member) nextHeartbeat(t, interval int64) int64 {
	if t <= m.hbPhase {
		return m.hbPhase
	}
	k := (t - m.hbPhase + interval - 1) / interval
	return m.hbPhase + k*interval
}

// lastHeartbeat is the member's last heartbeat at or before t.
func (m *member) lastHeartbeat(t, interval int64) int64 {
	if t < m.hbPhase {
		return t
	}
	return m.hbPhase + (t-m.hbPhase)/interval*interval
}

// subsetOf reports whether every partition of a (sorted) is in b (sorted).
func subsetOf(a, b []int) bool {
	j := 0
	for _, p := range a {
		for j < len(b) && b[j] < p {
			j++
		}
		if j == len(b) || b[j] != p {
			return false
		}
	}
	return true
}

// noteAssignment adds member m's partitions, as they are now, to its
// assignment history (the result's consumers.members[].assignments). Two
// changes at one instant keep one entry, unless the first gave the member a
// partition the second takes away: in that instant it may have processed a
// record of it (processing_ms 0), which the history must show. With
// onlyChange (a share member, which notes its assignment at every heartbeat
// answer, fencing and leave) an unchanged assignment, or none before any,
// adds nothing.
func (s *Sim) noteAssignment(m *member, onlyChange bool) {
	ch := AssignmentChange{AtS: nsToS(s.now), Partitions: make([]int, len(m.parts))}
	for i, p := range m.parts {
		ch.Partitions[i] = int(p)
	}
	slices.Sort(ch.Partitions)
	n := len(m.history)
	switch {
	case onlyChange && n == 0 && len(ch.Partitions) == 0:
	case onlyChange && n > 0 && slices.Equal(m.history[n-1].Partitions, ch.Partitions):
	case n > 0 && m.history[n-1].AtS == ch.AtS && subsetOf(m.history[n-1].Partitions, ch.Partitions):
		m.history[n-1] = ch
	default:
		m.history = append(m.history, ch)
	}
}

// setParts replaces the member's partitions and notes the change. A
// partition it did not own before starts from the committed offset.
func (m *member) setParts(s *Sim, parts []int32) {
	had := map[int32]bool{}
	for _, p := range m.parts {
		had[p] = true
		if s.owner[p] == m.idx {
			s.owner[p] = -1
		}
	}
	m.parts = append(m.parts[:0], parts...)
	slices.Sort(m.parts)
	m.fetchFrom = 0
	m.quietUntil = 0 // new partitions: look again
	for _, p := range m.parts {
		s.owner[p] = m.idx
		if !had[p] {
			s.resume(p)
		}
	}
	s.noteAssignment(m, false)
	if len(m.parts) > 0 {
		m.wakeAt(s, s.now)
		s.maybeResume()
	}
}
