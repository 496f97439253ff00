package assignor

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// BenchmarkMembershipChanges is the budget case for the assignors:
// a group of 100 members on a 1,000-partition topic goes through 50
// membership changes (one member leaves, one joins, alternately), and each
// change is one rebalance (two for cooperative-sticky, whose follow-up
// rebalance hands out the revoked partitions). One op is all 50 changes.
func BenchmarkMembershipChanges(b *testing.B) {
	for _, name := range []string{"range", "roundrobin", "sticky", "cooperative-sticky", "uniform", "server-range"} {
		b.Run(name, func(b *testing.B) {
			a := oracleAssignor(name, nil)
			topics := map[string]int32{"orders": 1000}
			rebalances := 0
			for b.Loop() {
				rng := rand.New(rand.NewPCG(1, 2))
				members := make([]Member, 100)
				for i := range members {
					members[i] = m(fmt.Sprintf("consumer-%d", i), "orders")
				}
				next := len(members)
				for change := range 50 {
					if change%2 == 0 {
						i := rng.IntN(len(members))
						members = slices.Delete(members, i, i+1)
					} else {
						members = append(members, m(fmt.Sprintf("consumer-%d", next), "orders"))
						next++
					}
					for {
						got, err := a.Assign(topics, members)
						if err != nil {
							b.Fatal(err)
						}
						rebalances++
						owned := Assignment{}
						for i := range members {
							owned[members[i].MemberID] = members[i].Owned
							members[i].Owned, members[i].Generation = got[members[i].MemberID], int32(change+1)
						}
						if name != "cooperative-sticky" || !PlanCooperative(owned, got).Rejoin() {
							break
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rebalances), "ns/rebalance")
		})
	}
}
