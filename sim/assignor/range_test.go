package assignor

import "testing"

// TestRangeAndRoundRobin holds the cases of kafka-fidelity.md §4 and of
// Kafka's RangeAssignorTest and RoundRobinAssignorTest (method named per
// case); both assignors run on every case.
func TestRangeAndRoundRobin(t *testing.T) {
	two := func(a, b int32) map[string]int32 { return map[string]int32{"topic1": a, "topic2": b} }
	cases := []struct {
		name       string
		topics     map[string]int32
		members    []Member
		rng, robin Assignment
	}{{
		name:    "reference: mixed subscriptions / testMultipleConsumersMixedTopics",
		topics:  two(3, 2),
		members: []Member{m("consumer1", "topic1"), m("consumer2", "topic1", "topic2"), m("consumer3", "topic1")},
		rng:     want("consumer1=topic1:0", "consumer2=topic1:1,topic2:0,topic2:1", "consumer3=topic1:2"),
		robin:   want("consumer1=topic1:0", "consumer2=topic1:1,topic2:0,topic2:1", "consumer3=topic1:2"),
	}, {
		name:    "reference: two consumers 3+3 / testTwoConsumersTwoTopicsSixPartitions",
		topics:  two(3, 3),
		members: []Member{m("consumer1", "topic1", "topic2"), m("consumer2", "topic1", "topic2")},
		rng:     want("consumer1=topic1:0,topic1:1,topic2:0,topic2:1", "consumer2=topic1:2,topic2:2"),
		robin:   want("consumer1=topic1:0,topic1:2,topic2:1", "consumer2=topic1:1,topic2:0,topic2:2"),
	}, {
		// Static members sort by instance id, so consumer-b (instance1)
		// goes first although its member id sorts last.
		name:    "reference: testTwoStaticConsumersTwoTopicsSixPartitions",
		topics:  two(3, 3),
		members: []Member{static(m("consumer-b", "topic1", "topic2"), "instance1"), static(m("consumer-a", "topic1", "topic2"), "instance2")},
		rng:     want("consumer-b=topic1:0,topic1:1,topic2:0,topic2:1", "consumer-a=topic1:2,topic2:2"),
		robin:   want("consumer-b=topic1:0,topic1:2,topic2:1", "consumer-a=topic1:1,topic2:0,topic2:2"),
	}, {
		name:    "reference: testOneStaticConsumerAndOneDynamicConsumerTwoTopicsSixPartitions",
		topics:  two(3, 3),
		members: []Member{static(m("consumer-b", "topic1", "topic2"), "instance1"), m("consumer-a", "topic1", "topic2")},
		rng:     want("consumer-b=topic1:0,topic1:1,topic2:0,topic2:1", "consumer-a=topic1:2,topic2:2"),
		robin:   want("consumer-b=topic1:0,topic1:2,topic2:1", "consumer-a=topic1:1,topic2:0,topic2:2"),
	}, {
		name:   "reference: testStaticMemberRangeAssignmentPersistent (5+4)",
		topics: two(5, 4),
		members: []Member{static(m("consumer1", "topic1", "topic2"), "instance1"), static(m("consumer2", "topic1", "topic2"), "instance2"),
			static(m("consumer3", "topic1", "topic2"), "instance3"), m("consumer4", "topic1", "topic2")},
		rng: want("consumer1=topic1:0,topic1:1,topic2:0", "consumer2=topic1:2,topic2:1", "consumer3=topic1:3,topic2:2", "consumer4=topic1:4,topic2:3"),
		robin: want("consumer1=topic1:0,topic1:4,topic2:3", "consumer2=topic1:1,topic2:0", "consumer3=topic1:2,topic2:1",
			"consumer4=topic1:3,topic2:2"),
	}, {
		name:   "reference: testStaticMemberRoundRobinAssignmentPersistent (3+3)",
		topics: two(3, 3),
		members: []Member{static(m("consumer1", "topic1", "topic2"), "instance1"), static(m("consumer2", "topic1", "topic2"), "instance2"),
			static(m("consumer3", "topic1", "topic2"), "instance3"), m("consumer4", "topic1", "topic2")},
		rng:   want("consumer1=topic1:0,topic2:0", "consumer2=topic1:1,topic2:1", "consumer3=topic1:2,topic2:2", "consumer4="),
		robin: want("consumer1=topic1:0,topic2:1", "consumer2=topic1:1,topic2:2", "consumer3=topic1:2", "consumer4=topic2:0"),
	}, {
		name:    "reference: RoundRobinAssignor javadoc C0{t0} C1{t0,t1} C2{t0,t1,t2}",
		topics:  map[string]int32{"t0": 1, "t1": 2, "t2": 3},
		members: []Member{m("C0", "t0"), m("C1", "t0", "t1"), m("C2", "t0", "t1", "t2")},
		rng:     want("C0=t0:0", "C1=t1:0", "C2=t1:1,t2:0,t2:1,t2:2"),
		robin:   want("C0=t0:0", "C1=t1:0", "C2=t1:1,t2:0,t2:1,t2:2"),
	}, {
		name:    "testOneConsumerNonexistentTopic",
		topics:  map[string]int32{},
		members: []Member{m("consumer1", "topic1")},
		rng:     want("consumer1="),
		robin:   want("consumer1="),
	}, {
		name:    "testOnlyAssignsPartitionsFromSubscribedTopics",
		topics:  map[string]int32{"topic1": 3, "topic2": 3},
		members: []Member{m("consumer1", "topic1")},
		rng:     want("consumer1=topic1:0,topic1:1,topic1:2"),
		robin:   want("consumer1=topic1:0,topic1:1,topic1:2"),
	}, {
		name:    "testTwoConsumersOneTopicOnePartition",
		topics:  map[string]int32{"topic1": 1},
		members: []Member{m("consumer1", "topic1"), m("consumer2", "topic1")},
		rng:     want("consumer1=topic1:0", "consumer2="),
		robin:   want("consumer1=topic1:0", "consumer2="),
	}, {
		// Member ids compare as Java strings: "C10" < "C2".
		name:    "member ids in String.compareTo order",
		topics:  map[string]int32{"t": 3},
		members: []Member{m("C2", "t"), m("C10", "t"), m("C1", "t")},
		rng:     want("C1=t:0", "C10=t:1", "C2=t:2"),
		robin:   want("C1=t:0", "C10=t:1", "C2=t:2"),
	}}
	for _, c := range cases {
		checkAssignment(t, "range "+c.name, mustAssign(t, Range{}, c.topics, c.members), c.rng)
		checkAssignment(t, "roundrobin "+c.name, mustAssign(t, RoundRobin{}, c.topics, c.members), c.robin)
		checkAssignment(t, "server range "+c.name, mustAssign(t, ServerRange{}, c.topics, c.members), c.rng)
	}
}

