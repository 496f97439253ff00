package coordinator

import (
	"fmt"
	"slices"
	"testing"
)

// A case drives one classic group through requests; each step may check the
// error, the group's state afterwards and whether the request was answered
// at once. Member ids come from ids, in order, as the coordinator hands
// them out. The expected values are those of Kafka's own tests, named in
// each case (GroupMetadataManagerTest, ClassicGroupTest), and of
// ../../shared/reference/groups-cases.md, computed by Kafka's assignors.
type step struct {
	req   Request
	err   Error
	state State
	done  bool  // the JoinGroup was answered at once
	gen   int32 // 0: not checked
}

type classicCase struct {
	name       string
	partitions int32
	ids        []string
	start      []JoinGroup // members of a group already Stable, joined via Start
	steps      []step
	want       map[string][]int32 // final assignments, by member id
	protocol   string
	// requireKnownID answers a dynamic member's first JoinGroup
	// MEMBER_ID_REQUIRED (JoinGroup version 4 and later).
	requireKnownID bool
}

func join(client, instance string, protocols ...string) JoinGroup {
	return JoinGroup{ClientID: client, InstanceID: instance, Protocols: protocols, OwnedGeneration: -1}
}

func rejoin(id string, protocols ...string) JoinGroup {
	return JoinGroup{MemberID: id, Protocols: protocols, OwnedGeneration: 1}
}

func owning(q JoinGroup, parts ...int32) JoinGroup { q.Owned = parts; return q }

func run(t *testing.T, c classicCase) *Classic {
	t.Helper()
	next := 0
	g := NewClassic(ClassicConfig{Topic: "t", Partitions: c.partitions, RebalanceTimeoutNs: 300e9, InitialDelayNs: 3e9,
		RequireKnownMemberID: c.requireKnownID,
		NewMemberID: func(base string) string {
			if next < len(c.ids) {
				next++
				return c.ids[next-1]
			}
			next++
			return fmt.Sprintf("%s-%d", base, next)
		}})
	now := int64(0)
	if len(c.start) > 0 {
		g.Start(now, c.start)
		if r := g.Step(now, SyncGroup{Generation: g.Generation()}); r.Err != None {
			t.Fatalf("start: SyncGroup %v", r.Err)
		}
	}
	for i, s := range c.steps {
		now += 1e9
		if tm, ok := s.req.(Timer); ok && tm.Seq == 0 {
			tm.Seq = g.Rebalance()
			s.req = tm
		}
		if sg, ok := s.req.(SyncGroup); ok && sg.Generation == 0 {
			s.req = SyncGroup{Generation: g.Generation()}
		}
		r := g.Step(now, s.req)
		if r.Err != s.err {
			t.Errorf("step %d %T: error %v, want %v", i, s.req, r.Err, s.err)
		}
		if g.State() != s.state {
			t.Errorf("step %d %T: state %v, want %v", i, s.req, g.State(), s.state)
		}
		if r.Done != s.done {
			t.Errorf("step %d %T: answered at once %v, want %v", i, s.req, r.Done, s.done)
		}
		if s.gen != 0 && g.Generation() != s.gen {
			t.Errorf("step %d %T: generation %d, want %d", i, s.req, g.Generation(), s.gen)
		}
	}
	if c.protocol != "" && g.Protocol() != c.protocol {
		t.Errorf("protocol %q, want %q", g.Protocol(), c.protocol)
	}
	for id, want := range c.want {
		m := g.Member(id)
		if m == nil {
			t.Errorf("%s is not a member", id)
			continue
		}
		if !slices.Equal(m.Assignment, want) {
			t.Errorf("%s assigned %v, want %v", id, m.Assignment, want)
		}
	}
	return g
}

