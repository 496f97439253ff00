package coordinator

import (
	"fmt"
	"slices"
	"testing"
)

func assignmentOf(next map[string]*intSet, ids []string) [][]int32 {
	out := make([][]int32, len(ids))
	for i, id := range ids {
		out[i] = next[id].sorted()
	}
	return out
}

// After Kafka 4.3.1's SimpleAssignorTest (homogeneous cases, one topic)
// and hand-worked runs of SimpleHomogeneousAssignmentBuilder.
func TestSimpleAssignor(t *testing.T) {
	cases := []struct {
		name       string
		partitions int32
		ids        []string // in the coordinator's member order
		old        [][]int32
		want       [][]int32
	}{{
		name: "testAssignWithEmptyMembers", partitions: 3,
	}, {
		// Two members, four partitions, nothing assigned before: the turn
		// goes round the unfilled members, partition by partition.
		name: "two members share four partitions in turn", partitions: 4,
		ids: []string{"a", "b"}, want: [][]int32{{0, 2}, {1, 3}},
	}, {
		// A third member: member b has one partition too many and gives up
		// the first in its set's order; c takes it. a keeps both.
		name: "a member joins: balance first, then stickiness", partitions: 4,
		ids: []string{"a", "b", "c"}, old: [][]int32{{0, 2}, {1, 3}, nil}, want: [][]int32{{0, 2}, {3}, {1}},
	}, {
		// More members than partitions: every partition goes to
		// ceil(members/partitions) members, here all three.
		name: "more members than partitions: each partition is shared", partitions: 1,
		ids: []string{"a", "b", "c"}, want: [][]int32{{0}, {0}, {0}},
	}, {
		name: "eight members, three partitions: three members a partition", partitions: 3,
		ids:  []string{"m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7"},
		want: [][]int32{{0, 2}, {0}, {0}, {1}, {1}, {1}, {2}, {2}},
	}, {
		// With as many partitions as members or more, a partition has one
		// member: a share group is then no more shared than a consumer group.
		name: "eight members, twelve partitions: no partition shared", partitions: 12,
		ids:  []string{"m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7"},
		want: [][]int32{{0, 8}, {1}, {2, 9}, {3}, {4, 10}, {5}, {6, 11}, {7}},
	}, {
		// A member leaves: its partitions go to those below their count.
		name: "a member leaves", partitions: 4,
		ids: []string{"a", "c"}, old: [][]int32{{0, 2}, {1}}, want: [][]int32{{0, 2}, {1, 3}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			old := map[string]*intSet{}
			for i, parts := range c.old {
				if parts == nil {
					continue
				}
				s := newIntSet()
				for _, p := range parts {
					s.add(p)
				}
				old[c.ids[i]] = s
			}
			got := assignmentOf(simpleAssign(c.partitions, c.ids, old), c.ids)
			if !slices.EqualFunc(got, c.want, slices.Equal) && !(len(got) == 0 && len(c.want) == 0) {
				t.Errorf("assignment %v, want %v", got, c.want)
			}
		})
	}
}

// checkSimpleAssignment is assertEveryPartitionGetsAssignment, with the
// bounds the assignor keeps: no partition held by more than desiredSharing
// members (it tolerates fewer when no unfilled member can take one more:
// Kafka leaves one partition with 3 of 4 at 83, 84 and 90 members here),
// and with no more members than partitions, member counts at most one apart.
func checkSimpleAssignment(t *testing.T, partitions int32, ids []string, next map[string]*intSet) {
	t.Helper()
	holders := make([]int, partitions)
	lo, hi := int(partitions), 0
	for _, id := range ids {
		n := next[id].len()
		lo, hi = min(lo, n), max(hi, n)
		for _, p := range next[id].elems {
			holders[p]++
		}
	}
	sharing := (len(ids) + int(partitions) - 1) / int(partitions)
	for p, n := range holders {
		if n < 1 || n > sharing {
			t.Fatalf("%d members: partition %d held by %d members, want 1..%d", len(ids), p, n, sharing)
		}
	}
	if len(ids) <= int(partitions) && hi-lo > 1 {
		t.Fatalf("%d members: members hold %d to %d partitions", len(ids), lo, hi)
	}
}

func TestSimpleAssignorIncremental(t *testing.T) {
	const partitions = 24
	// testIncrementalAssignmentIncreasingMembersHomogeneous
	var ids []string
	cur := map[string]*intSet{}
	for m := 0; m < 101; m++ {
		ids = append(ids, fmt.Sprintf("M%d", m))
		cur = simpleAssign(partitions, specOrder(ids), cur)
		checkSimpleAssignment(t, partitions, ids, cur)
	}
	// testIncrementalAssignmentDecreasingMembersHomogeneous
	for m := 100; m > 0; m-- {
		ids = ids[:m]
		delete(cur, fmt.Sprintf("M%d", m))
		cur = simpleAssign(partitions, specOrder(ids), cur)
		checkSimpleAssignment(t, partitions, ids, cur)
	}
}

// The Java HashSet order the assignor reads: by bin, insertion order
// within a bin, the table doubling past three quarters full.
func TestIntSetOrder(t *testing.T) {
	s := newIntSet()
	for _, v := range []int32{17, 1, 16, 0, 3} {
		s.add(v)
	}
	if got := s.order(); !slices.Equal(got, []int32{16, 0, 17, 1, 3}) {
		t.Errorf("16 buckets: %v", got)
	}
	for v := int32(4); v < 12; v++ {
		s.add(v)
	}
	if s.cap != 32 {
		t.Fatalf("capacity %d after 13 elements, want 32", s.cap)
	}
	if got := s.order()[:4]; !slices.Equal(got, []int32{0, 1, 3, 4}) {
		t.Errorf("32 buckets: %v", got)
	}
}
