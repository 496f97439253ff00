package assignor

import (
	"cmp"
	"slices"
)

// generalBuilder is AbstractStickyAssignor.GeneralAssignmentBuilder, used
// when subscriptions differ. It keeps every valid owned partition, gives
// each unassigned partition to the least-loaded member that can take it,
// then moves partitions from members that have two or more than another
// eligible member until no such move is left, and keeps the result only if
// it lowers the balance score (or nothing was owned before).
type generalBuilder struct {
	g          *group
	current    [][]int // per member; nil once the member is set aside as fixed
	owner      []int   // partition -> member, -1 if none (currentPartitionConsumer)
	topicSubs  map[string][]int
	maxSize    []int // partitions a member could have at most
	idRank     []int // member id rank in Java String order
	sorted     []int // members by (partitions held, member id): the TreeSet
	prev       map[int]prevOwner
	movements  *partitionMovements
	revocation bool
}

type prevOwner struct {
	member     int
	generation int32
}

func generalAssign(g *group, c claims, visit []int) [][]int {
	n := len(g.members)
	b := &generalBuilder{g: g, current: make([][]int, n), owner: make([]int, g.total), topicSubs: map[string][]int{},
		maxSize: make([]int, n), idRank: make([]int, n), prev: map[int]prevOwner{}}
	for id := range b.owner {
		b.owner[id] = -1
	}
	for _, i := range visit {
		for _, t := range g.topics {
			if g.subs[i][t] {
				b.topicSubs[t] = append(b.topicSubs[t], i)
				b.maxSize[i] += int(g.count[t])
			}
		}
	}
	byID := make([]int, n)
	for i := range byID {
		byID[i] = i
	}
	slices.SortFunc(byID, func(a, c int) int { return javaCompare(g.members[a].MemberID, g.members[c].MemberID) })
	for r, i := range byID {
		b.idRank[i] = r
	}
	hashes := make([]int32, g.total)
	for id := range hashes {
		hashes[id] = topicPartitionHash(g.partition(id))
	}
	b.movements = newPartitionMovements(func(id int) int32 { return hashes[id] }, func(id int) string { return g.partition(id).Topic })

	// prepopulateCurrentAssignments: partitions reported by members of an
	// older generation, the first visited winning a tie.
	for _, i := range visit {
		m := g.members[i]
		if m.Generation >= c.maxGeneration {
			continue
		}
		for _, tp := range m.Owned {
			id, ok := g.id(tp)
			if p, seen := b.prev[id]; ok && (!seen || m.Generation > p.generation) {
				b.prev[id] = prevOwner{i, m.Generation}
			}
		}
	}

	// assignOwnedPartitions: drop claims on topics the member left.
	assigned := make([]bool, g.total)
	for i := range n {
		for _, id := range c.owned[i] {
			if g.subs[i][g.partition(id).Topic] {
				b.current[i] = append(b.current[i], id)
				b.owner[id] = i
				assigned[id] = true
			} else {
				b.revocation = true
			}
		}
		if b.current[i] == nil {
			b.current[i] = []int{}
		}
	}

	// All partitions, topics with fewer potential consumers first.
	topics := slices.Clone(g.topics)
	slices.SortStableFunc(topics, func(x, y string) int { return cmp.Compare(len(b.topicSubs[x]), len(b.topicSubs[y])) })
	var all, unassigned []int
	for _, t := range topics {
		for p := range int(g.count[t]) {
			id := g.base[t] + p
			all = append(all, id)
			if !assigned[id] {
				unassigned = append(unassigned, id)
			}
		}
	}
	for i := range n {
		b.insert(i)
	}
	b.balance(all, unassigned)
	return b.current
}

func (b *generalBuilder) less(x, y int) int {
	return cmp.Or(cmp.Compare(len(b.current[x]), len(b.current[y])), cmp.Compare(b.idRank[x], b.idRank[y]))
}

func (b *generalBuilder) insert(i int) {
	at, _ := slices.BinarySearchFunc(b.sorted, i, b.less)
	b.sorted = slices.Insert(b.sorted, at, i)
}

func (b *generalBuilder) remove(i int) {
	if at, ok := slices.BinarySearchFunc(b.sorted, i, b.less); ok {
		b.sorted = slices.Delete(b.sorted, at, at+1)
	}
}

