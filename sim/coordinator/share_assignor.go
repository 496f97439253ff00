package coordinator

import "math"

// simpleAssign is the share groups' SimpleAssignor (Kafka 4.3.1's
// SimpleHomogeneousAssignmentBuilder) for members all subscribed to one
// topic. Balance first: each partition goes to desiredSharing =
// ceil(members/partitions) members, so partitions are shared only when
// there are more members than partitions, and member i wants
// ceil(x*(i+1)) - ceil(x*i) partitions, x = desiredSharing*partitions/members.
// Then stickiness: members keep what they had up to that count.
//
// members are the member ids in the order of the coordinator's HashMap of
// member specs; old holds each member's previous target. The result holds
// every member's new target, as sets whose iteration order the next call
// reads. Kafka iterates the partitions of a HashMap keyed by
// TopicIdPartition, whose order depends on the topic's random id; here the
// topic id hashes to 0, which visits the partitions in ascending order.
func simpleAssign(partitions int32, members []string, old map[string]*intSet) map[string]*intSet {
	out := make(map[string]*intSet, len(members))
	if len(members) == 0 {
		return out
	}
	b := newSimpleBuilder(partitions, members, old)
	b.revokeUnassignablePartitions()
	b.revokeOverfilledMembers()
	b.revokeOversharedPartitions()
	for p := range b.byPartition {
		if b.byPartition[p] == nil {
			b.byPartition[p] = newIntSet()
		}
	}
	b.assignRemainingPartitions()
	for i, id := range members {
		if b.next[i] != nil {
			out[id] = b.next[i]
		} else {
			out[id] = b.old[i]
		}
	}
	return out
}

type simpleBuilder struct {
	partitions     int32
	desiredSharing int
	desired        []int     // desiredAssignmentCount, by member index
	old, next      []*intSet // oldGroupAssignment, newGroupAssignment (nil: unchanged)
	byPartition    []*intSet // finalAssignmentByPartition (nil: no entry yet)
	byMember       []*intSet // finalAssignmentByMember
	unfilled       *intSet
	overfilled     *intSet
}

func newSimpleBuilder(partitions int32, members []string, old map[string]*intSet) *simpleBuilder {
	m := len(members)
	b := &simpleBuilder{partitions: partitions, desired: make([]int, m), old: make([]*intSet, m), next: make([]*intSet, m),
		byPartition: make([]*intSet, partitions), byMember: make([]*intSet, m), unfilled: forMappings(m), overfilled: forMappings(m)}
	if partitions > 0 {
		b.desiredSharing = (m + int(partitions) - 1) / int(partitions)
	}
	precise := float64(b.desiredSharing*int(partitions)) / float64(m)
	for i, id := range members {
		b.desired[i] = int(math.Ceil(precise*float64(i+1))) - int(math.Ceil(precise*float64(i)))
		if b.old[i] = old[id]; b.old[i] == nil {
			b.old[i] = newIntSet()
		}
		b.byMember[i] = newIntSet()
	}
	return b
}

// revokeUnassignablePartitions records what each member had (partitions
// past the topic's end are dropped) and sorts the members into unfilled
// and overfilled.
func (b *simpleBuilder) revokeUnassignablePartitions() {
	for i, had := range b.old {
		n := 0
		for _, p := range had.order() {
			if p >= b.partitions {
				b.copyOnWrite(i).remove(p)
				continue
			}
			n++
			b.partitionSet(p).add(int32(i))
			b.byMember[i].add(p)
			if n >= b.desired[i] {
				b.copyOnWrite(i)
			}
		}
		switch {
		case n < b.desired[i]:
			b.unfilled.add(int32(i))
		case n > b.desired[i]:
			b.overfilled.add(int32(i))
		}
	}
}

// revokeOverfilledMembers takes partitions from members with too many, in
// the order of their sets, until they have their count.
func (b *simpleBuilder) revokeOverfilledMembers() {
	for _, i := range b.overfilled.order() {
		mine := b.byMember[i]
		if mine.len() <= b.desired[i] {
			continue
		}
		for _, p := range mine.order() {
			b.next[i].remove(p)
			b.byPartition[p].remove(i)
			mine.remove(p)
			if mine.len() == b.desired[i] {
				break
			}
		}
	}
}

// revokeOversharedPartitions takes a partition from members while more
// than desiredSharing members hold it.
func (b *simpleBuilder) revokeOversharedPartitions() {
	for p, holders := range b.byPartition {
		if holders == nil || holders.len() <= b.desiredSharing {
			continue
		}
		n := holders.len()
		for _, i := range holders.order() {
			if b.copyOnWrite(int(i)).remove(int32(p)) {
				n--
				holders.remove(i)
				b.byMember[i].remove(int32(p))
				b.unfilled.add(i)
			}
			if n <= b.desiredSharing {
				break
			}
		}
	}
}

// assignRemainingPartitions goes once through the partitions, giving each
// that lacks members to the unfilled members in turn, starting the turn
// again while it still places partitions. Like Kafka it does not add the
// member to the partition's holders, so a partition may count one member
// twice when few members are left unfilled.
func (b *simpleBuilder) assignRemainingPartitions() {
	if b.unfilled.len() == 0 {
		return
	}
	turn, at := b.unfilled.order(), 0
	placed := false
	for p, holders := range b.byPartition {
		for toMake := b.desiredSharing - holders.len(); toMake > 0; {
			if at == len(turn) {
				if !placed {
					break
				}
				turn, at, placed = b.unfilled.order(), 0, false
				if len(turn) == 0 {
					break
				}
			}
			i := turn[at]
			at++
			if holders.contains(i) {
				continue
			}
			b.copyOnWrite(int(i)).add(int32(p))
			b.byMember[i].add(int32(p))
			toMake--
			placed = true
			if b.byMember[i].len() >= b.desired[i] {
				b.unfilled.remove(i)
			}
		}
		if b.unfilled.len() == 0 {
			break
		}
	}
}

func (b *simpleBuilder) partitionSet(p int32) *intSet {
	if b.byPartition[p] == nil {
		b.byPartition[p] = newIntSet()
	}
	return b.byPartition[p]
}

// copyOnWrite is the member's new assignment, a copy of its old one made
// the first time it changes (AssignorHelpers.deepCopyAssignment).
func (b *simpleBuilder) copyOnWrite(i int) *intSet {
	if b.next[i] == nil {
		b.next[i] = b.old[i].clone()
	}
	return b.next[i]
}
