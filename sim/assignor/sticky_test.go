package assignor

import (
	"slices"
	"testing"
)

// stickyCase is one case of kafka-fidelity.md §4 or of Kafka's
// AbstractStickyAssignorTest / StickyAssignorTest /
// CooperativeStickyAssignorTest. final is what sticky assigns and where
// cooperative-sticky ends after its follow-up rebalances; phase1 is what
// cooperative-sticky assigns first, when it differs from final.
type stickyCase struct {
	name          string
	topics        map[string]int32
	members       []Member
	final, phase1 Assignment
}

var stickyCases = []stickyCase{{
	name:    "reference / testTwoConsumersTwoTopicsSixPartitions: nothing owned",
	topics:  map[string]int32{"topic1": 3, "topic2": 3},
	members: []Member{m("consumer1", "topic1", "topic2"), m("consumer2", "topic1", "topic2")},
	final:   want("consumer1=topic1:0,topic1:2,topic2:1", "consumer2=topic1:1,topic2:0,topic2:2"),
}, {
	name:   "reference / testConsumerOwningMinQuotaExpectedMaxQuota",
	topics: map[string]int32{"topic1": 2, "topic2": 3},
	members: []Member{owning(m("consumer1", "topic1", "topic2"), 1, "topic1:0,topic2:1"),
		owning(m("consumer2", "topic1", "topic2"), 1, "topic1:1,topic2:2")},
	final: want("consumer1=topic1:0,topic2:0,topic2:1", "consumer2=topic1:1,topic2:2"),
}, {
	// consumer3, consumer2, consumer1 is the HashMap's order for a table of
	// 16: consumer3 takes nothing, consumer2 keeps its two partitions (the
	// one member allowed maxQuota), so consumer1 keeps only minQuota and
	// topic2:0 goes to consumer3. Visiting in sorted order would give
	// consumer1 [topic1:0,topic2:0], consumer2 [topic1:1], consumer3 [topic2:1].
	name:   "reference / testMaxQuotaConsumerMoreThanNumExpectedMaxCapacityMembers",
	topics: map[string]int32{"topic1": 2, "topic2": 2},
	members: []Member{owning(m("consumer1", "topic1", "topic2"), 1, "topic1:0,topic2:0"),
		owning(m("consumer2", "topic1", "topic2"), 1, "topic1:1,topic2:1"), owning(m("consumer3", "topic1", "topic2"), 1, "")},
	final:  want("consumer1=topic1:0", "consumer2=topic1:1,topic2:1", "consumer3=topic2:0"),
	phase1: want("consumer1=topic1:0", "consumer2=topic1:1,topic2:1", "consumer3="),
}, {
	name:   "reference / testAllConsumersAreUnderMinQuota",
	topics: map[string]int32{"topic1": 2, "topic2": 3},
	members: []Member{owning(m("consumer1", "topic1", "topic2"), 1, "topic1:0"), owning(m("consumer2", "topic1", "topic2"), 1, "topic1:1"),
		owning(m("consumer3", "topic1", "topic2"), 1, "")},
	final: want("consumer1=topic1:0,topic2:1", "consumer2=topic1:1,topic2:2", "consumer3=topic2:0"),
}, {
	name:   "reference / testAllConsumersReachExpectedQuotaAndAreConsideredFilled",
	topics: map[string]int32{"topic": 4},
	members: []Member{owning(m("consumer1", "topic"), 1, "topic:0,topic:1"), owning(m("consumer2", "topic"), 1, "topic:2"),
		owning(m("consumer3", "topic"), 1, "")},
	final: want("consumer1=topic:0,topic:1", "consumer2=topic:2", "consumer3=topic:3"),
}, {
	name:    "reference / testAddRemoveConsumerOneTopic: consumer2 joins",
	topics:  map[string]int32{"topic": 3},
	members: []Member{owning(m("consumer1", "topic"), 1, "topic:0,topic:1,topic:2"), owning(m("consumer2", "topic"), 1, "")},
	final:   want("consumer1=topic:0,topic:1", "consumer2=topic:2"),
	phase1:  want("consumer1=topic:0,topic:1", "consumer2="),
}, {
	name:    "reference / testMultipleConsumersMixedTopicSubscriptions (general builder)",
	topics:  map[string]int32{"topic1": 3, "topic2": 2},
	members: []Member{m("consumer1", "topic1"), m("consumer2", "topic1", "topic2"), m("consumer3", "topic1")},
	final:   want("consumer1=topic1:0,topic1:2", "consumer2=topic2:0,topic2:1", "consumer3=topic1:1"),
}, {
	name:    "testAddRemoveTwoConsumersTwoTopics: first assignment",
	topics:  map[string]int32{"topic1": 3, "topic2": 4},
	members: []Member{m("consumer1", "topic1", "topic2"), m("consumer2", "topic1", "topic2")},
	final:   want("consumer1=topic1:0,topic1:2,topic2:1,topic2:3", "consumer2=topic1:1,topic2:0,topic2:2"),
}, {
	name:   "testAddRemoveTwoConsumersTwoTopics: two consumers join",
	topics: map[string]int32{"topic1": 3, "topic2": 4},
	members: []Member{owning(m("consumer1", "topic1", "topic2"), 1, "topic1:0,topic1:2,topic2:1,topic2:3"),
		owning(m("consumer2", "topic1", "topic2"), 1, "topic1:1,topic2:0,topic2:2"),
		owning(m("consumer3", "topic1", "topic2"), 1, ""), owning(m("consumer4", "topic1", "topic2"), 1, "")},
	final:  want("consumer1=topic1:0,topic2:1", "consumer2=topic1:1,topic2:0", "consumer3=topic1:2,topic2:3", "consumer4=topic2:2"),
	phase1: want("consumer1=topic1:0,topic2:1", "consumer2=topic1:1,topic2:0", "consumer3=", "consumer4="),
}, {
	name:   "testAddRemoveTwoConsumersTwoTopics: two consumers leave",
	topics: map[string]int32{"topic1": 3, "topic2": 4},
	members: []Member{owning(m("consumer3", "topic1", "topic2"), 1, "topic1:2,topic2:3"),
		owning(m("consumer4", "topic1", "topic2"), 1, "topic2:2")},
	final: want("consumer3=topic1:0,topic1:2,topic2:1,topic2:3", "consumer4=topic1:1,topic2:0,topic2:2"),
}, {
	name:   "testPartitionsTransferringOwnershipIncludeThePartitionClaimedByMultipleConsumersInSameGeneration",
	topics: map[string]int32{"topic": 3},
	members: []Member{owning(m("consumer1", "topic"), 1, "topic:0,topic:1"), owning(m("consumer2", "topic"), 1, "topic:0,topic:2"),
		owning(m("consumer3", "topic"), 1, "")},
	final:  want("consumer1=topic:1", "consumer2=topic:2", "consumer3=topic:0"),
	phase1: want("consumer1=topic:1", "consumer2=topic:2", "consumer3="),
}, {
	name:   "testAllConsumersHaveOwnedPartitionInvalidatedWhenClaimedByMultipleConsumersInSameGenerationWithUnequalPartitionsPerConsumer",
	topics: map[string]int32{"topic": 4},
	members: []Member{owning(m("consumer1", "topic"), 1, "topic:0,topic:1"), owning(m("consumer2", "topic"), 1, "topic:0,topic:2"),
		owning(m("consumer3", "topic"), 1, "")},
	final:  want("consumer1=topic:1,topic:3", "consumer2=topic:2", "consumer3=topic:0"),
	phase1: want("consumer1=topic:1,topic:3", "consumer2=topic:2", "consumer3="),
}, {
	name:   "testOwnedPartitionsAreInvalidatedForConsumerWithStaleGeneration",
	topics: map[string]int32{"topic": 3, "topic2": 3},
	members: []Member{owning(m("consumer1", "topic", "topic2"), 10, "topic:0,topic:2,topic2:1"),
		owning(m("consumer2", "topic", "topic2"), 9, "topic:0,topic:2,topic2:1")},
	final: want("consumer1=topic:0,topic:2,topic2:1", "consumer2=topic:1,topic2:0,topic2:2"),
}, {
	name:   "testOwnedPartitionsAreInvalidatedForConsumerWithNoGeneration",
	topics: map[string]int32{"topic": 3, "topic2": 3},
	members: []Member{owning(m("consumer1", "topic", "topic2"), 10, "topic:0,topic:2,topic2:1"),
		owning(m("consumer2", "topic", "topic2"), -1, "topic:0,topic:2,topic2:1")},
	final: want("consumer1=topic:0,topic:2,topic2:1", "consumer2=topic:1,topic2:0,topic2:2"),
}, {
	// consumer3's claims on topic2:1 and topic3:0 lose to higher
	// generations, but it keeps topic3:2 although its generation is stale.
	name:   "testEnsurePartitionsAssignedToHighestGeneration",
	topics: map[string]int32{"topic": 3, "topic2": 3, "topic3": 3},
	members: []Member{owning(m("consumer1", "topic", "topic2", "topic3"), 10, "topic:0,topic2:0,topic3:0"),
		owning(m("consumer2", "topic", "topic2", "topic3"), 9, "topic:1,topic2:1,topic3:1"),
		owning(m("consumer3", "topic", "topic2", "topic3"), 8, "topic2:1,topic3:0,topic3:2")},
	final: want("consumer1=topic:0,topic2:0,topic3:0", "consumer2=topic:1,topic2:1,topic3:1", "consumer3=topic:2,topic2:2,topic3:2"),
}, {
	name:   "testNoReassignmentOnCurrentMembers",
	topics: map[string]int32{"topic": 3, "topic1": 3, "topic2": 3, "topic3": 3},
	members: []Member{owning(m("consumer1", "topic", "topic2", "topic3", "topic1"), -1, ""),
		owning(m("consumer2", "topic", "topic2", "topic3", "topic1"), 9, "topic:0,topic2:0,topic1:0"),
		owning(m("consumer3", "topic", "topic2", "topic3", "topic1"), 8, "topic3:2,topic2:2,topic1:1"),
		owning(m("consumer4", "topic", "topic2", "topic3", "topic1"), 7, "topic3:1,topic:1,topic:2")},
	final: want("consumer1=topic1:2,topic2:1,topic3:0", "consumer2=topic:0,topic1:0,topic2:0", "consumer3=topic1:1,topic2:2,topic3:2",
		"consumer4=topic:1,topic:2,topic3:1"),
}, {
	name:   "testOwnedPartitionsAreInvalidatedForConsumerWithMultipleGeneration",
	topics: map[string]int32{"topic": 3, "topic2": 3},
	members: []Member{owning(m("consumer1", "topic", "topic2"), 10, "topic:0,topic2:1,topic:1"),
		owning(m("consumer2", "topic", "topic2"), 8, "topic:0,topic2:1,topic2:2")},
	final: want("consumer1=topic:0,topic:1,topic2:1", "consumer2=topic:2,topic2:0,topic2:2"),
}, {
	// The general builder (subscriptions differ) keeps consumer4 on topic1.
	name:   "testMoveExistingAssignments",
	topics: map[string]int32{"topic1": 1, "topic2": 1, "topic3": 1, "topic4": 1, "topic5": 1, "topic6": 1},
	members: []Member{owning(m("consumer1", "topic1", "topic2"), 1, "topic1:0"),
		owning(m("consumer2", "topic1", "topic2", "topic3", "topic4"), 1, "topic2:0,topic3:0"),
		owning(m("consumer3", "topic2", "topic3", "topic4", "topic5", "topic6"), 1, "topic4:0,topic5:0,topic6:0")},
	final: want("consumer1=topic1:0", "consumer2=topic2:0,topic3:0", "consumer3=topic4:0,topic5:0,topic6:0"),
}}

