package sim

import "testing"

// BenchmarkEngine runs the order-events reference scenario scaled to about
// 10 million events and reports simulated events per second.
func BenchmarkEngine(b *testing.B) {
	sc := DefaultScenario()
	sc.DurationS = 10_000_000 / (sc.Workload.OrdersPerS * float64(len(sc.Workload.EventsPerOrder)))
	b.ReportAllocs()
	var events int64
	for b.Loop() {
		r, err := Run(sc)
		if err != nil {
			b.Fatal(err)
		}
		events += r.EventsProduced
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
