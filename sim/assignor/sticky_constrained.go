package assignor

import (
	"cmp"
	"slices"
)

// constrainedAssign is AbstractStickyAssignor.ConstrainedAssignmentBuilder,
// used when every member has the same subscription. Members keep owned
// partitions up to their quota, visited in the consumerToOwnedPartitions
// HashMap's order (owners): the first members visited that own enough keep
// maxQuota, the later ones minQuota, so that order decides who gives up a
// partition. The rest is dealt round-robin in (topic, partition) order to
// the members below minQuota (sorted by member id), then one each to the
// members at minQuota while some may still reach maxQuota.
func constrainedAssign(g *group, c claims, owners []int) (owned [][]int, transferring map[int]int) {
	n := len(g.members)
	minQuota, maxQuota := g.total/n, (g.total+n-1)/n
	expectedOver, over := g.total%n, 0
	owned = make([][]int, n)
	transferring = map[int]int{}
	maybeRevoked := map[int]int{} // owned partition not kept -> its owner
	assigned := make([]bool, g.total)
	var under, exact []int

	for _, i := range owners {
		mine := slices.Clone(c.owned[i])
		// Kafka sorts by partition, then topic, so a member over quota
		// keeps its lowest partition numbers across topics.
		slices.SortFunc(mine, func(a, b int) int {
			pa, pb := g.partition(a), g.partition(b)
			return cmp.Or(cmp.Compare(pa.Partition, pb.Partition), javaCompare(pa.Topic, pb.Topic))
		})
		mine = slices.DeleteFunc(mine, func(id int) bool { return c.multiple[id] })
		keep := len(mine)
		switch {
		case len(mine) < minQuota:
			under = append(under, i)
		case len(mine) >= maxQuota && over < expectedOver:
			keep = maxQuota
			over++
			if over == expectedOver {
				exact = exact[:0]
			}
		default:
			keep = minQuota
			if over < expectedOver {
				exact = append(exact, i)
			}
		}
		for _, id := range mine[:keep] {
			owned[i] = append(owned[i], id)
			assigned[id] = true
		}
		for _, id := range mine[keep:] {
			maybeRevoked[id] = i
		}
	}

	byID := func(a, b int) int { return javaCompare(g.members[a].MemberID, g.members[b].MemberID) }
	slices.SortFunc(under, byID)
	slices.SortFunc(exact, byID)

	give := func(id, i int) int {
		owned[i] = append(owned[i], id)
		if from, ok := maybeRevoked[id]; (ok && from != i) || c.multiple[id] {
			transferring[id] = i
		}
		return len(owned[i])
	}
	// assignRoundRobin: a Java iterator over the LinkedList of members
	// under minQuota, restarted when it runs out, removing members as they
	// reach minQuota. Going round a list and dropping members on the way is
	// a queue: take the first, put it back at the end unless it reached
	// minQuota. (Deleting from the middle of a slice instead cost O(members)
	// per member, quadratic in all.)
	for id := range g.total {
		if assigned[id] {
			continue
		}
		var i int
		switch {
		case len(under) > 0:
			i, under = under[0], under[1:]
		case len(exact) > 0:
			i, exact = exact[0], exact[1:]
		default:
			// Kafka throws IllegalStateException here; the quotas make it
			// unreachable.
			continue
		}
		switch give(id, i) {
		case minQuota:
			exact = append(exact, i)
		case maxQuota:
			over++
		default: // still under minQuota: its turn comes again
			under = append(under, i)
		}
	}
	return owned, transferring
}