func TestSticky(t *testing.T) {
	for _, c := range stickyCases {
		checkAssignment(t, c.name, mustAssign(t, Sticky{}, c.topics, c.members), c.final)
	}
}

func TestCooperativeSticky(t *testing.T) {
	for _, c := range stickyCases {
		phase1, final, _ := settleCooperative(t, c.topics, c.members)
		expected := c.phase1
		if expected == nil {
			expected = c.final
		}
		checkAssignment(t, c.name+" (first rebalance)", phase1, expected)
		checkAssignment(t, c.name+" (after follow-up rebalances)", final, c.final)
	}
}

// settleCooperative runs cooperative-sticky the way
// CooperativeStickyAssignorTest.verifyValidityAndBalance does: while some
// member has to revoke, everyone rejoins owning what it kept, and the
// assignor runs again. A partition is never handed to a new owner in the
// rebalance that revokes it from the old one.
func settleCooperative(t *testing.T, topics map[string]int32, members []Member) (first, final Assignment, rounds int) {
	t.Helper()
	members = slices.Clone(members)
	generation := int32(0)
	for _, mb := range members {
		generation = max(generation, mb.Generation)
	}
	for {
		a := mustAssign(t, CooperativeSticky{}, topics, members)
		if first == nil {
			first = a
		}
		owned := Assignment{}
		for _, mb := range members {
			owned[mb.MemberID] = mb.Owned
		}
		step := PlanCooperative(owned, a)
		revoked := map[TopicPartition]string{}
		for id, tps := range step.Revoked {
			for _, tp := range tps {
				revoked[tp] = id
			}
		}
		for id, tps := range step.Added {
			for _, tp := range tps {
				if from, ok := revoked[tp]; ok {
					t.Errorf("round %d: %v goes from %s to %s in the rebalance that revokes it", rounds, tp, from, id)
				}
			}
		}
		if !step.Rejoin() {
			return first, a, rounds
		}
		rounds++
		if rounds > 4 {
			t.Fatalf("still revoking after %d follow-up rebalances", rounds)
		}
		generation++
		for i := range members {
			members[i].Owned, members[i].Generation = a[members[i].MemberID], generation
		}
	}
}

