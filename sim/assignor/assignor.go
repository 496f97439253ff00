package assignor

import (
	"cmp"
	"fmt"
	"slices"
)

// TopicPartition names one partition of one topic.
type TopicPartition struct {
	Topic     string
	Partition int32
}

// compareTopicPartition orders by topic (Java String.compareTo), then
// partition, as Kafka's TopicPartitionComparator does.
func compareTopicPartition(a, b TopicPartition) int {
	if c := javaCompare(a.Topic, b.Topic); c != 0 {
		return c
	}
	return cmp.Compare(a.Partition, b.Partition)
}

// Member is one consumer-group member as the assignor sees it.
type Member struct {
	// MemberID is the member.id the coordinator gave the member.
	MemberID string
	// InstanceID is group.instance.id; "" for a dynamic member.
	InstanceID string
	// Topics is the subscription.
	Topics []string
	// Owned lists the partitions the member reports owning: for sticky the
	// assignment carried in its user data, for cooperative-sticky the
	// subscription's ownedPartitions (empty under the eager protocol, which
	// revokes everything before JoinGroup), for the KIP-848 assignors the
	// member's current target assignment. Range and roundrobin ignore it.
	Owned []TopicPartition
	// Generation is the generation Owned belongs to; -1 (Kafka's
	// DEFAULT_GENERATION) when the member has none.
	Generation int32
}

// Assignment maps a member id to its partitions, each list sorted by topic
// then partition. Every member passed to Assign has an entry, possibly empty.
type Assignment map[string][]TopicPartition

// RebalanceProtocol is ConsumerPartitionAssignor.RebalanceProtocol; the
// values are Kafka's ids, higher meaning more advanced.
type RebalanceProtocol int8

const (
	// Eager revokes every partition before each rebalance.
	Eager RebalanceProtocol = 0
	// Cooperative revokes only the partitions that move (KIP-429).
	Cooperative RebalanceProtocol = 1
)

func (p RebalanceProtocol) String() string {
	if p == Cooperative {
		return "COOPERATIVE"
	}
	return "EAGER"
}

// Assignor is a partition assignment strategy.
type Assignor interface {
	// Name is Kafka's name for the strategy ("range", "uniform", ...).
	Name() string
	// Protocols lists the rebalance protocols a classic assignor supports,
	// as its supportedProtocols(); nil for the KIP-848 assignors, which run
	// on the broker and are not negotiated.
	Protocols() []RebalanceProtocol
	// Assign computes the new assignment from the partition count of each
	// topic and the group's members. Topics nobody subscribes to and
	// topics with no partitions are ignored, as Kafka ignores them.
	Assign(topics map[string]int32, members []Member) (Assignment, error)
}

// ClassicNames lists the classic (leader-side) assignors, as ByName knows them.
func ClassicNames() []string {
	return []string{"range", "roundrobin", "sticky", "cooperative-sticky"}
}

// ServerNames lists the KIP-848 (broker-side) assignors, as ServerByName
// knows them; the first is the broker default (group.consumer.assignors).
func ServerNames() []string { return []string{"uniform", "range"} }

// ByName returns the classic assignor Kafka calls name.
func ByName(name string) (Assignor, error) {
	switch name {
	case "range":
		return Range{}, nil
	case "roundrobin":
		return RoundRobin{}, nil
	case "sticky":
		return Sticky{}, nil
	case "cooperative-sticky":
		return CooperativeSticky{}, nil
	}
	return nil, fmt.Errorf("assignor: %q is not one of %v", name, ClassicNames())
}

// ServerByName returns the KIP-848 assignor Kafka calls name.
func ServerByName(name string) (Assignor, error) {
	switch name {
	case "uniform":
		return Uniform{}, nil
	case "range":
		return ServerRange{}, nil
	}
	return nil, fmt.Errorf("assignor: %q is not one of %v", name, ServerNames())
}

// group is the validated input of one assignment: the members in JoinGroup
// order, and every partition of the subscribed topics numbered 0..total-1
// in (topic, partition) order.
type group struct {
	members []Member
	topics  []string // subscribed topics with partitions, in Java String order
	count   map[string]int32
	base    map[string]int // number of the topic's partition 0
	total   int
	parts   []TopicPartition  // by number
	subs    []map[string]bool // members[i] subscribes to topic
}