// firstEligible is the least-loaded member subscribed to the partition's topic.
func (b *generalBuilder) firstEligible(id int) (int, bool) {
	t := b.g.partition(id).Topic
	for _, i := range b.sorted {
		if b.g.subs[i][t] {
			return i, true
		}
	}
	return 0, false
}

func (b *generalBuilder) balance(all, unassigned []int) {
	initializing := len(b.current[b.sorted[len(b.sorted)-1]]) == 0
	for _, id := range unassigned {
		if i, ok := b.firstEligible(id); ok {
			b.remove(i)
			b.current[i] = append(b.current[i], id)
			b.owner[id] = i
			b.insert(i)
		}
	}

	// Only topics with two or more potential consumers can move, and only
	// members that could get more or hold such a topic.
	movable := func(id int) bool { return len(b.topicSubs[b.g.partition(id).Topic]) >= 2 }
	all = slices.DeleteFunc(all, func(id int) bool { return !movable(id) })
	unassigned = slices.DeleteFunc(slices.Clone(unassigned), func(id int) bool { return !movable(id) })
	fixed := map[int][]int{}
	for i := range b.g.members {
		if len(b.current[i]) < b.maxSize[i] || slices.ContainsFunc(b.current[i], movable) {
			continue
		}
		b.remove(i)
		fixed[i], b.current[i] = b.current[i], nil
	}

	before := make([][]int, len(b.current))
	for i, ids := range b.current {
		before[i] = slices.Clone(ids)
	}
	ownerBefore := slices.Clone(b.owner)
	if !b.revocation {
		b.reassign(unassigned)
	}
	if b.reassign(all) && !initializing && balanceScore(b.current) >= balanceScore(before) {
		b.current, b.owner = before, ownerBefore
	}
	for i, ids := range fixed {
		b.current[i] = ids
	}
}

// reassign is performReassignments: repeat passes over the partitions
// while the assignment is unbalanced and some move still helps.
func (b *generalBuilder) reassign(partitions []int) bool {
	performed := false
	for modified := true; modified; {
		modified = false
		for _, id := range partitions {
			if b.balanced() {
				break
			}
			from := b.owner[id]
			// Kafka dereferences the previous owner's assignment without a
			// check (a NullPointerException if that member was set aside as
			// fixed); such a previous owner is skipped here.
			if p, ok := b.prev[id]; ok && b.current[p.member] != nil && len(b.current[from]) > len(b.current[p.member])+1 {
				b.move(id, p.member)
				performed, modified = true, true
				continue
			}
			for _, other := range b.topicSubs[b.g.partition(id).Topic] {
				if len(b.current[from]) > len(b.current[other])+1 {
					to, _ := b.firstEligible(id)
					b.move(id, to)
					performed, modified = true, true
					break
				}
			}
		}
	}
	return performed
}

// move is reassignPartition followed by processPartitionMovement.
func (b *generalBuilder) move(id, to int) {
	id = b.movements.actualPartitionToMove(id, b.owner[id], to)
	from := b.owner[id]
	b.remove(from)
	b.remove(to)
	b.movements.move(id, from, to)
	b.current[from] = removeFirst(b.current[from], id)
	b.current[to] = append(b.current[to], id)
	b.owner[id] = to
	b.insert(to)
	b.insert(from)
}

// balanced is isBalanced: sizes differ by at most one, or no member could
// take a partition from a member holding two or more than it.
func (b *generalBuilder) balanced() bool {
	if len(b.sorted) == 0 || len(b.current[b.sorted[0]]) >= len(b.current[b.sorted[len(b.sorted)-1]])-1 {
		return true
	}
	for _, i := range b.sorted {
		have := len(b.current[i])
		if have == b.maxSize[i] {
			continue
		}
		for _, t := range b.g.topics {
			if !b.g.subs[i][t] {
				continue
			}
			for p := range int(b.g.count[t]) {
				o := b.owner[b.g.base[t]+p]
				if o != i && o >= 0 && have+1 < len(b.current[o]) {
					return false
				}
			}
		}
	}
	return true
}

// balanceScore is getBalanceScore: the sum over member pairs of the
// difference in partitions held; members set aside as fixed are skipped.
func balanceScore(current [][]int) int {
	score := 0
	for i := range current {
		for j := i + 1; j < len(current); j++ {
			if current[i] != nil && current[j] != nil {
				score += max(len(current[i])-len(current[j]), len(current[j])-len(current[i]))
			}
		}
	}
	return score
}
