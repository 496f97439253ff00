package sim

import (
	"fmt"
	"runtime"
	"testing"
)

// referenceScenario is the order-events preset stretched to about n events.
func referenceScenario(b *testing.B, n float64) Scenario {
	sc, err := Preset("order-events")
	if err != nil {
		b.Fatal(err)
	}
	sc.DurationS = n / (sc.Workload.OrdersPerS * float64(len(sc.Workload.EventsPerOrder)))
	return sc
}

// BenchmarkEngine runs the reference scenario scaled to 1 and 10 million
// events and reports simulated events per second.
func BenchmarkEngine(b *testing.B) {
	for _, n := range []float64{1e6, 1e7} {
		b.Run(fmt.Sprintf("events=%.0fM", n/1e6), func(b *testing.B) {
			sc := referenceScenario(b, n)
			var events int64
			for b.Loop() {
				r, err := Run(sc)
				if err != nil {
					b.Fatal(err)
				}
				events += r.EventsProduced
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// BenchmarkEngineMemory reports the peak live heap while the reference
// scenario runs: it must not grow with the number of events.
func BenchmarkEngineMemory(b *testing.B) {
	for _, n := range []float64{1e6, 1e7} {
		b.Run(fmt.Sprintf("events=%.0fM", n/1e6), func(b *testing.B) {
			sc := referenceScenario(b, n)
			var peak uint64
			var ms runtime.MemStats
			for b.Loop() {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				base := ms.HeapAlloc
				s, err := New(sc)
				if err != nil {
					b.Fatal(err)
				}
				for !s.Advance(1 << 18) {
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapAlloc-min(base, ms.HeapAlloc))
				}
				s.Result()
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		})
	}
}
