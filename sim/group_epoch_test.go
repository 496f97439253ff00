package sim

import (
	"slices"
	"strings"
	"testing"

	"partitionlab/sim/coordinator"
	"partitionlab/sim/scenario"
)

// Member epochs from the engine's side. No preset meets fencing: the engine
// never delays or loses a heartbeat answer, so these tests force a stale
// epoch on a running member and watch what it does next.

// epochSim is a running KIP-848 group (four partitions, two members of one
// thread each), advanced to atS seconds.
func epochSim(t *testing.T, atS float64, edit func(sc *scenario.Scenario)) *Sim {
	t.Helper()
	sc := scenario.DefaultScenario()
	sc.DurationS = 30
	sc.Topic.Partitions = 4
	sc.Workload.OrdersPerS = 100
	sc.Consumer.Instances, sc.Consumer.Concurrency = 2, 1
	sc.Consumer.GroupProtocol = "consumer"
	if edit != nil {
		edit(&sc)
	}
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	for s.now < msToNs(atS*1000) {
		if s.Advance(1) {
			t.Fatalf("the run ended before %v s", atS)
		}
	}
	return s
}

func finish(s *Sim) *Result {
	for !s.Advance(1 << 16) {
	}
	return s.Result()
}

func eventsNamed(r *Result, name string) []GroupEvent {
	var out []GroupEvent
	for _, e := range r.Group.Events {
		if e.Event == name {
			out = append(out, e)
		}
	}
	return out
}

// noPartitionTwice fails if two members hold one partition at the end.
func noPartitionTwice(t *testing.T, r *Result) {
	t.Helper()
	seen := map[int]string{}
	for _, m := range r.Consumers.Members {
		for _, p := range m.Partitions {
			if o, ok := seen[p]; ok {
				t.Errorf("p%d is held by %s and %s", p, o, m.Name)
			}
			seen[p] = m.Name
		}
	}
}

// After GroupMetadataManagerTest.testConsumerGroupMemberEpochValidation and
// testMemberCanRejoinWithEpochZeroInUnrevokedPartitionsState: a heartbeat
// with an epoch the coordinator does not accept is answered
// FENCED_MEMBER_EPOCH; the member gives up its partitions at once, without
// committing, and rejoins with epoch 0 and the same member id.
func TestConsumerGroupHeartbeatFencedMemberEpoch(t *testing.T) {
	s := epochSim(t, 10, nil)
	m := s.members[0]
	cm := s.group.consumer.Member(m.id)
	if m.gen != cm.Epoch || m.gen == 0 {
		t.Fatalf("the member sends epoch %d, the coordinator's is %d: it should send its real member epoch", m.gen, cm.Epoch)
	}
	held, id, committed := slices.Clone(m.parts), m.id, slices.Clone(s.committed)
	if len(held) == 0 {
		t.Fatal("the member holds nothing to give up")
	}
	m.gen = cm.Epoch + 3 // an epoch ahead of the member's
	at := nsToS(s.now)
	m.heartbeat848(s)
	if len(m.parts) != 0 || !m.rejoin || m.gen != coordinator.JoinEpoch {
		t.Fatalf("after FENCED_MEMBER_EPOCH: partitions %v, rejoin %v, epoch %d; want none, a rejoin with epoch 0", m.parts, m.rejoin, m.gen)
	}
	if !slices.Equal(s.committed, committed) {
		t.Error("a fenced member committed its offsets (onPartitionsLost does not commit)")
	}
	r := finish(s)
	ev := eventsNamed(r, "FencedMemberEpochException")
	if len(ev) != 1 || !strings.Contains(ev[0].Detail, "FENCED_MEMBER_EPOCH") || ev[0].AtS != at {
		t.Fatalf("events %+v; want one FencedMemberEpochException at %v s naming FENCED_MEMBER_EPOCH", ev, at)
	}
	if m.id != id {
		t.Errorf("it rejoined as %s; a fenced member keeps its member id %s", m.id, id)
	}
	if !slices.Equal(r.Consumers.Members[0].Partitions, toInts(held)) {
		t.Errorf("it ends with %v; rejoining, it gets its target %v back", r.Consumers.Members[0].Partitions, held)
	}
	if got := s.group.consumer.Member(m.id).Epoch; m.gen != got {
		t.Errorf("after the rejoin it sends epoch %d, the coordinator's is %d", m.gen, got)
	}
	noPartitionTwice(t, r)
}

