package coordinator

import (
	"slices"
	"testing"
)

// KIP-848 consumer groups, after GroupMetadataManagerTest's consumer-group
// cases; the target assignments are the uniform assignor's.
func TestConsumerGroup(t *testing.T) {
	type hb struct {
		req        ConsumerGroupHeartbeat
		err        Error
		assignment []int32 // nil: not checked
		waiting    bool
		epoch      int32
	}
	join := func(client, instance string) ConsumerGroupHeartbeat {
		return ConsumerGroupHeartbeat{ClientID: client, InstanceID: instance, MemberEpoch: JoinEpoch}
	}
	beat := func(id string, owned ...int32) ConsumerGroupHeartbeat {
		return ConsumerGroupHeartbeat{MemberID: id, MemberEpoch: 1, Owned: owned}
	}
	cases := []struct {
		name  string
		start []ConsumerGroupHeartbeat
		steps []hb
	}{{
		// testMemberJoinsEmptyConsumerGroup, then testReconciliationProcess:
		// the newcomer's target includes partitions a member still owns; it
		// gets them only once that member's heartbeat no longer reports them.
		name:  "reconciliation: a partition moves after its owner releases it",
		start: []ConsumerGroupHeartbeat{join("a", "")},
		steps: []hb{
			{req: join("b", ""), assignment: []int32{}, waiting: true, epoch: 2},
			{req: beat("a-1", 0, 1, 2, 3), assignment: []int32{0, 1}, epoch: 2},
			{req: beat("b-2"), assignment: []int32{}, waiting: true, epoch: 2},
			{req: beat("a-1", 0, 1), assignment: []int32{0, 1}, epoch: 2},
			{req: beat("b-2"), assignment: []int32{2, 3}, epoch: 2},
		},
	}, {
		name:  "testLeavingMemberBumpsGroupEpoch",
		start: []ConsumerGroupHeartbeat{join("a", ""), join("b", "")},
		steps: []hb{
			{req: ConsumerGroupHeartbeat{MemberID: "b-2", MemberEpoch: LeaveEpoch}, epoch: 2},
			{req: beat("a-1", 0, 1), assignment: []int32{0, 1, 2, 3}, epoch: 2},
			{req: beat("b-2"), err: UnknownMemberID},
		},
	}, {
		// testStaticMemberGetsBackAssignmentUponRejoin: a static member
		// that left with epoch -2 is replaced by the new process with the
		// same group.instance.id, its assignment intact and no new epoch.
		name:  "testStaticMemberGetsBackAssignmentUponRejoin",
		start: []ConsumerGroupHeartbeat{join("a", "ia"), join("b", "ib")},
		steps: []hb{
			{req: ConsumerGroupHeartbeat{MemberID: "ib-2", InstanceID: "ib", MemberEpoch: StaticLeaveEpoch}, epoch: 1},
			{req: join("b", "ib"), assignment: []int32{2, 3}, epoch: 1},
		},
	}, {
		// testShouldThrownUnreleasedInstanceIdExceptionWhenNewMemberJoinsWithInUseInstanceId
		name:  "a static member that has not left keeps its instance id",
		start: []ConsumerGroupHeartbeat{join("a", "ia"), join("b", "ib")},
		steps: []hb{{req: join("b", "ib"), err: UnreleasedInstanceID}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			g := NewConsumer(ConsumerConfig{Topic: "t", Partitions: 4, NewMemberID: func(base string) string {
				n++
				return base + "-" + string(rune('0'+n))
			}})
			g.Start(c.start)
			for i, s := range c.steps {
				r := g.Step(s.req)
				if r.Err != s.err {
					t.Errorf("step %d: error %v, want %v", i, r.Err, s.err)
				}
				if s.err != None {
					continue
				}
				if s.assignment != nil && !slices.Equal(r.Assignment, s.assignment) && !(len(r.Assignment) == 0 && len(s.assignment) == 0) {
					t.Errorf("step %d: assignment %v, want %v", i, r.Assignment, s.assignment)
				}
				if r.Waiting != s.waiting {
					t.Errorf("step %d: waiting %v, want %v", i, r.Waiting, s.waiting)
				}
				if s.epoch != 0 && g.Epoch() != s.epoch {
					t.Errorf("step %d: group epoch %d, want %d", i, g.Epoch(), s.epoch)
				}
			}
		})
	}
}
