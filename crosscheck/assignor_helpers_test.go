package crosscheck

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"partitionlab/sim/assignor"
)

// franzAssign runs a franz-go group balancer as kgo's group leader does
// (groupConsumer.balanceGroup): each member's JoinGroup metadata is what
// the balancer's JoinGroupMetadata writes from its topics, currently owned
// partitions and generation; members are sorted by instance id, then
// member id; MemberBalancer then Balance give the plan.
func franzAssign(t *testing.T, b kgo.GroupBalancer, topics map[string]int32, members []assignor.Member) assignor.Assignment {
	t.Helper()
	join := make([]kmsg.JoinGroupResponseMember, 0, len(members))
	for _, m := range members {
		owned := map[string][]int32{}
		for _, tp := range m.Owned {
			owned[tp.Topic] = append(owned[tp.Topic], tp.Partition)
		}
		for _, ps := range owned {
			slices.Sort(ps)
		}
		interests := slices.Sorted(slices.Values(m.Topics))
		jm := kmsg.NewJoinGroupResponseMember()
		jm.MemberID = m.MemberID
		if m.InstanceID != "" {
			jm.InstanceID = &m.InstanceID
		}
		jm.ProtocolMetadata = b.JoinGroupMetadata(interests, owned, m.Generation)
		join = append(join, jm)
	}
	sort.Slice(join, func(i, j int) bool {
		l, r := join[i], join[j]
		switch {
		case l.InstanceID != nil && r.InstanceID != nil:
			return *l.InstanceID < *r.InstanceID
		case l.InstanceID != nil || r.InstanceID != nil:
			return l.InstanceID != nil
		}
		return l.MemberID < r.MemberID
	})
	mb, _, err := b.MemberBalancer(join)
	if err != nil {
		t.Fatal(err)
	}
	// kgo's ConsumerBalancer only implements BalanceOrError.
	into, err := mb.(kgo.GroupMemberBalancerOrError).BalanceOrError(topics)
	if err != nil {
		t.Fatal(err)
	}
	plan, ok := into.(*kgo.BalancePlan)
	if !ok {
		t.Fatalf("%s: Balance did not return a *kgo.BalancePlan", b.ProtocolName())
	}
	out := assignor.Assignment{}
	for _, m := range members {
		out[m.MemberID] = []assignor.TopicPartition{}
	}
	for member, byTopic := range plan.AsMemberIDMap() {
		for topic, ps := range byTopic {
			for _, p := range ps {
				out[member] = append(out[member], assignor.TopicPartition{Topic: topic, Partition: p})
			}
		}
		slices.SortFunc(out[member], func(a, b assignor.TopicPartition) int {
			if a.Topic != b.Topic {
				if a.Topic < b.Topic {
					return -1
				}
				return 1
			}
			return int(a.Partition - b.Partition)
		})
	}
	return out
}

// randomGroup makes up to maxMembers members (a quarter of them static)
// subscribing to random non-empty subsets of up to four topics, or all of
// them when equal is set.
func randomGroup(rng *rand.Rand, maxMembers int, equal bool) (map[string]int32, []assignor.Member) {
	topics := map[string]int32{}
	var names []string
	for k := range 1 + rng.IntN(4) {
		name := fmt.Sprintf("topic-%c", 'a'+k)
		names = append(names, name)
		topics[name] = 1 + rng.Int32N(30)
	}
	var members []assignor.Member
	for i := range 1 + rng.IntN(maxMembers) {
		m := assignor.Member{MemberID: fmt.Sprintf("member-%03d-%x", i, rng.IntN(1<<16)), Generation: -1}
		if rng.IntN(4) == 0 {
			m.InstanceID = fmt.Sprintf("instance-%03d", rng.IntN(1000)+1000*i)
		}
		for _, t := range names {
			if equal || rng.IntN(2) == 0 {
				m.Topics = append(m.Topics, t)
			}
		}
		if len(m.Topics) == 0 {
			m.Topics = []string{names[rng.IntN(len(names))]}
		}
		members = append(members, m)
	}
	return topics, members
}

// moves counts the partitions members owned and were not given.
func moves(members []assignor.Member, a assignor.Assignment) int {
	n := 0
	for _, m := range members {
		for _, tp := range m.Owned {
			if !slices.Contains(a[m.MemberID], tp) {
				n++
			}
		}
	}
	return n
}

// loads lists the members' partition counts, smallest first.
func loads(a assignor.Assignment) []int {
	var l []int
	for _, tps := range a {
		l = append(l, len(tps))
	}
	slices.Sort(l)
	return l
}