func TestClassicGroup(t *testing.T) {
	rangeRR := []string{"range", "roundrobin"}
	cases := []classicCase{{
		name: "GroupMetadataManagerTest.testJoinGroupInconsistentGroupProtocol",
		ids:  []string{"a-1", "b-1"}, partitions: 2,
		steps: []step{
			{req: join("a", "", "range"), state: PreparingRebalance},
			{req: join("b", "", "roundrobin"), err: InconsistentGroupProtocol, state: PreparingRebalance},
		},
	}, {
		// ClassicGroup.supportsProtocols counts the rejoining static
		// member's own old entry: a roll from [range] straight to
		// [cooperative-sticky] is refused for the first member.
		name: "static rejoin with a protocol nobody else lists is refused (ClassicGroup.supportsProtocols)",
		ids:  []string{"s1-1", "s2-1"}, partitions: 4,
		start: []JoinGroup{join("c1", "s1", "range"), join("c2", "s2", "range")},
		steps: []step{{req: join("c1", "s1", "cooperative-sticky"), err: InconsistentGroupProtocol, state: Stable}},
		want:  map[string][]int32{"s1-1": {0, 1}, "s2-1": {2, 3}},
	}, {
		// ClassicGroup.supportedProtocols counts the members listing each
		// protocol; a member that left no longer counts.
		name: "a member that left no longer counts for the protocols (ClassicGroup.supportedProtocols)",
		ids:  []string{"a-1", "b-1", "c-1"}, partitions: 4,
		start: []JoinGroup{join("a", "", "range"), join("b", "", "range")},
		steps: []step{
			{req: LeaveGroup{MemberID: "b-1"}, state: PreparingRebalance},
			{req: join("c", "", "range"), state: PreparingRebalance},
			{req: rejoin("a-1", "range"), state: CompletingRebalance, gen: 2},
		},
		protocol: "range",
	}, {
		// The documented two-step migration, static: [cooperative-sticky,
		// range] is accepted without a rebalance while range stays
		// selected; the last member's rejoin changes the selection and the
		// group rebalances onto cooperative-sticky.
		name: "static roll in two steps (updateStaticMemberThenRebalanceOrCompleteJoin)",
		ids:  []string{"s1-1", "s2-1", "s1-2", "s2-2"}, partitions: 4,
		start: []JoinGroup{join("c1", "s1", "range"), join("c2", "s2", "range")},
		steps: []step{
			{req: join("c1", "s1", "cooperative-sticky", "range"), state: Stable, done: true, gen: 1},
			{req: join("c2", "s2", "cooperative-sticky", "range"), state: PreparingRebalance},
			{req: rejoin("s1-2", "cooperative-sticky", "range"), state: CompletingRebalance, gen: 2},
			{req: SyncGroup{}, state: Stable},
		},
		protocol: "cooperative-sticky",
	}, {
		name: "GroupMetadataManagerTest.testStaticMemberRejoinWithUnknownMemberIdAndChangeOfProtocolWithSelectedProtocolChanged",
		ids:  []string{"leader-1", "follower-1", "follower-2"}, partitions: 4,
		start: []JoinGroup{join("l", "leader-instance-id", rangeRR...), join("f", "follower-instance-id", rangeRR...)},
		steps: []step{{req: join("f", "follower-instance-id", "roundrobin"), state: PreparingRebalance}},
	}, {
		name: "GroupMetadataManagerTest.testStaticMemberRejoinWithUnknownMemberIdAndChangeOfProtocolWhileSelectProtocolUnchanged",
		ids:  []string{"leader-1", "follower-1", "follower-2"}, partitions: 4,
		start: []JoinGroup{join("l", "leader-instance-id", rangeRR...), join("f", "follower-instance-id", rangeRR...)},
		steps: []step{
			{req: join("f", "follower-instance-id", "range"), state: Stable, done: true, gen: 1},
			// testStaticMemberFenceDuplicateRejoinedFollower: the old id is fenced.
			{req: Heartbeat{MemberID: "follower-1", InstanceID: "follower-instance-id", Generation: 1}, err: FencedInstanceID, state: Stable},
			{req: OffsetCommit{MemberID: "follower-1", InstanceID: "follower-instance-id", Generation: 1}, err: FencedInstanceID, state: Stable},
			{req: Heartbeat{MemberID: "follower-2", InstanceID: "follower-instance-id", Generation: 1}, state: Stable},
		},
		// RangeAssignor orders static members by group.instance.id.
		want: map[string][]int32{"leader-1": {2, 3}, "follower-2": {0, 1}},
	}, {
		name: "GroupMetadataManagerTest.testHeartbeat{UnknownMemberExistingGroup,IllegalGeneration,DuringPreparingRebalance,DuringCompletingRebalance}",
		ids:  []string{"a-1", "b-1", "c-1"}, partitions: 3,
		start: []JoinGroup{join("a", "", "range"), join("b", "", "range")},
		steps: []step{
			{req: Heartbeat{MemberID: "nobody", Generation: 1}, err: UnknownMemberID, state: Stable},
			{req: Heartbeat{MemberID: "a-1", Generation: 0}, err: IllegalGeneration, state: Stable},
			{req: join("c", "", "range"), state: PreparingRebalance},
			{req: Heartbeat{MemberID: "a-1", Generation: 1}, err: RebalanceInProgress, state: PreparingRebalance},
			// OffsetCommit is accepted while preparing (onJoinPrepare commits).
			{req: OffsetCommit{MemberID: "a-1", Generation: 1}, state: PreparingRebalance},
			{req: rejoin("a-1", "range"), state: PreparingRebalance},
			{req: rejoin("b-1", "range"), state: CompletingRebalance, gen: 2},
			{req: Heartbeat{MemberID: "a-1", Generation: 2}, state: CompletingRebalance},
			{req: OffsetCommit{MemberID: "a-1", Generation: 2}, err: RebalanceInProgress, state: CompletingRebalance},
			{req: SyncGroup{}, state: Stable},
		},
		want: map[string][]int32{"a-1": {0}, "b-1": {1}, "c-1": {2}},
	}, {
		// removeMemberAndUpdateClassicGroup then completeClassicGroupJoin:
		// the last member leaving ends the rebalance in Empty with a new
		// generation; the next member waits group.initial.rebalance.delay.ms.
		name: "the last member leaves: Empty, and the next join waits the initial delay",
		ids:  []string{"a-1", "a-2"}, partitions: 2,
		start: []JoinGroup{join("a", "", "range")},
		steps: []step{
			{req: LeaveGroup{MemberID: "a-1"}, state: Empty, gen: 2},
			{req: join("a", "", "range"), state: PreparingRebalance},
			{req: Timer{Kind: InitialDelay}, state: CompletingRebalance, gen: 3},
			{req: SyncGroup{}, state: Stable},
		},
		want: map[string][]int32{"a-2": {0, 1}},
	}, {
		// GroupMetadataManager.addMemberThenRebalanceOrCompleteJoin and
		// tryCompleteInitialRebalanceElseSchedule: a member joining while
		// a rebalance that started from Empty waits its initial delay
		// earns the group one more delay; a delay without a newcomer ends
		// the join phase.
		name: "a new group waits one more initial delay for each member that joined during the last",
		ids:  []string{"a-1", "b-1"}, partitions: 2,
		steps: []step{
			{req: join("a", "", "range"), state: PreparingRebalance},
			{req: join("b", "", "range"), state: PreparingRebalance},
			{req: Timer{Kind: InitialDelay}, state: PreparingRebalance},
			{req: Timer{Kind: InitialDelay}, state: CompletingRebalance, gen: 1},
			{req: SyncGroup{}, state: Stable},
		},
		want: map[string][]int32{"a-1": {0}, "b-1": {1}},
	}, {
		// GroupMetadataManagerTest.testRebalanceTimeoutExpiration and
		// onCompleteJoin: a dynamic member that did not rejoin is removed,
		// a static one keeps its place.
		name: "rebalance timeout removes dynamic members only",
		ids:  []string{"a-1", "b-1", "s-1", "c-1"}, partitions: 4,
		start: []JoinGroup{join("a", "", "range"), join("b", "", "range"), join("x", "s", "range")},
		steps: []step{
			{req: join("c", "", "range"), state: PreparingRebalance},
			{req: rejoin("a-1", "range"), state: PreparingRebalance},
			{req: Timer{Kind: RebalanceTimeout}, state: CompletingRebalance},
			{req: Heartbeat{MemberID: "b-1", Generation: 2}, err: UnknownMemberID, state: CompletingRebalance},
			{req: SyncGroup{}, state: Stable},
		},
		// Range puts static members first (MemberInfo.compareTo).
		want: map[string][]int32{"s-1": {0, 1}, "a-1": {2}, "c-1": {3}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { run(t, c) })
	}
}

// The leader's assignment runs on what members report in JoinGroup: an
// eager member ([cooperative-sticky, range]) revoked everything in
// onJoinPrepare and reports ownedPartitions=[], so cooperative-sticky
// hands out the whole topic; cooperative members report what they own and
// the partitions that must move are held back for a follow-up round.
// Expected lists: groups-cases.md, from Kafka's CooperativeStickyAssignor
// (cf. CooperativeStickyAssignorTest).
func TestClassicAssignmentFromJoinMetadata(t *testing.T) {
	ids := []string{"consumer-1-1-9f00aa01", "consumer-2-1-8c1d2e02", "consumer-3-1-a0b1c203", "consumer-4-1-b7e3f104"}
	eager := []string{"cooperative-sticky", "range"}
	coop := []string{"cooperative-sticky"}
	start := func(p []string) []JoinGroup {
		return []JoinGroup{join("consumer-1-1", "", p...), join("consumer-2-1", "", p...), join("consumer-3-1", "", p...)}
	}
	cases := []classicCase{{
		name: "eager members send ownedPartitions=[]: nothing held back",
		ids:  ids, partitions: 12, start: start(eager),
		steps: []step{
			{req: join("consumer-4-1", "", eager...), state: PreparingRebalance},
			{req: rejoin(ids[0], eager...), state: PreparingRebalance},
			{req: rejoin(ids[1], eager...), state: PreparingRebalance},
			{req: rejoin(ids[2], eager...), state: CompletingRebalance},
			{req: SyncGroup{}, state: Stable},
		},
		protocol: "cooperative-sticky",
		want:     map[string][]int32{ids[0]: {0, 4, 8}, ids[1]: {1, 5, 9}, ids[2]: {2, 6, 10}, ids[3]: {3, 7, 11}},
	}, {
		name: "cooperative members report what they own: 9, 10, 11 held back",
		ids:  ids, partitions: 12, start: start(coop),
		steps: []step{
			{req: join("consumer-4-1", "", coop...), state: PreparingRebalance},
			{req: owning(rejoin(ids[0], coop...), 0, 3, 6, 9), state: PreparingRebalance},
			{req: owning(rejoin(ids[1], coop...), 1, 4, 7, 10), state: PreparingRebalance},
			{req: owning(rejoin(ids[2], coop...), 2, 5, 8, 11), state: CompletingRebalance},
			{req: SyncGroup{}, state: Stable},
		},
		want: map[string][]int32{ids[0]: {0, 3, 6}, ids[1]: {1, 4, 7}, ids[2]: {2, 5, 8}, ids[3]: {}},
	}, {
		// ClassicGroup.selectProtocol after a static roll from [range] to
		// [roundrobin, range]: the last rejoin changes the selection.
		name: "static roll to [roundrobin, range] rebalances onto roundrobin",
		ids:  []string{"i1-1", "i2-1", "i3-1", "i4-1", "i1-2", "i2-2", "i3-2", "i4-2"}, partitions: 8,
		start: []JoinGroup{join("c1", "i1", "range"), join("c2", "i2", "range"), join("c3", "i3", "range"), join("c4", "i4", "range")},
		steps: []step{
			{req: join("c1", "i1", "roundrobin", "range"), state: Stable, done: true},
			{req: join("c2", "i2", "roundrobin", "range"), state: Stable, done: true},
			{req: join("c3", "i3", "roundrobin", "range"), state: Stable, done: true},
			{req: join("c4", "i4", "roundrobin", "range"), state: PreparingRebalance},
			{req: rejoin("i1-2", "roundrobin", "range"), state: PreparingRebalance},
			{req: rejoin("i2-2", "roundrobin", "range"), state: PreparingRebalance},
			{req: rejoin("i3-2", "roundrobin", "range"), state: CompletingRebalance},
			{req: SyncGroup{}, state: Stable},
		},
		protocol: "roundrobin",
		want:     map[string][]int32{"i1-2": {0, 4}, "i2-2": {1, 5}, "i3-2": {2, 6}, "i4-2": {3, 7}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { run(t, c) })
	}
}