func toInts(ps []int32) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = int(p)
	}
	return out
}

// After OffsetMetadataManagerTest.testConsumerGroupOffsetCommitWithStaleMemberEpoch:
// an OffsetCommit carrying an epoch the member does not have is answered
// STALE_MEMBER_EPOCH and stores nothing; the commitSync throws
// StaleMemberEpochException. With its real epoch the same commit succeeds.
func TestConsumerGroupOffsetCommitWithStaleMemberEpoch(t *testing.T) {
	s := epochSim(t, 10, nil)
	m := s.members[0]
	epoch := m.gen
	for _, p := range m.parts {
		s.logs[p].position = max(s.logs[p].position, s.committed[p]+1) // something new to commit
	}
	committed, failed := slices.Clone(s.committed), s.group.res.FailedCommits
	m.gen = epoch + 1
	if m.commit(s, m.parts, commitApp, s.now) {
		t.Fatal("a commit with a newer epoch than the member's was accepted")
	}
	if !slices.Equal(s.committed, committed) || s.group.res.FailedCommits != failed+1 {
		t.Errorf("a refused commit stored offsets or was not counted as failed")
	}
	m.gen = epoch
	if !m.commit(s, m.parts, commitApp, s.now) {
		t.Fatal("the same commit with the member's epoch failed")
	}
	if slices.Equal(s.committed, committed) {
		t.Error("the accepted commit stored nothing")
	}
	r := finish(s)
	ev := eventsNamed(r, "StaleMemberEpochException")
	if len(ev) != 1 || !strings.Contains(ev[0].Detail, "STALE_MEMBER_EPOCH") {
		t.Errorf("events %+v; want one StaleMemberEpochException naming STALE_MEMBER_EPOCH", ev)
	}
}

// After GroupMetadataManagerTest's classicGroupJoinNewDynamicMember cases
// (testNewMemberJoinExpiration, testJoinGroupCompletionWhenPendingMemberJoins):
// every first JoinGroup of a dynamic member is answered MEMBER_ID_REQUIRED
// and sent again with the id (MemberIdRequiredException in the Java
// client); a static member joins at once.
func TestClassicGroupJoinNewDynamicMemberRequiresMemberID(t *testing.T) {
	r := runPreset(t, "new-group")
	ev := eventsNamed(r, "MemberIdRequiredException")
	if len(ev) != 6 {
		t.Fatalf("%d MEMBER_ID_REQUIRED events; want one per member (2 instances × 3 threads)", len(ev))
	}
	names := map[string]bool{}
	for _, e := range ev {
		names[e.Member] = true
		if e.AtS != 0 || !strings.Contains(e.Detail, "MEMBER_ID_REQUIRED") {
			t.Errorf("%+v: want it at the first join (0 s), naming MEMBER_ID_REQUIRED", e)
		}
	}
	if len(names) != 6 {
		t.Errorf("members asked for an id: %v; want each of the six once", names)
	}
	// The same run with the coordinator's switch off (JoinGroup before v4):
	// the round trip adds no simulated time, the rebalance ends at the same
	// instant.
	sc, err := scenario.Preset("new-group")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	cfg := s.classicConfig()
	cfg.RequireKnownMemberID = false
	s.group.classic = coordinator.NewClassic(cfg)
	s.group.classic.SetPartitions(s.group.knownPartitions)
	for !s.Advance(1 << 20) {
	}
	off := s.Result()
	if n := len(eventsNamed(off, "MemberIdRequiredException")); n != 0 {
		t.Fatalf("switched off, the coordinator still asked %d members for an id", n)
	}
	rb, rbOff := r.Group.Rebalances, off.Group.Rebalances
	if len(rb) != 1 || len(rbOff) != 1 || rb[0].EndS != rbOff[0].EndS {
		t.Errorf("rebalances %+v, without the round trip %+v: want one each, ending at the same instant", rb, rbOff)
	}
	static := runPreset(t, "new-group", "consumer.static_membership=true")
	if n := len(eventsNamed(static, "MemberIdRequiredException")); n != 0 {
		t.Errorf("static members got %d MEMBER_ID_REQUIRED answers; the coordinator never asks them", n)
	}
	kip848 := runPreset(t, "new-group", "consumer.group_protocol=consumer")
	if n := len(eventsNamed(kip848, "MemberIdRequiredException")); n != 0 {
		t.Errorf("KIP-848 members got %d MEMBER_ID_REQUIRED answers; the consumer protocol has none", n)
	}
}