// TestCooperativeTwoPhases is the reference's KIP-429 example: a second
// member joins a group whose only member owns all three partitions.
func TestCooperativeTwoPhases(t *testing.T) {
	topics := map[string]int32{"topic": 3}
	c1 := owning(m("c1", "topic"), 1, "topic:0,topic:1,topic:2")
	phase1 := mustAssign(t, CooperativeSticky{}, topics, []Member{c1, owning(m("c2", "topic"), 1, "")})
	checkAssignment(t, "phase 1", phase1, want("c1=topic:0,topic:1", "c2="))
	step := PlanCooperative(want("c1=topic:0,topic:1,topic:2", "c2="), phase1)
	checkAssignment(t, "revoked in phase 1", step.Revoked, want("c1=topic:2"))
	if !step.Rejoin() || len(step.Pending) != 1 || step.Pending[0] != (TopicPartition{"topic", 2}) {
		t.Errorf("phase 1 should leave topic:2 pending for a follow-up rebalance, got %+v", step)
	}
	phase2 := mustAssign(t, CooperativeSticky{}, topics, []Member{owning(m("c1", "topic"), 2, "topic:0,topic:1"), owning(m("c2", "topic"), 2, "")})
	checkAssignment(t, "phase 2", phase2, want("c1=topic:0,topic:1", "c2=topic:2"))
	if s := PlanCooperative(want("c1=topic:0,topic:1", "c2="), phase2); s.Rejoin() {
		t.Errorf("phase 2 revokes %v; it should only add", s.Revoked)
	}
}

// TestEagerCooperativeStickyHasNothingToKeep: under the eager protocol the
// consumer revokes everything before JoinGroup, so cooperative-sticky sees
// no owned partitions and deals partitions afresh, while sticky (which
// carries the previous assignment in its user data) keeps them.
func TestEagerCooperativeStickyHasNothingToKeep(t *testing.T) {
	topics := map[string]int32{"t": 6}
	prev := want("b=t:0,t:1,t:2", "c=t:3,t:4,t:5")
	withOwned := []Member{owning(m("a", "t"), -1, ""), owning(m("b", "t"), 3, "t:0,t:1,t:2"), owning(m("c", "t"), 3, "t:3,t:4,t:5")}
	sticky := mustAssign(t, Sticky{}, topics, withOwned)
	if moved := len(Diff(prev, sticky)); moved != 2 {
		t.Errorf("sticky moved %d partitions, want 2: %s", moved, show(sticky))
	}
	eager := []Member{m("a", "t"), m("b", "t"), m("c", "t")}
	fresh := mustAssign(t, CooperativeSticky{}, topics, eager)
	checkAssignment(t, "cooperative-sticky without owned partitions", fresh, want("a=t:0,t:3", "b=t:1,t:4", "c=t:2,t:5"))
}
