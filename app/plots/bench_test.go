package plots

import (
	"testing"

	"partitionlab/app/chart"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// BenchmarkDrawReference is the drawing share of a redraw in the browser:
// every chart of the Simulate page for the default scenario (order-events).
func BenchmarkDrawReference(b *testing.B) {
	sc, _ := scenario.Preset("order-events")
	r, err := sim.Run(sc)
	if err != nil {
		b.Fatal(err)
	}
	m := chart.MarksOf(r)
	b.ResetTimer()
	for range b.N {
		for _, draw := range []func() (Chart, error){
			func() (Chart, error) { return RecordsPerPartition(en, r) },
			func() (Chart, error) { return Lag(en, r, m) },
			func() (Chart, error) { return Throughput(en, r, m) },
			func() (Chart, error) { return BusyShare(en, r) },
			func() (Chart, error) { return Assignments(en, r, m) },
		} {
			if _, err := draw(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
