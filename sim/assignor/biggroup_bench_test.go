package assignor

import (
	"fmt"
	"testing"
)

// bigGroup is a design-review group: members consumer threads, each its own
// member, all subscribed to one topic of the given partitions. With owned,
// every member reports what a first assignment gave it, at generation 1.
func bigGroup(b *testing.B, a Assignor, members int, partitions int32, owned bool) (map[string]int32, []Member) {
	topics := map[string]int32{"orders": partitions}
	ms := make([]Member, members)
	for i := range ms {
		ms[i] = m(fmt.Sprintf("consumer-%d-thread-%d-4f1c9a", i/10, i%10), "orders")
	}
	if owned {
		first, err := a.Assign(topics, ms)
		if err != nil {
			b.Fatal(err)
		}
		for i := range ms {
			ms[i].Owned, ms[i].Generation = first[ms[i].MemberID], 1
		}
	}
	return topics, ms
}

// BenchmarkBigGroupAssign is issue 9's design-review group for each
// assignor: 1,000 and 10,000 members on 10,000 partitions. "join" is the
// first assignment (nobody owns anything); "leave" is the rebalance after
// the first member left a balanced group, every other member reporting the
// partitions it owns. One op is one Assign call.
func BenchmarkBigGroupAssign(b *testing.B) {
	for _, name := range []string{"range", "sticky", "cooperative-sticky", "uniform"} {
		for _, members := range []int{1000, 10000} {
			for _, kind := range []string{"join", "leave"} {
				b.Run(fmt.Sprintf("%s/members=%d/%s", name, members, kind), func(b *testing.B) {
					a := oracleAssignor(name, nil)
					if name == "uniform" {
						a = Uniform{}
					}
					topics, ms := bigGroup(b, a, members, 10000, kind == "leave")
					if kind == "leave" {
						ms = ms[1:]
					}
					for b.Loop() {
						if _, err := a.Assign(topics, ms); err != nil {
							b.Fatal(err)
						}
					}
					// The work budget counts members × (members + partitions) steps.
					steps := float64(len(ms)) * float64(len(ms)+10000)
					b.ReportMetric(steps*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
				})
			}
		}
	}
}

// BenchmarkJoinOrder is the coordinator's member map as 10,000 members join
// one by one, then every tenth leaves and joins again; one op lists the
// members once at the end, as a rebalance does.
func BenchmarkJoinOrder(b *testing.B) {
	for _, members := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("members=%d", members), func(b *testing.B) {
			for b.Loop() {
				var o JoinOrder
				for i := range members {
					o.Add(fmt.Sprintf("consumer-%d-thread-%d-4f1c9a", i/10, i%10))
				}
				for i := 0; i < members; i += 10 {
					id := fmt.Sprintf("consumer-%d-thread-%d-4f1c9a", i/10, i%10)
					o.Remove(id)
					o.Add(id)
				}
				if len(o.MemberIDs()) != members {
					b.Fatal("lost members")
				}
			}
		})
	}
}
