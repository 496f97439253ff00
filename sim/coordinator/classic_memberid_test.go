package coordinator

import "testing"

// The classic protocol's MEMBER_ID_REQUIRED round trip
// (ClassicConfig.RequireKnownMemberID), after GroupMetadataManagerTest's
// pending-member cases: a first JoinGroup only hands out a member id; the
// member is pending, and a rebalance under way waits for it, until it
// joins with the id or its session times out.
func TestClassicGroupMemberIDRequired(t *testing.T) {
	cases := []classicCase{{
		name: "first join: MEMBER_ID_REQUIRED, then the join with the id",
		ids:  []string{"a-1"}, partitions: 2, requireKnownID: true,
		steps: []step{
			{req: join("a", "", "range"), err: MemberIDRequired, state: Empty},
			{req: rejoin("a-1", "range"), state: PreparingRebalance},
			{req: Timer{Kind: InitialDelay}, state: CompletingRebalance, gen: 1},
			{req: SyncGroup{}, state: Stable},
		},
		want: map[string][]int32{"a-1": {0, 1}},
	}, {
		name: "testJoinGroupCompletionWhenPendingMemberJoins",
		ids:  []string{"a-1", "b-1", "c-1"}, partitions: 3, requireKnownID: true,
		start: []JoinGroup{join("a", "", "range"), join("b", "", "range")},
		steps: []step{
			{req: join("c", "", "range"), err: MemberIDRequired, state: Stable},
			{req: rejoin("a-1", "range"), state: PreparingRebalance},
			{req: rejoin("b-1", "range"), state: PreparingRebalance}, // waits for the pending member
			{req: rejoin("c-1", "range"), state: CompletingRebalance, gen: 2},
		},
	}, {
		name: "testJoinGroupCompletionWhenPendingMemberTimesOut",
		ids:  []string{"a-1", "b-1", "c-1"}, partitions: 3, requireKnownID: true,
		start: []JoinGroup{join("a", "", "range"), join("b", "", "range")},
		steps: []step{
			{req: join("c", "", "range"), err: MemberIDRequired, state: Stable},
			{req: rejoin("a-1", "range"), state: PreparingRebalance},
			{req: rejoin("b-1", "range"), state: PreparingRebalance},
			{req: SessionExpired{MemberID: "c-1"}, state: CompletingRebalance, gen: 2},
		},
	}, {
		// Static members are never asked for a member id.
		name: "a static member joins at once",
		ids:  []string{"s-1"}, partitions: 2, requireKnownID: true,
		steps: []step{{req: join("a", "s", "range"), state: PreparingRebalance}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { run(t, c) })
	}
}