func newGroup(topics map[string]int32, members []Member) (*group, error) {
	g := &group{members: members, count: map[string]int32{}, base: map[string]int{}}
	ids, instances := map[string]int{}, map[string]int{}
	for i, m := range members {
		if m.MemberID == "" {
			return nil, fmt.Errorf("members[%d].member_id: must not be empty", i)
		}
		if j, dup := ids[m.MemberID]; dup {
			return nil, fmt.Errorf("members[%d].member_id: %q is also members[%d]", i, m.MemberID, j)
		}
		ids[m.MemberID] = i
		if m.InstanceID != "" {
			if j, dup := instances[m.InstanceID]; dup {
				return nil, fmt.Errorf("members[%d].instance_id: %q is also members[%d]", i, m.InstanceID, j)
			}
			instances[m.InstanceID] = i
		}
		if i > 0 && slices.Equal(m.Topics, members[i-1].Topics) {
			// The same subscription as the member before, already checked:
			// share its set (the sets are only read), as members of a big
			// group usually subscribe alike.
			g.subs = append(g.subs, g.subs[i-1])
			continue
		}
		sub := make(map[string]bool, len(m.Topics))
		for _, t := range m.Topics {
			if sub[t] {
				return nil, fmt.Errorf("members[%d].topics: %q is listed twice", i, t)
			}
			sub[t] = true
			n, ok := topics[t]
			if n < 0 {
				return nil, fmt.Errorf("topics[%q]: %d partitions is not in 0..2147483647", t, n)
			}
			if ok && n > 0 && g.count[t] == 0 {
				g.count[t] = n
				g.topics = append(g.topics, t)
			}
		}
		g.subs = append(g.subs, sub)
	}
	slices.SortFunc(g.topics, javaCompare)
	for _, t := range g.topics {
		g.base[t] = g.total
		g.total += int(g.count[t])
		for p := range g.count[t] {
			g.parts = append(g.parts, TopicPartition{Topic: t, Partition: p})
		}
	}
	for i, m := range members {
		for j, tp := range m.Owned {
			if n, ok := topics[tp.Topic]; ok && (tp.Partition < 0 || tp.Partition >= n) {
				return nil, fmt.Errorf("members[%d].owned[%d]: partition %d of %q is not in 0..%d", i, j, tp.Partition, tp.Topic, n-1)
			}
		}
	}
	return g, nil
}

// id numbers a partition of a subscribed topic; ok is false for any other.
func (g *group) id(tp TopicPartition) (int, bool) {
	n, ok := g.count[tp.Topic]
	if !ok || tp.Partition < 0 || tp.Partition >= n {
		return 0, false
	}
	return g.base[tp.Topic] + int(tp.Partition), true
}

func (g *group) partition(id int) TopicPartition { return g.parts[id] }

// result turns per-member partition numbers into a sorted Assignment.
func (g *group) result(owned [][]int) Assignment {
	out := make(Assignment, len(g.members))
	for i, m := range g.members {
		ids := slices.Clone(owned[i])
		slices.Sort(ids)
		tps := make([]TopicPartition, len(ids))
		for k, id := range ids {
			tps[k] = g.partition(id)
		}
		out[m.MemberID] = tps
	}
	return out
}

// memberInfoCompare is AbstractPartitionAssignor.MemberInfo.compareTo:
// static members first by group.instance.id, then dynamic members by
// member.id, both in Java String order.
func memberInfoCompare(a, b Member) int {
	switch {
	case a.InstanceID != "" && b.InstanceID != "":
		return javaCompare(a.InstanceID, b.InstanceID)
	case a.InstanceID != "":
		return -1
	case b.InstanceID != "":
		return 1
	}
	return javaCompare(a.MemberID, b.MemberID)
}

// sortedMembers returns member indexes in MemberInfo order.
func (g *group) sortedMembers() []int {
	idx := make([]int, len(g.members))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return memberInfoCompare(g.members[a], g.members[b]) })
	return idx
}
