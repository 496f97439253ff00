package coordinator

import (
	"slices"
	"testing"
)

// KIP-848 member epochs (ConsumerConfig.MemberEpochs), after
// GroupMetadataManagerTest.testConsumerGroupMemberEpochValidation,
// testMemberCanRejoinWithEpochZeroInUnrevokedPartitionsState and
// OffsetMetadataManagerTest.testConsumerGroupOffsetCommitWithStaleMemberEpoch.
func TestConsumerGroupMemberEpochs(t *testing.T) {
	type step struct {
		req         Request
		err         Error
		memberEpoch int32 // checked when not 0
	}
	beat := func(id string, epoch int32, owned ...int32) ConsumerGroupHeartbeat {
		return ConsumerGroupHeartbeat{MemberID: id, MemberEpoch: epoch, Owned: owned}
	}
	commit := func(id string, epoch int32, parts ...int32) OffsetCommit {
		return OffsetCommit{MemberID: id, Generation: epoch, Partitions: parts}
	}
	join := ConsumerGroupHeartbeat{ClientID: "b", MemberEpoch: JoinEpoch}
	cases := []struct {
		name  string
		steps []step
	}{{
		name: "testConsumerGroupMemberEpochValidation",
		steps: []step{
			{req: join, memberEpoch: 2},                            // a must revoke 2 and 3: a stays at 1
			{req: beat("a-1", 1, 0, 1, 2, 3), memberEpoch: 1},      // still owns them
			{req: beat("a-1", 1, 0, 1), memberEpoch: 2},            // revoked: epoch 2
			{req: beat("a-1", 3, 0, 1), err: FencedMemberEpoch},    // ahead
			{req: beat("a-1", 1, 0, 1), memberEpoch: 2},            // previous epoch, owning a subset: the answer was lost
			{req: beat("a-1", 1, 0, 1, 2), err: FencedMemberEpoch}, // previous epoch, owning more than allowed
			{req: beat("a-1", 0), memberEpoch: 2},                  // rejoining with epoch 0 is always allowed
			{req: ConsumerGroupHeartbeat{MemberID: "b-2", MemberEpoch: LeaveEpoch}},
			{req: beat("a-1", 2, 0, 1), memberEpoch: 3},
			{req: beat("a-1", 1, 0, 1), err: FencedMemberEpoch}, // two epochs behind
		},
	}, {
		name: "testConsumerGroupOffsetCommitWithStaleMemberEpoch",
		steps: []step{
			{req: join},
			{req: beat("a-1", 1, 0, 1), memberEpoch: 2},
			{req: commit("a-1", 2, 0, 1)},
			{req: commit("a-1", 3, 0), err: StaleMemberEpoch}, // newer than the member's
			{req: commit("a-1", 1, 0, 1)},                     // older, but it had 0 and 1 since epoch 1
			{req: beat("b-2", 2), memberEpoch: 2},             // b gets 2 and 3 at epoch 2
			{req: commit("b-2", 1, 2), err: StaleMemberEpoch}, // older than when it got partition 2
			{req: commit("a-1", 1, 2), err: StaleMemberEpoch}, // a partition it does not hold
			{req: commit("nobody", 1, 0), err: UnknownMemberID},
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			g := NewConsumer(ConsumerConfig{Topic: "t", Partitions: 4, MemberEpochs: true, NewMemberID: func(base string) string {
				n++
				return base + "-" + string(rune('0'+n))
			}})
			g.Start([]ConsumerGroupHeartbeat{{ClientID: "a"}})
			for i, s := range c.steps {
				r := g.Apply(0, s.req)
				if r.Err != s.err {
					t.Fatalf("step %d %+v: error %v, want %v", i, s.req, r.Err, s.err)
				}
				if s.memberEpoch != 0 && r.MemberEpoch != s.memberEpoch {
					t.Errorf("step %d: member epoch %d, want %d", i, r.MemberEpoch, s.memberEpoch)
				}
			}
		})
	}
}

// Without the switch the group checks no epoch: what the engine's runs
// have always seen.
func TestConsumerGroupWithoutMemberEpochs(t *testing.T) {
	g := NewConsumer(ConsumerConfig{Topic: "t", Partitions: 2, NewMemberID: func(b string) string { return b + "-1" }})
	g.Start([]ConsumerGroupHeartbeat{{ClientID: "a"}})
	if r := g.Step(ConsumerGroupHeartbeat{MemberID: "a-1", MemberEpoch: 42, Owned: []int32{0, 1}}); r.Err != None || r.MemberEpoch != 0 {
		t.Errorf("heartbeat: %v, member epoch %d", r.Err, r.MemberEpoch)
	}
	if r := g.Apply(0, OffsetCommit{MemberID: "zz", Generation: 9}); r.Err != None {
		t.Errorf("commit: %v", r.Err)
	}
}

// After ConsumerGroupTest's currentPartitionEpoch cases
// (testUpdatingMemberUpdatesPartitionEpoch, testWaitingOnUnreleasedPartition):
// with member epochs a partition is its member's from the response that
// gives it, before the member reports owning it; another member's target
// gets it only once a later response has taken it away and the member no
// longer reports it.
func TestConsumerGroupPartitionEpochFromTheResponse(t *testing.T) {
	n := 0
	g := NewConsumer(ConsumerConfig{Topic: "t", Partitions: 2, MemberEpochs: true, NewMemberID: func(base string) string {
		n++
		return base + "-" + string(rune('0'+n))
	}})
	a := g.Apply(0, ConsumerGroupHeartbeat{ClientID: "a", MemberEpoch: JoinEpoch})
	if !slices.Equal(a.Assignment, []int32{0, 1}) {
		t.Fatalf("a alone gets %v", a.Assignment)
	}
	// a has not started on 0 and 1 yet (it owns nothing) when b joins.
	b := g.Apply(0, ConsumerGroupHeartbeat{ClientID: "b", MemberEpoch: JoinEpoch})
	if len(b.Assignment) != 0 || !b.Waiting {
		t.Fatalf("b gets %v (waiting %v); partition 1 is still a's since the answer that gave it", b.Assignment, b.Waiting)
	}
	a = g.Apply(0, ConsumerGroupHeartbeat{MemberID: a.MemberID, MemberEpoch: a.MemberEpoch, Owned: []int32{0, 1}})
	if !slices.Equal(a.Assignment, []int32{0}) || a.MemberEpoch != 1 {
		t.Fatalf("a gets %v at epoch %d; want [0], epoch 1 until it revokes 1", a.Assignment, a.MemberEpoch)
	}
	if b = g.Apply(0, ConsumerGroupHeartbeat{MemberID: b.MemberID, MemberEpoch: b.MemberEpoch}); len(b.Assignment) != 0 {
		t.Fatalf("b gets %v while a still reports owning 1", b.Assignment)
	}
	a = g.Apply(0, ConsumerGroupHeartbeat{MemberID: a.MemberID, MemberEpoch: a.MemberEpoch, Owned: []int32{0}})
	if a.MemberEpoch != 2 {
		t.Errorf("a revoked 1: epoch %d, want 2", a.MemberEpoch)
	}
	if b = g.Apply(0, ConsumerGroupHeartbeat{MemberID: b.MemberID, MemberEpoch: b.MemberEpoch}); !slices.Equal(b.Assignment, []int32{1}) || b.Waiting {
		t.Errorf("b gets %v (waiting %v) after a released 1; want [1]", b.Assignment, b.Waiting)
	}
}
