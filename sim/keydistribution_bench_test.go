package sim

import (
	"fmt"
	"testing"

	"partitionlab/sim/scenario"
)

// BenchmarkEngineKeyDistribution runs the reference scenario (1 M events)
// with its customers drawn from a team's keys: 2,000 named keys with
// zipf-like counts and a tail of 8,000, to set beside BenchmarkEngine.
func BenchmarkEngineKeyDistribution(b *testing.B) {
	sc := referenceScenario(b, 1e6)
	d := &scenario.KeyDistribution{TailKeys: 8000, TailCount: 80000}
	for i := range 2000 {
		d.Keys = append(d.Keys, scenario.KeyCount{Key: fmt.Sprintf("merchant-%05d", i), Count: int64(1 + 100000/(i+1))})
	}
	sc.Workload.KeyDistribution, sc.Workload.Customers = d, d.Customers()
	sc.Workload.CustomerSkew = scenario.Skew{Kind: "uniform"}
	if err := scenario.Validate(sc); err != nil {
		b.Fatal(err)
	}
	benchmarkEvents(b, sc)
}
