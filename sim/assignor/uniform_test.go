package assignor

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The topic ids of Kafka's OptimizedUniformAssignmentBuilderTest and
// UniformHeterogeneousAssignmentBuilderTest.
var upstreamTopicIDs = func() map[string]TopicID {
	ids := map[string]TopicID{}
	for name, s := range map[string]string{"topic1": "T1-A4s3VTwiI5CTbEp6POw", "topic2": "T2-B4s3VTwiI5YHbPp6YUe",
		"topic3": "T3-CU8fVTLCz5YMkLoDQsa", "topic4": "T4-Tw9fVTLCz5HbPp6YQsa"} {
		id, err := ParseTopicID(s)
		if err != nil {
			panic(err)
		}
		ids[name] = id
	}
	return ids
}()

// TestUniform holds cases of Kafka's uniform assignor tests, with their
// topic ids, members A, B, C and expected target assignments.
func TestUniform(t *testing.T) {
	cases := []struct {
		name    string
		byName  bool // visit topics by name rather than by topic id
		topics  map[string]int32
		members []Member
		want    Assignment
	}{{
		// topic3's id hashes to bin 9, topic1's to bin 10, so topic3's
		// partitions come first in the queue and A (quota 3) takes
		// topic3:0, topic3:1 and topic1:0.
		name:    "homogeneous testFirstAssignmentTwoMembersTwoTopicsNoMemberRacks",
		topics:  map[string]int32{"topic1": 3, "topic3": 2},
		members: []Member{m("A", "topic1", "topic3"), m("B", "topic1", "topic3")},
		want:    want("A=topic1:0,topic3:0,topic3:1", "B=topic1:1,topic1:2"),
	}, {
		name:    "homogeneous testFirstAssignmentNumMembersGreaterThanTotalNumPartitions",
		topics:  map[string]int32{"topic3": 2},
		members: []Member{m("A", "topic3"), m("B", "topic3"), m("C", "topic3")},
		want:    want("A=topic3:0", "B=topic3:1", "C="),
	}, {
		name:   "homogeneous testReassignmentWhenPartitionsAreAddedForTwoMembersTwoTopics",
		topics: map[string]int32{"topic1": 6, "topic2": 5},
		members: []Member{owning(m("A", "topic1", "topic2"), 1, "topic1:0,topic1:2,topic2:0"),
			owning(m("B", "topic1", "topic2"), 1, "topic1:1,topic2:1,topic2:2")},
		want: want("A=topic1:0,topic1:2,topic1:3,topic2:0,topic2:3,topic2:4", "B=topic1:1,topic1:4,topic1:5,topic2:1,topic2:2"),
	}, {
		// Upstream pins the order of A's and B's previous partitions with
		// an insertion-ordered map, topic1 first, while topic2's id comes
		// first in a HashSet; name order is the pinned order here.
		name:   "homogeneous testReassignmentWhenOneMemberAddedAfterInitialAssignmentWithTwoMembersTwoTopics",
		byName: true,
		topics: map[string]int32{"topic1": 3, "topic2": 3},
		members: []Member{owning(m("A", "topic1", "topic2"), 1, "topic1:0,topic1:2,topic2:0"),
			owning(m("B", "topic1", "topic2"), 1, "topic1:1,topic2:1,topic2:2"), m("C", "topic1", "topic2")},
		want: want("A=topic1:0,topic1:2", "B=topic1:1,topic2:1", "C=topic2:0,topic2:2"),
	}, {
		name:   "homogeneous testReassignmentWhenOneMemberRemovedAfterInitialAssignmentWithThreeMembersTwoTopics",
		topics: map[string]int32{"topic1": 3, "topic2": 3},
		members: []Member{owning(m("A", "topic1", "topic2"), 1, "topic1:0,topic2:0"),
			owning(m("B", "topic1", "topic2"), 1, "topic1:1,topic2:1")},
		want: want("A=topic1:0,topic2:0,topic2:2", "B=topic1:1,topic1:2,topic2:1"),
	}, {
		name:    "homogeneous testReassignmentWhenOneSubscriptionRemovedAfterInitialAssignmentWithTwoMembersTwoTopics",
		topics:  map[string]int32{"topic1": 2, "topic2": 2},
		members: []Member{owning(m("A", "topic2"), 1, "topic1:0,topic2:0"), owning(m("B", "topic2"), 1, "topic1:1,topic2:1")},
		want:    want("A=topic2:0", "B=topic2:1"),
	}, {
		name:    "heterogeneous testFirstAssignmentTwoMembersTwoTopics",
		topics:  map[string]int32{"topic1": 3, "topic3": 6},
		members: []Member{m("A", "topic1", "topic3"), m("B", "topic3")},
		want:    want("A=topic1:0,topic1:1,topic1:2,topic3:4", "B=topic3:0,topic3:1,topic3:2,topic3:3,topic3:5"),
	}, {
		name:    "heterogeneous testFirstAssignmentNumMembersGreaterThanTotalNumPartitions",
		topics:  map[string]int32{"topic1": 2, "topic3": 1},
		members: []Member{m("A", "topic3"), m("B", "topic3"), m("C", "topic1")},
		want:    want("A=topic3:0", "B=", "C=topic1:0,topic1:1"),
	}, {
		name:   "heterogeneous testReassignmentForTwoMembersThreeTopicsGivenUnbalancedPrevAssignment",
		topics: map[string]int32{"topic1": 6, "topic2": 4, "topic3": 4},
		members: []Member{owning(m("A", "topic1"), 1, "topic1:0,topic1:1,topic1:2"),
			owning(m("B", "topic1", "topic2"), 1, "topic1:3,topic2:0"),
			owning(m("C", "topic1", "topic2", "topic3"), 1, "topic1:4,topic1:5,topic2:1,topic2:2,topic2:3,topic3:0,topic3:1,topic3:2,topic3:3")},
		want: want("A=topic1:0,topic1:1,topic1:2,topic1:5", "B=topic1:3,topic2:0,topic2:1,topic2:2,topic2:3",
			"C=topic1:4,topic3:0,topic3:1,topic3:2,topic3:3"),
	}, {
		name:   "heterogeneous testReassignmentWhenOneMemberAddedAndPartitionsAddedTwoMembersTwoTopics",
		topics: map[string]int32{"topic1": 6, "topic2": 7},
		members: []Member{owning(m("A", "topic1"), 1, "topic1:0,topic1:2,topic2:0"),
			owning(m("B", "topic1", "topic2"), 1, "topic1:1,topic2:1,topic2:2"), m("C", "topic1", "topic2")},
		want: want("A=topic1:0,topic1:2,topic1:3,topic1:4,topic1:5", "B=topic1:1,topic2:1,topic2:2,topic2:6",
			"C=topic2:0,topic2:3,topic2:4,topic2:5"),
	}, {
		name:   "heterogeneous testReassignmentWhenOneSubscriptionRemovedAfterInitialAssignmentWithTwoMembersTwoTopics",
		topics: map[string]int32{"topic1": 3, "topic2": 5},
		members: []Member{owning(m("A", "topic1"), 1, "topic1:0,topic1:2,topic2:1,topic2:3"),
			owning(m("B", "topic1", "topic2"), 1, "topic1:1,topic2:0,topic2:2,topic2:4")},
		want: want("A=topic1:0,topic1:1,topic1:2", "B=topic2:0,topic2:1,topic2:2,topic2:3,topic2:4"),
	}}
	for _, c := range cases {
		u := Uniform{TopicIDs: upstreamTopicIDs}
		if c.byName {
			u = Uniform{}
		}
		checkAssignment(t, c.name, mustAssign(t, u, c.topics, c.members), c.want)
	}
}

