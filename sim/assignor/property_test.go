package assignor

import (
	"fmt"
	"slices"
	"testing"
)

// TestPropertiesUnderChurn drives every assignor through random membership
// changes (seeded PCG) and checks after each rebalance what a user relies
// on: each partition has exactly one owner, who subscribes to its topic;
// with equal subscriptions the members' loads differ by at most one
// (roundrobin, sticky, cooperative-sticky, uniform); and the sticky
// assignors move no more owned partitions than a rebalance needs.
func TestPropertiesUnderChurn(t *testing.T) {
	for _, name := range []string{"range", "roundrobin", "sticky", "cooperative-sticky", "uniform"} {
		for _, mixed := range []bool{false, true} {
			for seed := range uint64(40) {
				ch := newChurn(seed, 1+int(seed%3), 1+int(seed%17), mixed)
				for step := range 12 {
					checkRebalance(t, name, mixed, ch, seed, step)
					ch.step()
				}
			}
		}
	}
}

func checkRebalance(t *testing.T, name string, mixed bool, ch *churn, seed uint64, step int) {
	t.Helper()
	var a Assignment
	if name == "cooperative-sticky" {
		_, a, _ = settleCooperative(t, ch.topics, ch.members)
	} else {
		a = mustAssign(t, oracleAssignor(name, ch.topicIDs), ch.topics, ch.members)
	}
	where := func() string { return name + " " + show(a) }
	owners := map[TopicPartition]int{}
	for _, mb := range ch.members {
		for _, tp := range a[mb.MemberID] {
			owners[tp]++
			if !slices.Contains(mb.Topics, tp.Topic) {
				t.Fatalf("seed %d step %d: %v given to %s, which does not subscribe: %s", seed, step, tp, mb.MemberID, where())
			}
		}
	}
	for topic, n := range ch.topics {
		subscribed := slices.ContainsFunc(ch.members, func(mb Member) bool { return slices.Contains(mb.Topics, topic) })
		for p := range n {
			if got := owners[TopicPartition{topic, p}]; subscribed && got != 1 {
				t.Fatalf("seed %d step %d: %s:%d has %d owners: %s", seed, step, topic, p, got, where())
			}
		}
	}
	if mixed && (name == "sticky" || name == "cooperative-sticky") {
		checkNoBetterMove(t, a, func() string { return fmt.Sprintf("seed %d step %d: %s", seed, step, where()) })
	}
	if !mixed && name != "range" {
		lo, hi := loads(a)
		if hi-lo > 1 {
			t.Fatalf("seed %d step %d: loads from %d to %d: %s", seed, step, lo, hi, where())
		}
		moved, needed := ownedMoves(ch.members, a), minimumMoves(ch.members, a)
		switch name {
		case "sticky", "cooperative-sticky":
			if moved != needed {
				t.Fatalf("seed %d step %d: moved %d owned partitions, %d needed: %s", seed, step, moved, needed, where())
			}
		case "uniform":
			// Quotas follow member order, not current loads, so each of
			// the total%members extra slots can cost one more move.
			if extra := total(ch.topics) % len(ch.members); moved > needed+extra {
				t.Fatalf("seed %d step %d: moved %d owned partitions, %d needed (+%d): %s", seed, step, moved, needed, extra, where())
			}
		}
	}
	ch.settle(a)
}

// checkNoBetterMove is the balance half of AbstractStickyAssignorTest's
// verifyValidityAndBalance: two members whose loads differ by two or more
// hold no partitions of a common topic, since otherwise one could move.
func checkNoBetterMove(t *testing.T, a Assignment, where func() string) {
	t.Helper()
	topicsOf := func(tps []TopicPartition) map[string]bool {
		s := map[string]bool{}
		for _, tp := range tps {
			s[tp.Topic] = true
		}
		return s
	}
	for x, xs := range a {
		for y, ys := range a {
			if len(xs) < len(ys)+2 {
				continue
			}
			theirs := topicsOf(ys)
			for topic := range topicsOf(xs) {
				if theirs[topic] {
					t.Fatalf("%s holds %d, %s holds %d, both hold %s partitions: %s", x, len(xs), y, len(ys), topic, where())
				}
			}
		}
	}
}

func loads(a Assignment) (lo, hi int) {
	lo = -1
	for _, tps := range a {
		if lo < 0 || len(tps) < lo {
			lo = len(tps)
		}
		hi = max(hi, len(tps))
	}
	return lo, hi
}

func total(topics map[string]int32) int {
	n := 0
	for _, c := range topics {
		n += int(c)
	}
	return n
}

// ownedMoves counts partitions a member owned before and does not get.
func ownedMoves(members []Member, a Assignment) int {
	moved := 0
	for _, mb := range members {
		kept := setOf(a[mb.MemberID])
		for _, tp := range mb.Owned {
			if !kept[tp] {
				moved++
			}
		}
	}
	return moved
}

// minimumMoves is the fewest owned partitions any balanced assignment must
// move: each member keeps at most its quota, and the larger quota goes
// best to the members owning most.
func minimumMoves(members []Member, a Assignment) int {
	sizes := 0
	var owned []int
	for _, mb := range members {
		sizes += len(a[mb.MemberID])
		owned = append(owned, len(mb.Owned))
	}
	slices.Sort(owned)
	slices.Reverse(owned)
	minQuota, extra := sizes/len(members), sizes%len(members)
	moves := 0
	for k, o := range owned {
		quota := minQuota
		if k < extra {
			quota++
		}
		moves += max(0, o-quota)
	}
	return moves
}
