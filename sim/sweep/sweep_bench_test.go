package sweep

import (
	"runtime"
	"testing"
	"time"

	"partitionlab/sim/scenario"
)

// BenchmarkSweep runs a 12-point sweep of the reference scenario
// (order-events, topic.partitions=4..48:4) on one core and on two, side by
// side in each iteration, and reports both times and their ratio: the
// budget is two cores in at most 0.6× the time of one. It also reports the
// CPU time each used: on a host whose other processes leave this one less
// than two cores, the wall times are alike while the CPU times show the
// sweep adds no work when it runs in parallel.
func BenchmarkSweep(b *testing.B) {
	doc, err := scenario.PresetJSON("order-events")
	if err != nil {
		b.Fatal(err)
	}
	a, _ := ParseVary("topic.partitions=4..48:4")
	p, err := NewPlan(Definition{Scenario: doc, Vary: []Axis{a}, Seeds: 1}, scenario.CommandLineLimits())
	if err != nil {
		b.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var took, cpu [3]time.Duration
	for b.Loop() {
		for _, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			start, startCPU := time.Now(), cpuTime()
			if _, err := RunAll(p, 0, nil); err != nil {
				b.Fatal(err)
			}
			took[procs] += time.Since(start)
			cpu[procs] += cpuTime() - startCPU
		}
	}
	n := float64(b.N)
	b.ReportMetric(took[1].Seconds()/n, "s/sweep-1core")
	b.ReportMetric(took[2].Seconds()/n, "s/sweep-2cores")
	b.ReportMetric(took[2].Seconds()/took[1].Seconds(), "2cores/1core")
	b.ReportMetric(cpu[1].Seconds()/n, "cpu-s/sweep-1core")
	b.ReportMetric(cpu[2].Seconds()/n, "cpu-s/sweep-2cores")
	b.ReportMetric(float64(p.Runs()), "runs/sweep")
}
