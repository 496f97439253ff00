package sim

import (
	"fmt"
	"runtime"
	"testing"

	"partitionlab/sim/scenario"
)

// referenceScenario is the order-events preset stretched to about n events.
func referenceScenario(b *testing.B, n float64) scenario.Scenario {
	sc, err := scenario.Preset("order-events")
	if err != nil {
		b.Fatal(err)
	}
	sc.DurationS = n / (sc.Workload.OrdersPerS * float64(len(sc.Workload.EventsPerOrder)))
	return sc
}

// benchmarkEvents runs sc for as long as the benchmark asks and reports
// simulated events per second, and the events of one run (make
// bench-instr-node divides instructions by them).
func benchmarkEvents(b *testing.B, sc scenario.Scenario) {
	var events int64
	for b.Loop() {
		r, err := Run(sc)
		if err != nil {
			b.Fatal(err)
		}
		events += r.EventsProduced
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(events)/float64(b.N), "events/op")
}

// BenchmarkEngine runs the reference scenario scaled to 1 and 10 million
// events and reports simulated events per second.
func BenchmarkEngine(b *testing.B) {
	for _, n := range []float64{1e6, 1e7} {
		b.Run(fmt.Sprintf("events=%.0fM", n/1e6), func(b *testing.B) {
			benchmarkEvents(b, referenceScenario(b, n))
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
			for b.Loop() {
				p, _ := peakHeap(b, sc)
				peak = max(peak, p)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		})
	}
}

// BenchmarkBacklogMemory runs the design-review backlog (20,000 orders/s
// that six consumer threads cannot keep up with) for 100 and 300 s and
// reports the peak live heap against the records left waiting: a waiting
// record must cost a few bytes at most.
func BenchmarkBacklogMemory(b *testing.B) {
	for _, d := range []int{100, 300} {
		b.Run(fmt.Sprintf("duration=%ds", d), func(b *testing.B) {
			sc, err := scenario.ParseScenario([]byte(fmt.Sprintf(`{"duration_s":%d,"workload":{"orders_per_s":20000}}`, d)))
			if err != nil {
				b.Fatal(err)
			}
			var peak uint64
			var waiting int64
			for b.Loop() {
				p, r := peakHeap(b, sc)
				peak = p
				waiting = r.EventsProduced - r.EventsProcessed
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(waiting)/1e6, "M-records-waiting")
			b.ReportMetric(float64(peak)/float64(waiting), "bytes/waiting-record")
		})
	}
}

// BenchmarkBacklogHeap reports the peak live heap of the backlogs at 100,
// 300, 900 and 2,700 s of simulated time: the uniform one (20,000 orders/s
// that six threads cannot keep up with, every partition of 12 behind), the
// same on 100 partitions ("many"), the hot-partition one (a customer with
// 30 % of 3,000 orders/s on 8 partitions and 8 threads at 0.8 ms: its
// partition falls behind while the others keep up), the same customer
// salted over 8 buckets ("salted": two of the partitions its buckets hash
// to fall behind), a share group's (one instance of six threads at 1.5 ms
// on the uniform one's 12 partitions), the thread pool's (3,000 orders/s,
// six threads each handing records to eight at 8 ms: the executors' queues
// hold the backlog, as offsets, two bytes a record), the same with per-key
// queues ("perkey": each key's queue holds copies of its records, so it
// still grows with what waits) and the country-keyed one (the country-key
// preset, whose first country's partition falls behind; a customer's
// events go to every country's partition, which the ordering checker
// follows by group). Memory must not grow but with per-key queues; on
// many partitions it grows by a few bytes a record (see spill.go). The long ones take a
// while: pick with -bench, e.g. 'BacklogHeap/hot/duration=300s'.
func BenchmarkBacklogHeap(b *testing.B) {
	for _, kind := range []string{"uniform", "many", "hot", "salted", "share", "pool", "perkey", "country"} {
		for _, d := range []float64{100, 300, 900, 2700} {
			b.Run(fmt.Sprintf("%s/duration=%.0fs", kind, d), func(b *testing.B) {
				sc := backlogScenario(b, kind, d)
				var peak uint64
				var waiting int64
				for b.Loop() {
					p, r := peakHeap(b, sc)
					peak, waiting = p, r.EventsProduced-r.EventsProcessed
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
				b.ReportMetric(float64(waiting)/1e6, "M-records-waiting")
			})
		}
	}
}

// backlogScenario is BenchmarkBacklogHeap's scenario of its kind for d
// simulated seconds.
func backlogScenario(b *testing.B, kind string, d float64) scenario.Scenario {
	fields := map[string]string{
		"uniform": `"topic":{"partitions":12},"workload":{"orders_per_s":20000}`,
		"many":    `"topic":{"partitions":100},"workload":{"orders_per_s":20000}`,
		"share":   `"workload":{"orders_per_s":20000},"consumer":{"group_type":"share","instances":1,"concurrency":6,"processing_ms":1.5}`,
		"pool":    `"workload":{"orders_per_s":3000},"consumer":{"mode":"thread_pool","pool_threads":8,"processing_ms":8}`,
		"perkey":  `"workload":{"orders_per_s":3000},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}`,
	}
	if f, ok := fields[kind]; ok {
		sc, err := scenario.ParseScenario([]byte(fmt.Sprintf(`{"duration_s":%g,%s}`, d, f)))
		if err != nil {
			b.Fatal(err)
		}
		return sc
	}
	if kind == "country" {
		sc, err := scenario.Preset("country-key")
		if err != nil {
			b.Fatal(err)
		}
		sc.DurationS = d
		return sc
	}
	preset := "hot-customer"
	if kind == "salted" {
		preset = "hot-customer-salted"
	}
	sc, err := scenario.Preset(preset)
	if err != nil {
		b.Fatal(err)
	}
	sc.DurationS, sc.Workload.OrdersPerS, sc.Workload.CustomerSkew.HotShare = d, 3000, 0.3
	sc.Topic.Partitions, sc.Consumer.Concurrency, sc.Consumer.ProcessingMs = 8, 8, 0.8
	return sc
}

// peakHeap runs a scenario and returns the most live heap it used (sampled
// between chunks of steps, each time after a collection, so garbage not yet
// collected, such as a ring just replaced by a bigger one, does not count)
// with its result.
func peakHeap(b *testing.B, sc scenario.Scenario) (uint64, *Result) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	s, err := New(sc)
	if err != nil {
		b.Fatal(err)
	}
	var peak uint64
	for done := false; !done; {
		done = s.Advance(1 << 18)
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc-min(base, ms.HeapAlloc))
	}
	return peak, s.Result()
}

// BenchmarkAllocationBomb runs a millisecond at a million orders a second on
// 10,000 partitions with a day between commits: it once reserved 20 GB
// before the first event. It reports the time and the memory a run takes.
func BenchmarkAllocationBomb(b *testing.B) {
	sc, err := scenario.ParseScenario([]byte(`{"duration_s":0.001,"topic":{"partitions":10000},"workload":{"orders_per_s":1000000},"consumer":{"auto_commit_interval_ms":86400000}}`))
	if err != nil {
		b.Fatal(err)
	}
	var peak uint64
	for b.Loop() {
		p, _ := peakHeap(b, sc)
		peak = max(peak, p)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}