// TestUniformBalanceBeforeStickiness: with 7 partitions and 2 members, the
// member visited first gets the quota of 4 even if the other owns 4 now,
// so a balanced group still moves one partition (homogeneous builder).
func TestUniformBalanceBeforeStickiness(t *testing.T) {
	topics := map[string]int32{"t": 7}
	// "A" is visited before "B" (HashMap bins 1 and 2).
	got := mustAssign(t, Uniform{}, topics, []Member{owning(m("B", "t"), 1, "t:0,t:1,t:2,t:3"), owning(m("A", "t"), 1, "t:4,t:5,t:6")})
	checkAssignment(t, "uniform", got, want("A=t:3,t:4,t:5,t:6", "B=t:0,t:1,t:2"))
}

// TestUniformTopicOrderWithoutIDs: without topic ids the queue of
// unassigned partitions runs in topic name order.
func TestUniformTopicOrderWithoutIDs(t *testing.T) {
	got := mustAssign(t, Uniform{}, map[string]int32{"topic1": 3, "topic3": 2}, []Member{m("A", "topic1", "topic3"), m("B", "topic1", "topic3")})
	checkAssignment(t, "uniform", got, want("A=topic1:0,topic1:1,topic1:2", "B=topic3:0,topic3:1"))
}

func TestParseTopicID(t *testing.T) {
	id, err := ParseTopicID("T1-A4s3VTwiI5CTbEp6POw")
	if err != nil {
		t.Fatal(err)
	}
	// Uuid.hashCode and getMostSignificantBits of that id, printed by Java 17.
	if id.hashCode() != 418407434 || id.Hi != 5719431763388092168 {
		t.Errorf("got hash %d, most significant bits %d", id.hashCode(), id.Hi)
	}
	if topicIDString(id) != "T1-A4s3VTwiI5CTbEp6POw" {
		t.Errorf("round trip gave %s", topicIDString(id))
	}
	for _, bad := range []string{"", "short", "T1-A4s3VTwiI5CTbEp6POw=="} {
		if _, err := ParseTopicID(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestUniformGivesUpPartitionsInHashSetOrder: a member over its quota gives
// up the partitions UniformHomogeneousAssignmentBuilder.maybeRevokePartitions
// meets last while iterating its HashSet<Integer>. Partitions at or above
// the table size (32 for 20 partitions) come first, in their bins, so B
// keeps 32..39 and 20..24 and gives up 25..31 — not 33..39, as ascending
// order would.
func TestUniformGivesUpPartitionsInHashSetOrder(t *testing.T) {
	span := func(lo, hi int) string {
		var s []string
		for p := lo; p <= hi; p++ {
			s = append(s, fmt.Sprintf("t:%d", p))
		}
		return strings.Join(s, ",")
	}
	cases := []struct {
		name    string
		members []Member
		want    Assignment
	}{{
		name:    "a member joins two holding 20 each of 40",
		members: []Member{owning(m("A", "t"), 1, span(0, 19)), owning(m("B", "t"), 1, span(20, 39)), m("C", "t")},
		want:    want("A="+span(0, 13), "B="+span(20, 24)+","+span(32, 39), "C="+span(14, 19)+","+span(25, 31)),
	}, {
		name:    "below the table size the order is ascending",
		members: []Member{owning(m("A", "t"), 1, span(0, 5)), owning(m("B", "t"), 1, span(6, 11)), m("C", "t")},
		want:    want("A="+span(0, 3), "B="+span(6, 9), "C="+span(4, 5)+","+span(10, 11)),
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := int32(0)
			for _, mb := range c.members {
				n += int32(len(mb.Owned))
			}
			got := mustAssign(t, Uniform{}, map[string]int32{"t": n}, c.members)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %v\nwant %v", got, c.want)
			}
		})
	}
}