// After ConsumerGroupTest's currentPartitionEpoch cases: a partition is the
// member's from the heartbeat answer that gives it, not from its next
// heartbeat. A member given p0 that has not started on it yet (a GC pause)
// keeps it until it reports giving it up; the member the next target moves
// p0 to waits. (Found by the invariants: group.ownership-ee74f956da.json.)
func TestConsumerGroupPartitionBelongsToMemberFromTheAnswer(t *testing.T) {
	r := runDoc(t, `{"version": 1, "seed": 12615208400851886059, "duration_s": 6,
		"topic": {"partitions": 1}, "workload": {"orders_per_s": 0.001, "customers": 1},
		"consumer": {"instances": 1, "concurrency": 2, "max_poll_records": 1, "group_protocol": "consumer",
			"new_group": true},
		"timeline": [{"at_s": 0.754, "action": "gc_pause", "instance": 1, "duration_s": 1}]}`)
	type span struct {
		who        string
		from, till float64
	}
	var spans []span
	for _, m := range r.Consumers.Members {
		for i, a := range m.Assignments {
			till := r.DurationS
			if i+1 < len(m.Assignments) {
				till = m.Assignments[i+1].AtS
			}
			if slices.Contains(a.Partitions, 0) && till > a.AtS {
				spans = append(spans, span{m.Name, a.AtS, till})
			}
		}
	}
	if len(spans) == 0 {
		t.Fatal("nobody ever held p0")
	}
	for i, a := range spans {
		for _, b := range spans[i+1:] {
			if a.who != b.who && a.from < b.till && b.from < a.till {
				t.Errorf("p0 held by %s (%.3f–%.3f s) and %s (%.3f–%.3f s) at once", a.who, a.from, a.till, b.who, b.from, b.till)
			}
		}
	}
}

// Share groups use the same epochs (GroupMetadataManagerTest.
// testShareGroupMemberEpochValidation): a ShareGroupHeartbeat with an
// epoch ahead of the member's is answered FENCED_MEMBER_EPOCH; the member
// gives up its partitions and rejoins with epoch 0.
func TestShareGroupHeartbeatFencedMemberEpoch(t *testing.T) {
	s := epochSim(t, 10, func(sc *scenario.Scenario) {
		sc.Consumer.GroupType, sc.Consumer.GroupProtocol = scenario.GroupTypeShare, "classic"
	})
	m := s.members[0]
	if len(m.parts) == 0 || s.share.epochs[m.idx] <= 0 {
		t.Fatalf("member 0 holds %v at epoch %d; want partitions and a real epoch", m.parts, s.share.epochs[m.idx])
	}
	s.share.epochs[m.idx] += 3
	s.shareHeartbeat(m)
	if len(m.parts) != 0 {
		t.Errorf("after FENCED_MEMBER_EPOCH it still holds %v", m.parts)
	}
	r := finish(s)
	ev := eventsNamed(r, "FencedMemberEpochException")
	if len(ev) != 1 || !strings.Contains(ev[0].Detail, "FENCED_MEMBER_EPOCH") {
		t.Fatalf("events %+v; want one FencedMemberEpochException naming FENCED_MEMBER_EPOCH", ev)
	}
	if len(m.parts) == 0 {
		t.Error("it never got partitions back after rejoining with epoch 0")
	}
}