// TestStaticAssignmentSurvivesNewMemberIDs is testStaticMemberRangeAssignmentPersistentAfterMemberIdChanges
// and its RoundRobin twin: static members that rejoin under new member ids
// get the same partitions.
func TestStaticAssignmentSurvivesNewMemberIDs(t *testing.T) {
	topics := map[string]int32{"topic1": 5, "topic2": 5}
	before := []Member{static(m("consumer1", "topic1", "topic2"), "instance1"), static(m("consumer2", "topic1", "topic2"), "instance2"),
		static(m("consumer3", "topic1", "topic2"), "instance3")}
	after := []Member{static(m("consumer1", "topic1", "topic2"), "instance1"), static(m("consumer5", "topic1", "topic2"), "instance2"),
		static(m("consumer4", "topic1", "topic2"), "instance3")}
	byInstance := func(a Assignment, members []Member) Assignment {
		out := Assignment{}
		for _, mb := range members {
			out[mb.InstanceID] = a[mb.MemberID]
		}
		return out
	}
	for _, a := range []Assignor{Range{}, RoundRobin{}} {
		x := byInstance(mustAssign(t, a, topics, before), before)
		y := byInstance(mustAssign(t, a, topics, after), after)
		checkAssignment(t, a.Name()+" after member ids changed", y, x)
	}
	checkAssignment(t, "range by instance", byInstance(mustAssign(t, Range{}, topics, before), before),
		want("instance1=topic1:0,topic1:1,topic2:0,topic2:1", "instance2=topic1:2,topic1:3,topic2:2,topic2:3", "instance3=topic1:4,topic2:4"))
	checkAssignment(t, "roundrobin by instance", byInstance(mustAssign(t, RoundRobin{}, topics, before), before),
		want("instance1=topic1:0,topic1:3,topic2:1,topic2:4", "instance2=topic1:1,topic1:4,topic2:2", "instance3=topic1:2,topic2:0,topic2:3"))
}

// TestRangeUTF16Order: Range sorts member ids as Java does, so a member id
// with U+FB01 sorts after one with an emoji (a surrogate pair), the
// opposite of Go's byte order.
func TestRangeUTF16Order(t *testing.T) {
	got := mustAssign(t, Range{}, map[string]int32{"t": 2}, []Member{m("c\uFB01", "t"), m("c\U0001F600", "t")})
	checkAssignment(t, "range", got, want("c\U0001F600=t:0", "c\uFB01=t:1"))
}

func TestAssignRejectsBadInput(t *testing.T) {
	topics := map[string]int32{"t": 3}
	cases := map[string][]Member{
		"empty member id":        {m("", "t")},
		"duplicate member id":    {m("a", "t"), m("a", "t")},
		"duplicate instance id":  {static(m("a", "t"), "i"), static(m("b", "t"), "i")},
		"topic listed twice":     {m("a", "t", "t")},
		"owned partition beyond": {owning(m("a", "t"), 1, "t:3")},
	}
	for name, members := range cases {
		for _, n := range append(ClassicNames(), "uniform") {
			a, err := ByName(n)
			if err != nil {
				a, _ = ServerByName(n)
			}
			if _, err := a.Assign(topics, members); err == nil {
				t.Errorf("%s %s: no error", n, name)
			}
		}
	}
	if _, err := (Range{}).Assign(map[string]int32{"t": -1}, []Member{m("a", "t")}); err == nil {
		t.Error("negative partition count: no error")
	}
}

// TestNoMembersOrNoPartitions: an empty group gets an empty assignment,
// and members whose topics do not exist get empty lists.
func TestNoMembersOrNoPartitions(t *testing.T) {
	all := []Assignor{Range{}, RoundRobin{}, Sticky{}, CooperativeSticky{}, Uniform{}, ServerRange{}}
	for _, a := range all {
		if got := mustAssign(t, a, map[string]int32{"t": 3}, nil); len(got) != 0 {
			t.Errorf("%s with no members: %v", a.Name(), got)
		}
		got := mustAssign(t, a, map[string]int32{"t": 0}, []Member{m("a", "t", "missing"), m("b")})
		checkAssignment(t, a.Name()+" without partitions", got, want("a=", "b="))
	}
}
