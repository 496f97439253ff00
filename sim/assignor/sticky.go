package assignor

import "slices"

// Sticky is Kafka's StickyAssignor ("sticky", eager). It balances the group
// while keeping as many of each member's previous partitions as it can; the
// previous partitions travel in the member's user data, so they survive the
// eager protocol's revoke-everything.
type Sticky struct{}

// Name is "sticky".
func (Sticky) Name() string { return "sticky" }

// Protocols is EAGER only.
func (Sticky) Protocols() []RebalanceProtocol { return []RebalanceProtocol{Eager} }

// Assign runs AbstractStickyAssignor.assignPartitions without racks.
func (Sticky) Assign(topics map[string]int32, members []Member) (Assignment, error) {
	g, err := newGroup(topics, members)
	if err != nil {
		return nil, err
	}
	owned, _ := stickyAssign(g)
	return g.result(owned), nil
}

// CooperativeSticky is Kafka's CooperativeStickyAssignor
// ("cooperative-sticky"). It computes the sticky assignment, then leaves out
// every partition that another member still owns (adjustAssignment): that
// owner revokes it and rejoins, and the follow-up rebalance hands it out.
type CooperativeSticky struct{}

// Name is "cooperative-sticky".
func (CooperativeSticky) Name() string { return "cooperative-sticky" }

// Protocols is COOPERATIVE and EAGER, in Kafka's order.
func (CooperativeSticky) Protocols() []RebalanceProtocol {
	return []RebalanceProtocol{Cooperative, Eager}
}

// Assign runs CooperativeStickyAssignor.assignPartitions without racks.
func (CooperativeSticky) Assign(topics map[string]int32, members []Member) (Assignment, error) {
	g, err := newGroup(topics, members)
	if err != nil {
		return nil, err
	}
	owned, transferring := stickyAssign(g)
	if transferring == nil {
		transferring = computeTransferring(g, owned)
	}
	// adjustAssignment removes each transferring partition from its new
	// owner's list (List.remove, linear each in Kafka); one pass per member
	// does the same in linear time.
	if len(transferring) > 0 {
		for i := range owned {
			owned[i] = slices.DeleteFunc(owned[i], func(x int) bool { to, ok := transferring[x]; return ok && to == i })
		}
	}
	return g.result(owned), nil
}

// computeTransferring is CooperativeStickyAssignor's
// computePartitionsTransferringOwnership, used after the general builder:
// partitions newly assigned to one member while another member reported
// owning them (the raw claims, before any generation check).
func computeTransferring(g *group, owned [][]int) map[int]int {
	revoked := map[int]bool{}
	added := map[int]int{}
	for i, m := range g.members {
		mine := map[int]bool{}
		for _, id := range owned[i] {
			mine[id] = true
		}
		claimed := map[int]bool{}
		for _, tp := range m.Owned {
			if id, ok := g.id(tp); ok {
				claimed[id] = true
				if !mine[id] {
					revoked[id] = true
				}
			}
		}
		for _, id := range owned[i] {
			if !claimed[id] {
				added[id] = i
			}
		}
	}
	for id := range added {
		if !revoked[id] {
			delete(added, id)
		}
	}
	return added
}

// subscriptionOrder is the order in which Kafka's leader iterates the
// subscriptions map and the consumerToOwnedPartitions map built from it.
// ConsumerCoordinator.onLeaderElected puts the JoinGroup members, in the
// order received, into a new HashMap<>(); AbstractStickyAssignor's
// assignPartitions then fills a second new HashMap<>() in the first one's
// iteration order (allSubscriptionsEqual), and the constrained builder
// iterates that second map (assignOwnedPartitions). Both orders are emulated.
func subscriptionOrder(g *group) (subscriptions, owners []int) {
	index := make(map[string]int, len(g.members))
	ids := make([]string, len(g.members))
	for i, m := range g.members {
		index[m.MemberID] = i
		ids[i] = m.MemberID
	}
	first := javaHashMapOrder(ids)
	second := javaHashMapOrder(first)
	for k := range ids {
		subscriptions = append(subscriptions, index[first[k]])
		owners = append(owners, index[second[k]])
	}
	return subscriptions, owners
}

// claims holds AbstractStickyAssignor.allSubscriptionsEqual's view of the
// previous assignment.
type claims struct {
	equal         bool    // every member has the same subscription
	owned         [][]int // each member's still-valid owned partitions, in reported order
	multiple      map[int]bool
	maxGeneration int32
}

// readClaims validates the reported ownership the way Kafka does: a member
// keeps a partition unless another member of a higher generation claims it;
// two claims in the same generation invalidate the partition for both. The
// outcome of three-way conflicts depends on the visiting order, so members
// are visited in the subscriptions map's order.
func readClaims(g *group, visit []int) claims {
	c := claims{equal: true, owned: make([][]int, len(g.members)), multiple: map[int]bool{}, maxGeneration: -1}
	var first map[string]bool
	owner := map[int]int{}
	// A claim that loses a conflict is removed from the loser's list (the
	// first such entry, List.remove in Kafka). Every list is complete by
	// then (a member's own duplicates aside, which come after their first
	// entry), so the removals are counted and applied in one pass at the
	// end: linear, where removing at once cost the length of the list each.
	dropped := map[[2]int]int{} // (member, partition) -> entries to drop
	for _, i := range visit {
		m := g.members[i]
		if len(first) == 0 {
			first = g.subs[i]
		} else if c.equal && !sameTopics(first, g.subs[i]) {
			c.equal = false
		}
		c.maxGeneration = max(c.maxGeneration, m.Generation)
		c.owned[i] = []int{}
		for _, tp := range m.Owned {
			id, ok := g.id(tp)
			if !ok {
				continue
			}
			other, claimed := owner[id]
			switch {
			case !claimed:
				c.owned[i] = append(c.owned[i], id)
				owner[id] = i
			case m.Generation == g.members[other].Generation:
				c.multiple[id] = true
				dropped[[2]int{other, id}]++
				owner[id] = i
			case m.Generation > g.members[other].Generation:
				c.owned[i] = append(c.owned[i], id)
				dropped[[2]int{other, id}]++
				owner[id] = i
			}
		}
	}
	for i, ids := range c.owned {
		c.owned[i] = slices.DeleteFunc(ids, func(id int) bool {
			k := [2]int{i, id}
			if dropped[k] == 0 {
				return false
			}
			dropped[k]--
			return true
		})
	}
	return c
}

func sameTopics(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for t := range b {
		if !a[t] {
			return false
		}
	}
	return true
}

func removeFirst(s []int, x int) []int {
	if i := slices.Index(s, x); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// stickyAssign is AbstractStickyAssignor.assignPartitions. transferring
// (partition -> new owner) is nil when the general builder ran, as in Java,
// which makes the cooperative assignor compute it from the raw claims.
func stickyAssign(g *group) (owned [][]int, transferring map[int]int) {
	if len(g.members) == 0 {
		return nil, nil
	}
	visit, owners := subscriptionOrder(g)
	c := readClaims(g, visit)
	if c.equal {
		return constrainedAssign(g, c, owners)
	}
	return generalAssign(g, c, visit), nil
}
