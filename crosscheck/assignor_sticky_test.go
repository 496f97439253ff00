package crosscheck

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/sim/assignor"
)

// stickySide is one group state evolving under one implementation: its
// members own what that implementation assigned them.
type stickySide struct {
	name    string
	assign  func(topics map[string]int32, members []assignor.Member) assignor.Assignment
	members []assignor.Member
	moved   int // owned partitions given to someone else, summed over rebalances
}

// rebalance assigns, and for a cooperative assignor repeats the follow-up
// rebalances until nobody revokes; it returns the settled assignment.
func (s *stickySide) rebalance(topics map[string]int32, generation *int32, cooperative bool) assignor.Assignment {
	before := slices.Clone(s.members)
	for range 5 {
		a := s.assign(topics, s.members)
		owned := assignor.Assignment{}
		*generation++
		for i := range s.members {
			owned[s.members[i].MemberID] = s.members[i].Owned
			s.members[i].Owned, s.members[i].Generation = a[s.members[i].MemberID], *generation
		}
		if !cooperative || !assignor.PlanCooperative(owned, a).Rejoin() {
			s.moved += moves(before, a)
			return a
		}
	}
	panic(s.name + ": still revoking after 5 follow-up rebalances")
}

// TestStickyAgainstFranzGo runs our sticky and cooperative-sticky assignors
// and franz-go's StickyBalancer and CooperativeStickyBalancer through the
// same random membership changes, each side keeping its own assignment.
// franz-go's sticky is its own algorithm (a graph search, not a port of
// Java's builders), so the assignments may differ; with equal
// subscriptions both must be balanced (loads differ by at most one) and
// move exactly as many owned partitions after every change.
func TestStickyAgainstFranzGo(t *testing.T) {
	for _, c := range []struct {
		ours        assignor.Assignor
		theirs      kgo.GroupBalancer
		cooperative bool
	}{{assignor.Sticky{}, kgo.StickyBalancer(), false}, {assignor.CooperativeSticky{}, kgo.CooperativeStickyBalancer(), true}} {
		mismatch := 0
		for seed := range uint64(30) {
			rng := rand.New(rand.NewPCG(seed, 11))
			topics, members := randomGroup(rng, 30, true)
			ours := &stickySide{name: c.ours.Name(), members: slices.Clone(members), assign: func(tp map[string]int32, ms []assignor.Member) assignor.Assignment {
				a, err := c.ours.Assign(tp, ms)
				if err != nil {
					t.Fatal(err)
				}
				return a
			}}
			theirs := &stickySide{name: "franz-go " + c.theirs.ProtocolName(), members: slices.Clone(members), assign: func(tp map[string]int32, ms []assignor.Member) assignor.Assignment {
				return franzAssign(t, c.theirs, tp, ms)
			}}
			var genOurs, genTheirs int32
			for change := range 20 {
				a := ours.rebalance(topics, &genOurs, c.cooperative)
				b := theirs.rebalance(topics, &genTheirs, c.cooperative)
				if !slices.Equal(loads(a), loads(b)) || loads(a)[len(a)-1]-loads(a)[0] > 1 {
					t.Fatalf("%s seed %d change %d: loads %v, franz-go %v", c.ours.Name(), seed, change, loads(a), loads(b))
				}
				if ours.moved != theirs.moved {
					t.Fatalf("%s seed %d change %d: we moved %d owned partitions in all, franz-go %d", c.ours.Name(), seed, change, ours.moved, theirs.moved)
				}
				if fmt.Sprint(a) != fmt.Sprint(b) {
					mismatch++
				}
				churnBoth(rng, topics, ours, theirs)
			}
		}
		t.Logf("%s: %d of 600 rebalances gave a different (equally balanced, equally sticky) assignment than franz-go", c.ours.Name(), mismatch)
	}
}

// churnBoth applies the same random change to both sides: a member leaves,
// a member joins, or a topic gets more partitions.
func churnBoth(rng *rand.Rand, topics map[string]int32, sides ...*stickySide) {
	switch r := rng.IntN(3); {
	case r == 0 && len(sides[0].members) > 1:
		i := rng.IntN(len(sides[0].members))
		for _, s := range sides {
			s.members = slices.Delete(s.members, i, i+1)
		}
	case r <= 1:
		m := assignor.Member{MemberID: fmt.Sprintf("joiner-%x", rng.Uint32()), Topics: slices.Clone(sides[0].members[0].Topics), Generation: -1}
		for _, s := range sides {
			s.members = append(s.members, m)
		}
	default:
		names := slices.Sorted(maps.Keys(topics))
		topics[names[rng.IntN(len(names))]] += 1 + rng.Int32N(3)
	}
}

// TestStickyMixedSubscriptionsAgainstFranzGo compares the two sticky
// implementations when members subscribe to different topics, where Java's
// general builder and franz-go's graph search can end at different, both
// valid, assignments. Each side must give every partition to exactly one
// subscriber; how often balance (max-min load) and moves differ is logged.
func TestStickyMixedSubscriptionsAgainstFranzGo(t *testing.T) {
	worseBalance, betterBalance, moreMoves, fewerMoves, total := 0, 0, 0, 0, 0
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 13))
		topics, members := randomGroup(rng, 12, false)
		ours := &stickySide{members: slices.Clone(members), assign: func(tp map[string]int32, ms []assignor.Member) assignor.Assignment {
			a, err := assignor.Sticky{}.Assign(tp, ms)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}}
		theirs := &stickySide{members: slices.Clone(members), assign: func(tp map[string]int32, ms []assignor.Member) assignor.Assignment {
			return franzAssign(t, kgo.StickyBalancer(), tp, ms)
		}}
		var g1, g2 int32
		for range 10 {
			m1, m2 := ours.moved, theirs.moved
			a, b := ours.rebalance(topics, &g1, false), theirs.rebalance(topics, &g2, false)
			for _, x := range []assignor.Assignment{a, b} {
				checkValid(t, topics, ours.members, x)
			}
			la, lb := loads(a), loads(b)
			switch sa, sb := la[len(la)-1]-la[0], lb[len(lb)-1]-lb[0]; {
			case sa > sb:
				worseBalance++
			case sa < sb:
				betterBalance++
			}
			switch da, db := ours.moved-m1, theirs.moved-m2; {
			case da > db:
				moreMoves++
			case da < db:
				fewerMoves++
			}
			total++
			churnBoth(rng, topics, ours, theirs)
		}
	}
	t.Logf("mixed subscriptions, %d rebalances: spread worse than franz-go %d, better %d; moved more %d, fewer %d",
		total, worseBalance, betterBalance, moreMoves, fewerMoves)
}

// checkValid: every partition of a subscribed topic has exactly one owner,
// and that owner subscribes to the topic.
func checkValid(t *testing.T, topics map[string]int32, members []assignor.Member, a assignor.Assignment) {
	t.Helper()
	owners := map[assignor.TopicPartition]int{}
	subscribed := map[string]bool{}
	for _, m := range members {
		for _, tp := range a[m.MemberID] {
			if !slices.Contains(m.Topics, tp.Topic) {
				t.Fatalf("%v given to %s, which does not subscribe", tp, m.MemberID)
			}
			owners[tp]++
		}
		for _, topic := range m.Topics {
			subscribed[topic] = true
		}
	}
	for topic, n := range topics {
		for p := range n {
			if got := owners[assignor.TopicPartition{Topic: topic, Partition: p}]; subscribed[topic] && got != 1 {
				t.Fatalf("%s:%d has %d owners", topic, p, got)
			}
		}
	}
}
