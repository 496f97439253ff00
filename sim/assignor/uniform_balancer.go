package assignor

import (
	"cmp"
	"slices"
)

// memberBalancer is UniformHeterogeneousAssignmentBuilder's
// MemberAssignmentBalancer. It keeps a topic's subscribers sorted by
// partitions held (then position) and two ranges over that list: the least
// loaded members, which take partitions in turn and widen to the right as
// their level rises, and the most loaded ones, which give partitions up in
// turn and widen to the left as their level falls. sizes is shared with the
// builder and changes as partitions move; the list is not re-sorted.
type memberBalancer struct {
	sizes  []int
	sorted []int

	leastEnd   int // [0, leastEnd) is the least loaded range
	leastLevel int // partitions each member of that range had on entering it
	nextLeast  int

	mostStart int // [mostStart, mostEnd) is the most loaded range
	mostEnd   int
	mostLevel int
	nextMost  int
}

// initialize resets the balancer for a topic's subscribers and returns the
// spread between the most and the least loaded.
func (b *memberBalancer) initialize(members []int) int {
	b.sorted = append(b.sorted[:0], members...)
	slices.SortFunc(b.sorted, func(x, y int) int { return cmp.Or(cmp.Compare(b.sizes[x], b.sizes[y]), cmp.Compare(x, y)) })
	first, last := b.sizes[b.sorted[0]], b.sizes[b.sorted[len(b.sorted)-1]]
	b.leastEnd, b.leastLevel, b.nextLeast = 0, first-1, 0
	b.mostStart, b.mostEnd, b.mostLevel, b.nextMost = len(b.sorted), len(b.sorted), last+1, len(b.sorted)-1
	return last - first
}

// nextLeastLoaded returns the member to give the next partition to.
func (b *memberBalancer) nextLeastLoaded() int {
	if b.nextLeast >= b.leastEnd {
		b.leastLevel++
		for b.leastEnd < len(b.sorted) && b.sizes[b.sorted[b.leastEnd]] == b.leastLevel {
			b.leastEnd++
		}
		b.nextLeast = 0
	}
	m := b.sorted[b.nextLeast]
	b.nextLeast++
	return m
}

// nextMostLoaded returns the member to take the next partition from, or -1.
func (b *memberBalancer) nextMostLoaded() int {
	if b.nextMost < b.mostStart {
		if b.mostEnd <= b.mostStart && b.mostStart > 0 {
			// The range was emptied by excludeMostLoaded: restart it at
			// the level of the member just left of it.
			b.mostLevel = b.sizes[b.sorted[b.mostStart-1]]
		} else {
			b.mostLevel--
		}
		for b.mostStart > 0 && b.sizes[b.sorted[b.mostStart-1]] == b.mostLevel {
			b.mostStart--
		}
		b.nextMost = b.mostEnd - 1
	}
	if b.nextMost < 0 {
		return -1
	}
	m := b.sorted[b.nextMost]
	b.nextMost--
	return m
}

// excludeMostLoaded drops the member nextMostLoaded just returned from the
// most loaded range: it has nothing of this topic to give.
func (b *memberBalancer) excludeMostLoaded() {
	k := b.nextMost + 1
	b.sorted[k], b.sorted[b.mostEnd-1] = b.sorted[b.mostEnd-1], b.sorted[k]
	b.mostEnd--
}

// balanced reports whether the two ranges' levels differ by at most one.
func (b *memberBalancer) balanced() bool { return b.mostLevel-b.leastLevel <= 1 }
