package assignor

// Range is Kafka's RangeAssignor ("range"), the first entry of the Java
// consumer's default partition.assignment.strategy. Topic by topic, the
// subscribers in MemberInfo order (static members by instance id first,
// then dynamic members by member id) each take a run of consecutive
// partitions; the first n%members take one extra. Topics are independent,
// so with several topics the first members collect every topic's extras.
type Range struct{}

// Name is "range".
func (Range) Name() string { return "range" }

// Protocols is EAGER only.
func (Range) Protocols() []RebalanceProtocol { return []RebalanceProtocol{Eager} }

// Assign runs RangeAssignor.assignPartitions without racks.
func (Range) Assign(topics map[string]int32, members []Member) (Assignment, error) {
	g, err := newGroup(topics, members)
	if err != nil {
		return nil, err
	}
	return g.result(assignRanges(g)), nil
}

func assignRanges(g *group) [][]int {
	owned := make([][]int, len(g.members))
	order := g.sortedMembers()
	for _, t := range g.topics {
		var subs []int
		for _, i := range order {
			if g.subs[i][t] {
				subs = append(subs, i)
			}
		}
		n := int(g.count[t])
		next := g.base[t]
		for k, i := range subs {
			quota := n / len(subs)
			if k < n%len(subs) {
				quota++
			}
			for range quota {
				owned[i] = append(owned[i], next)
				next++
			}
		}
	}
	return owned
}

// ServerRange is the KIP-848 broker-side RangeAssignor ("range" in
// group.consumer.assignors). It sorts members exactly as the classic one
// (RangeAssignor.sortMemberIds) and gives each subscriber of a topic a
// contiguous range, so for the same members it yields the same assignment;
// it ignores the current assignment.
type ServerRange struct{}

// Name is "range".
func (ServerRange) Name() string { return "range" }

// Protocols is nil: broker-side assignors are not negotiated.
func (ServerRange) Protocols() []RebalanceProtocol { return nil }

// Assign runs the broker-side RangeAssignor.
func (ServerRange) Assign(topics map[string]int32, members []Member) (Assignment, error) {
	return Range{}.Assign(topics, members)
}

// RoundRobin is Kafka's RoundRobinAssignor ("roundrobin"). It walks every
// partition of every subscribed topic, topics in name order, handing each
// to the next member of a circular list in MemberInfo order that subscribes
// to the topic. The circle is not restarted for each topic.
type RoundRobin struct{}

// Name is "roundrobin".
func (RoundRobin) Name() string { return "roundrobin" }

// Protocols is EAGER only.
func (RoundRobin) Protocols() []RebalanceProtocol { return []RebalanceProtocol{Eager} }

// Assign runs RoundRobinAssignor.assign.
func (RoundRobin) Assign(topics map[string]int32, members []Member) (Assignment, error) {
	g, err := newGroup(topics, members)
	if err != nil {
		return nil, err
	}
	owned := make([][]int, len(members))
	order := g.sortedMembers()
	next := 0 // position of the circular iterator in order
	for id := range g.total {
		t := g.partition(id).Topic
		for !g.subs[order[next]][t] {
			next = (next + 1) % len(order)
		}
		owned[order[next]] = append(owned[order[next]], id)
		next = (next + 1) % len(order)
	}
	return g.result(owned), nil
}
