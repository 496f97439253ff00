package assignor

import (
	"cmp"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"slices"
)

// Uniform is the KIP-848 broker-side UniformAssignor ("uniform", the
// default of group.consumer.assignors). When every member subscribes to the
// same topics it balances first and then keeps what it can of the current
// target assignment (UniformHomogeneousAssignmentBuilder); otherwise it
// keeps every still-subscribed partition, deals the rest to the least
// loaded subscribers and moves partitions from the most to the least loaded
// subscribers of each topic (UniformHeterogeneousAssignmentBuilder).
//
// Member.Owned is the member's current target assignment. Members are
// visited in the iteration order of the coordinator's HashMap of member ids
// (GroupSpecImpl.memberIds over TargetAssignmentBuilder's memberSpecs), with
// the Member slice as insertion order. Kafka visits topics in the order of a
// HashSet of their random topic ids; without TopicIDs topics are visited in
// name order instead, and a member's previous partitions of a topic are
// visited in ascending order (Kafka iterates a HashSet<Integer>, ascending
// for partition numbers below its table size). Those orders decide only
// which partitions a member over its quota gives up, not how many.
type Uniform struct {
	// TopicIDs optionally gives topics the ids a real cluster gave them,
	// to reproduce Kafka's topic order exactly.
	TopicIDs map[string]TopicID
	// OwnedInGivenOrder takes each member's Owned partitions of a topic in
	// the order given, as when Kafka's assignor is handed an insertion-
	// ordered set (the recordings under testdata/kafka do that); by default
	// they are visited in the order of the HashSet the coordinator keeps.
	OwnedInGivenOrder bool
}

// TopicID is a Kafka topic id (org.apache.kafka.common.Uuid), its two
// halves as the signed longs Java holds.
type TopicID struct{ Hi, Lo int64 }

// ParseTopicID reads a topic id in Kafka's text form, 22 characters of
// URL-safe base64 without padding (Uuid.fromString).
func ParseTopicID(s string) (TopicID, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) != 16 {
		return TopicID{}, fmt.Errorf("topic id %q: not 16 bytes of URL-safe base64", s)
	}
	return TopicID{Hi: int64(binary.BigEndian.Uint64(b[:8])), Lo: int64(binary.BigEndian.Uint64(b[8:]))}, nil
}

// hashCode is Uuid.hashCode.
func (id TopicID) hashCode() int32 {
	x := id.Hi ^ id.Lo
	return int32(x>>32) ^ int32(x)
}

// Name is "uniform".
func (Uniform) Name() string { return "uniform" }

// Protocols is nil: broker-side assignors are not negotiated.
func (Uniform) Protocols() []RebalanceProtocol { return nil }

// Assign computes the new target assignment.
func (u Uniform) Assign(topics map[string]int32, members []Member) (Assignment, error) {
	g, err := newGroup(topics, members)
	if err != nil {
		return nil, err
	}
	if len(members) == 0 || len(g.topics) == 0 {
		return g.result(make([][]int, len(members))), nil
	}
	ids := make([]string, len(members))
	index := make(map[string]int, len(members))
	for i, m := range members {
		ids[i], index[m.MemberID] = m.MemberID, i
	}
	var order []int
	for _, id := range javaHashMapOrder(ids) {
		order = append(order, index[id])
	}
	if homogeneous(g) {
		return g.result(u.assignHomogeneous(g, order)), nil
	}
	return g.result(u.assignHeterogeneous(g, order)), nil
}

// homogeneous is ModernGroup.subscriptionType: every topic name anybody
// subscribes to (existing or not) has every member as a subscriber.
func homogeneous(g *group) bool {
	for _, sub := range g.subs {
		if !sameTopics(sub, g.subs[0]) {
			return false
		}
	}
	return true
}

// topicOrder is the order of the HashSet of subscribed topic ids, or name
// order without ids.
func (u Uniform) topicOrder(topics []string) []string {
	if u.TopicIDs == nil {
		return topics
	}
	return newJavaHashSetFrom(func(t string) int32 { return u.TopicIDs[t].hashCode() }, topics).order()
}

// compareTopicIDs is Uuid.compareTo, or name order without ids.
func (u Uniform) compareTopicIDs(a, b string) int {
	if u.TopicIDs == nil {
		return javaCompare(a, b)
	}
	x, y := u.TopicIDs[a], u.TopicIDs[b]
	return cmp.Or(cmp.Compare(x.Hi, y.Hi), cmp.Compare(x.Lo, y.Lo))
}

// previous returns a member's current target partitions of the topic in
// the iteration order of the HashSet<Integer> Kafka keeps them in, rebuilt
// from an ascending list as replaying the target assignment record does
// (new HashSet<>(list)): ascending below the table size, and a partition
// at or above it in the bin partition & (capacity-1).
func (u Uniform) previous(g *group, i int, topic string) []int {
	var ps []int
	for _, tp := range g.members[i].Owned {
		if _, ok := g.id(tp); ok && tp.Topic == topic {
			ps = append(ps, int(tp.Partition))
		}
	}
	if !u.OwnedInGivenOrder {
		slices.Sort(ps)
		// Distinct partitions below the table size each have a bin of their
		// own, in ascending order: the set lists them as they are.
		distinct := len(slices.Compact(slices.Clone(ps))) == len(ps)
		if len(ps) > 0 && (!distinct || ps[len(ps)-1] >= javaHashSetCapacity(len(ps))) {
			ps = newJavaHashSetFrom(func(p int) int32 { return int32(p) }, ps).order()
		}
	}
	for k := range ps {
		ps[k] += g.base[topic]
	}
	return ps
}

// assignHomogeneous is UniformHomogeneousAssignmentBuilder.build. Quotas go
// by member order: the first total%members members visited may hold one
// extra partition, whatever they hold now; a member over its quota gives
// up its last partitions, which join the never-assigned ones at the end of
// the queue; members under quota then fill up from the queue in order.
func (u Uniform) assignHomogeneous(g *group, order []int) [][]int {
	topics := u.topicOrder(g.topics)
	held := make([]bool, g.total)
	prev := make([][][]int, len(g.members)) // member -> topic -> previous(g, i, topic)
	for i := range g.members {
		prev[i] = make([][]int, len(topics))
		for k, t := range topics {
			prev[i][k] = u.previous(g, i, t)
			for _, id := range prev[i][k] {
				held[id] = true
			}
		}
	}
	var queue []int
	for _, t := range topics {
		for p := range int(g.count[t]) {
			if id := g.base[t] + p; !held[id] {
				queue = append(queue, id)
			}
		}
	}
	owned := make([][]int, len(g.members))
	quotas := make([]int, len(g.members))
	minQuota, extra := g.total/len(order), g.total%len(order)
	for _, i := range order {
		quota := minQuota
		if extra > 0 {
			quota, extra = quota+1, extra-1
		}
		for k := range topics {
			ids := prev[i][k]
			keep := min(len(ids), quota)
			owned[i] = append(owned[i], ids[:keep]...)
			queue = append(queue, ids[keep:]...)
			quota -= keep
		}
		quotas[i] = quota
	}
	for _, i := range order {
		take := min(quotas[i], len(queue))
		owned[i], queue = append(owned[i], queue[:take]...), queue[take:]
	}
	return owned
}
