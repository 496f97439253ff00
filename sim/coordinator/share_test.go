package coordinator

import (
	"slices"
	"testing"
)

// A shareStep is one request to a share group at At ms and what it must
// answer; the group epoch after it is checked when Epoch is not 0.
type shareStep struct {
	At          int64
	Req         Request
	Err         Error
	MemberEpoch int32
	Assignment  []int32 // checked when HasAssignment
	HasAssign   bool
	Epoch       int32
	Events      []EventKind // nil: not checked
}

func hb(id string, epoch int32) ShareGroupHeartbeat {
	return ShareGroupHeartbeat{MemberID: id, MemberEpoch: epoch}
}

func newTestShare(partitions int32) *Share {
	return NewShare(ShareConfig{Topic: "t", Partitions: partitions, SessionTimeoutNs: DefaultShareSessionTimeoutNs,
		HeartbeatIntervalNs: DefaultShareHeartbeatIntervalNs, AssignmentIntervalNs: DefaultShareAssignmentIntervalNs, MaxSize: 2})
}

// Share groups after GroupMetadataManagerTest's share-group cases (Kafka
// 4.3.1), with the SimpleAssignor's real targets in place of its mock
// assignor.
func TestShareGroup(t *testing.T) {
	cases := []struct {
		name       string
		partitions int32
		steps      []shareStep
	}{{
		name: "testShareGroupMemberJoinsEmptyGroupWithAssignments", partitions: 3,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch), MemberEpoch: 1, HasAssign: true, Assignment: []int32{0, 1, 2}, Epoch: 1,
				Events: []EventKind{MemberJoined, TargetAssignmentComputed}},
			{At: 5000, Req: hb("a", 1), MemberEpoch: 1, Epoch: 1, Events: []EventKind{}},
		},
	}, {
		name: "testShareGroupUnknownMemberIdJoins", partitions: 3,
		steps: []shareStep{{Req: hb("a", 1), Err: UnknownMemberID}},
	}, {
		name: "testShareGroupMemberIdGeneration: the client brings its member id", partitions: 3,
		steps: []shareStep{{Req: hb("", JoinEpoch), Err: InvalidRequest}},
	}, {
		name: "testShareGroupMemberCanRejoinWithEpochZero", partitions: 3,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch), MemberEpoch: 1, HasAssign: true, Assignment: []int32{0, 1, 2}},
			{At: 5000, Req: hb("a", JoinEpoch), MemberEpoch: 1, HasAssign: true, Assignment: []int32{0, 1, 2}, Epoch: 1},
		},
	}, {
		// Within group.share.assignment.interval.ms of the last target, a
		// joining member waits for the next one with nothing assigned;
		// members take the new target at their next heartbeat, and nobody
		// waits for anyone to give a partition up. The overfilled member
		// gives up the first partitions of its set.
		name: "testShareGroupHeartbeatDoesNotBumpGroupEpochDuringAssignmentDelay", partitions: 4,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch), MemberEpoch: 1, HasAssign: true, Assignment: []int32{0, 1, 2, 3}},
			{At: 500, Req: hb("b", JoinEpoch), MemberEpoch: 1, HasAssign: true, Assignment: []int32{}, Epoch: 2,
				Events: []EventKind{MemberJoined}},
			{At: 999, Req: hb("a", 1), MemberEpoch: 1, Epoch: 2},
			{At: 1000, Req: hb("a", 1), MemberEpoch: 2, HasAssign: true, Assignment: []int32{2, 3},
				Events: []EventKind{TargetAssignmentComputed}},
			{At: 1100, Req: hb("b", 1), MemberEpoch: 2, HasAssign: true, Assignment: []int32{0, 1}},
		},
	}, {
		name: "testShareGroupLeavingMemberBumpsGroupEpoch", partitions: 4,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch)},
			{At: 2000, Req: hb("b", JoinEpoch), MemberEpoch: 2, HasAssign: true, Assignment: []int32{0, 1}},
			{At: 3000, Req: hb("b", LeaveEpoch), MemberEpoch: LeaveEpoch, Epoch: 3, Events: []EventKind{MemberRemoved}},
			// a never heard of epoch 2: it still sends 1, and moves to epoch
			// 3 with the partitions it has, so the answer carries none.
			{At: 4000, Req: hb("a", 1), MemberEpoch: 3},
			{At: 5000, Req: hb("b", 2), Err: UnknownMemberID},
		},
	}, {
		name: "testShareGroupNewMemberIsRejectedWithMaximumMembersIsReached", partitions: 4,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch)},
			{Req: hb("b", JoinEpoch)},
			{Req: hb("c", JoinEpoch), Err: GroupMaxSizeReached},
		},
	}, {
		// A session expiry delivered late after a heartbeat renewed the
		// session changes nothing; on time it removes the member.
		name: "testSessionTimeoutExpirationForShareMember", partitions: 2,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch)},
			{At: 5000, Req: hb("a", 1)},
			{At: 45000, Req: SessionExpired{MemberID: "a"}, Epoch: 1, Events: []EventKind{}},
			{At: 50000, Req: SessionExpired{MemberID: "a"}, Epoch: 2, Events: []EventKind{MemberRemoved}},
			{At: 51000, Req: hb("a", 1), Err: UnknownMemberID},
			{At: 52000, Req: hb("a", JoinEpoch), MemberEpoch: 3, HasAssign: true, Assignment: []int32{0, 1}},
		},
	}, {
		// throwIfShareGroupMemberEpochIsInvalid: ahead is fenced, the
		// previous epoch is accepted (a lost response), anything older is
		// fenced.
		name: "member epochs: FENCED_MEMBER_EPOCH", partitions: 2,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch)},
			{At: 2000, Req: hb("b", JoinEpoch)},
			{At: 2000, Req: hb("a", 1), MemberEpoch: 2},
			{At: 3000, Req: hb("b", LeaveEpoch)},
			{At: 4000, Req: hb("a", 2), MemberEpoch: 3},
			{At: 4500, Req: hb("a", 4), Err: FencedMemberEpoch},
			{At: 5000, Req: hb("a", 2), MemberEpoch: 3},
			{At: 5500, Req: hb("a", 1), Err: FencedMemberEpoch},
			{At: 6000, Req: hb("a", JoinEpoch), MemberEpoch: 3, HasAssign: true, Assignment: []int32{0, 1}},
		},
	}, {
		name: "a partition count change moves the group epoch", partitions: 2,
		steps: []shareStep{
			{Req: hb("a", JoinEpoch), Assignment: []int32{0, 1}, HasAssign: true, MemberEpoch: 1},
			{At: 3000, Req: SetPartitions{Partitions: 3}, Epoch: 2},
			{At: 4000, Req: hb("a", 1), MemberEpoch: 2, HasAssign: true, Assignment: []int32{0, 1, 2}},
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestShare(c.partitions)
			for i, s := range c.steps {
				r := g.Step(s.At*1e6, s.Req)
				if r.Err != s.Err {
					t.Fatalf("step %d: error %v, want %v", i, r.Err, s.Err)
				}
				if s.MemberEpoch != 0 && r.MemberEpoch != s.MemberEpoch {
					t.Errorf("step %d: member epoch %d, want %d", i, r.MemberEpoch, s.MemberEpoch)
				}
				if s.HasAssign && (!r.HasAssignment || !slices.Equal(r.Assignment, s.Assignment) && len(r.Assignment)+len(s.Assignment) > 0) {
					t.Errorf("step %d: assignment %v (%v), want %v", i, r.Assignment, r.HasAssignment, s.Assignment)
				}
				if s.Epoch != 0 && g.Epoch() != s.Epoch {
					t.Errorf("step %d: group epoch %d, want %d", i, g.Epoch(), s.Epoch)
				}
				if s.Events != nil {
					var kinds []EventKind
					for _, e := range r.Events {
						kinds = append(kinds, e.Kind)
					}
					if !slices.Equal(kinds, s.Events) {
						t.Errorf("step %d: events %v, want %v", i, kinds, s.Events)
					}
				}
			}
		})
	}
}

func TestShareConfigValidate(t *testing.T) {
	ok := newTestShare(1).cfg
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		edit func(*ShareConfig)
		want string
	}{
		{func(c *ShareConfig) { c.SessionTimeoutNs = 30e9 }, "share.session.timeout.ms: 30000 is not in 45000..60000"},
		{func(c *ShareConfig) { c.HeartbeatIntervalNs = 16e9 }, "share.heartbeat.interval.ms: 16000 is not in 5000..15000"},
		{func(c *ShareConfig) { c.AssignmentIntervalNs = -1e6 }, "share.assignment.interval.ms: -1 is not in 0..15000"},
		{func(c *ShareConfig) { c.MaxSize = 1001 }, "group.share.max.size: 1001 is not in 1..1000"},
	} {
		cfg := ok
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
}
