package sim

import (
	"runtime"
	"testing"

	"partitionlab/sim/scenario"
)

// allocated is how many bytes run allocates in all.
func allocated(run func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestNothingIsSizedForTheWorstCase: a millisecond at a million orders a
// second on 10,000 partitions with a day between commits sends a thousand
// records. It once reserved 20 GB up front (every partition's log sized
// from rate × auto-commit interval) and died in a browser tab; the run's
// memory must follow what happens in it.
func TestNothingIsSizedForTheWorstCase(t *testing.T) {
	sc, err := scenario.ParseScenario([]byte(`{"duration_s":0.001,"topic":{"partitions":10000},"workload":{"orders_per_s":1000000},"consumer":{"auto_commit_interval_ms":86400000}}`))
	if err != nil {
		t.Fatal(err)
	}
	var r *Result
	n := allocated(func() {
		if r, err = Run(sc); err != nil {
			t.Fatal(err)
		}
	})
	if r.EventsProduced < 900 {
		t.Errorf("%d events produced, want about 1000", r.EventsProduced)
	}
	if n > 50<<20 {
		t.Errorf("the run allocated %.0f MB for %d events", float64(n)/(1<<20), r.EventsProduced)
	}
	t.Logf("%.1f MB allocated", float64(n)/(1<<20))
}

// TestPartitionCachesAreBounded: a producer caches the partition of each
// key for every partition count it sees; a timeline of 199 increases on a
// million customers once kept 199 caches of 4 MB.
func TestPartitionCachesAreBounded(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.DurationS, sc.Workload.OrdersPerS, sc.Workload.Customers = 2.5, 20000, 1_000_000
	sc.Producers[0].MetadataMaxAgeMs = 1
	for i := 1; i < 200; i++ {
		sc.Timeline = append(sc.Timeline, scenario.Action{AtS: 0.01 * float64(i), Action: scenario.ActionSetPartitions, Partitions: 12 + i})
	}
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	var ms runtime.MemStats
	var peak uint64
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	for done := false; !done; {
		done = s.Advance(1 << 14)
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc-min(base, ms.HeapAlloc))
	}
	if peak > 100<<20 {
		t.Errorf("the run kept %.0f MB", float64(peak)/(1<<20))
	}
	t.Logf("peak live heap %.1f MB", float64(peak)/(1<<20))
}

// peakLiveHeap runs sc and returns the most live heap the run kept,
// sampled after a collection every 2^16 steps.
func peakLiveHeap(t *testing.T, sc scenario.Scenario) uint64 {
	t.Helper()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	var peak uint64
	for done := false; !done; {
		done = s.Advance(1 << 16)
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc-min(base, ms.HeapAlloc))
	}
	return peak
}

// peaksAt runs backlog(d) for d = short and long simulated seconds and
// returns each run's peak live heap, and logs them.
func peaksAt(t *testing.T, backlog func(d float64) scenario.Scenario, short, long float64) (uint64, uint64) {
	t.Helper()
	a, b := peakLiveHeap(t, backlog(short)), peakLiveHeap(t, backlog(long))
	t.Logf("peak live heap %.1f MiB at %g s, %.1f MiB at %g s", float64(a)/(1<<20), short, float64(b)/(1<<20), long)
	return a, b
}

// wantFlat runs backlog(d) for d = short and long simulated seconds and
// fails unless the longer run's peak live heap stays under limit and within
// 1.2 times the shorter one's.
func wantFlat(t *testing.T, backlog func(d float64) scenario.Scenario, short, long float64, limit uint64) {
	t.Helper()
	a, b := peaksAt(t, backlog, short, long)
	if b > limit || float64(b) > 1.2*float64(a) {
		t.Errorf("peak live heap %.1f MiB at %g s and %.1f MiB at %g s: it grows with the run",
			float64(a)/(1<<20), short, float64(b)/(1<<20), long)
	}
}

// TestHotPartitionBacklogIsFlat: a customer with 30 % of 3,000 orders/s
// keyed onto one of 8 partitions, 8 threads at 0.8 ms: the hot partition
// falls behind (2,200 records more every second) while the others keep up.
// The run once kept every record and checker entry since the hot
// partition's position, about 300 bytes per waiting record, and a two-hour
// review ran a browser tab out of memory. Three times the backlog must not
// take more memory.
func TestHotPartitionBacklogIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 240 simulated seconds")
	}
	wantFlat(t, func(d float64) scenario.Scenario {
		sc, err := scenario.Preset("hot-customer")
		if err != nil {
			t.Fatal(err)
		}
		sc.Workload.OrdersPerS, sc.Workload.CustomerSkew.HotShare = 3000, 0.3
		sc.Topic.Partitions, sc.Consumer.Concurrency, sc.Consumer.ProcessingMs = 8, 8, 0.8
		sc.DurationS = d
		return sc
	}, 60, 180, 16<<20)
}

// TestUniformBacklogIsFlat: every partition of twelve falls behind, each at
// its own pace (300 customers make their rates differ the more), so their
// positions drift apart. The run once kept every record and checker entry
// between the slowest partition and the fastest: 79 MiB at 120 s, 242 MiB
// at 360 s. Three times the backlog must not take more memory.
func TestUniformBacklogIsFlat(t *testing.T) {
	nativeOnly(t)
	if testing.Short() {
		t.Skip("runs 480 simulated seconds")
	}
	wantFlat(t, func(d float64) scenario.Scenario {
		sc := uniformBacklog(t, 12, d)
		sc.Workload.Customers = 300
		return sc
	}, 120, 360, 64<<20)
}

// TestCountryBacklogIsFlat: keyed by country (the country-key preset),
// the first country's partition falls behind while the others keep up, and
// every customer's orders go to every country's partition. The run kept an
// entry for every event sent since that partition's position, about 450
// bytes a waiting record (26.7 MiB at 300 s, 84.4 MiB at 900 s): the
// partition is now detached and the checker follows each customer across it
// (ordering's cross.go), and the run must give the same result.
func TestCountryBacklogIsFlat(t *testing.T) {
	nativeOnly(t)
	if testing.Short() {
		t.Skip("runs 1,320 simulated seconds")
	}
	country := func(d float64) scenario.Scenario {
		sc, err := scenario.Preset("country-key")
		if err != nil {
			t.Fatal(err)
		}
		sc.DurationS = d
		return sc
	}
	wantFlat(t, country, 300, 900, 32<<20)
	s, err := New(country(120))
	if err != nil {
		t.Fatal(err)
	}
	for !s.Advance(1 << 16) {
	}
	if s.detachedCount != 1 {
		t.Errorf("%d partitions detached, want the one behind", s.detachedCount)
	}
	kept, err := New(country(120))
	if err != nil {
		t.Fatal(err)
	}
	kept.detachAt = -1
	for !kept.Advance(1 << 16) {
	}
	if got, want := s.Result().Digest, kept.Result().Digest; got != want {
		t.Errorf("detached: digest %s, never detached: %s", got, want)
	}
}

// TestBacklogOnManyPartitionsKeepsFewBytesARecord: the uniform backlog on
// 100 partitions drifts apart too, and there every partition is spilled:
// the records between each consumer and the stream's furthest point wait
// in about five bytes each, where a kept record and its checker entry took
// over a hundred (the peak live heap grew by 84 MiB from 120 s to 360 s).
func TestBacklogOnManyPartitionsKeepsFewBytesARecord(t *testing.T) {
	nativeOnly(t)
	if testing.Short() {
		t.Skip("runs 480 simulated seconds")
	}
	short, long := peaksAt(t, func(d float64) scenario.Scenario { return uniformBacklog(t, 100, d) }, 120, 360)
	if long > short+16<<20 {
		t.Errorf("peak live heap %.1f MiB at 120 s and %.1f MiB at 360 s: the records waiting take too much",
			float64(short)/(1<<20), float64(long)/(1<<20))
	}
}

// TestShareGroupMemoryFollowsItsRecordsInFlight: a share group that keeps
// up (queue-share-group) needs only the records between each share
// partition's start offset and its end. Its logs once let go of nothing, so
// a run's memory grew with its length whatever the backlog: 13.8 MiB at
// 100 s, 49.8 MiB at 300 s, 97.8 MiB at 900 s.
func TestShareGroupMemoryFollowsItsRecordsInFlight(t *testing.T) {
	wantFlat(t, func(d float64) scenario.Scenario {
		sc, err := scenario.Preset("queue-share-group")
		if err != nil {
			t.Fatal(err)
		}
		sc.DurationS = d
		return sc
	}, 100, 300, 8<<20)
}

// TestShareBacklogIsFlat: a share group of six consumers on twelve
// partitions that cannot keep up with 20,000 orders/s. They take records
// from every partition at one pace while keys send each its own, so the
// partitions drift apart as a consumer group's do; partitions are detached
// for a share group as well (its keys stay in their partitions), and three
// times the backlog must not take more memory (before: 33 and 66 MiB peak
// at 100 and 300 s, 237 MiB live at the end of 900 s).
func TestShareBacklogIsFlat(t *testing.T) {
	nativeOnly(t)
	if testing.Short() {
		t.Skip("runs 480 simulated seconds")
	}
	wantFlat(t, func(d float64) scenario.Scenario {
		sc := uniformBacklog(t, 12, d)
		sc.Workload.Customers = 300
		sc.Consumer.GroupType, sc.Consumer.Instances, sc.Consumer.Concurrency, sc.Consumer.ProcessingMs = scenario.GroupTypeShare, 1, 6, 1.5
		if err := scenario.Validate(sc); err != nil {
			t.Fatal(err)
		}
		return sc
	}, 120, 360, 64<<20)
}

// TestRunsThatKeepUpHoldFlatMemory: a run whose consumers keep up must not
// need more memory for being longer. Every preset and scenario file runs
// for 60 and 180 s; those with less than one record in a hundred waiting
// at the end must keep about the same peak live heap. A share group's logs
// once kept every record of the run (the queue-share-group preset: 13.8
// MiB at 100 s, 49.8 MiB at 300 s). Backlogs have their own tests above.
// Under node the same code runs; it is skipped there for time.
func TestRunsThatKeepUpHoldFlatMemory(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("runs every scenario for 240 simulated seconds")
	}
	for _, sc := range everyScenario(t) {
		short, long := sc, sc
		short.DurationS, long.DurationS = 60, 180
		r, err := Run(long)
		if err != nil {
			t.Fatal(err)
		}
		if waiting := r.EventsProduced - r.EventsProcessed; 100*waiting > r.EventsProduced {
			continue // a backlog
		}
		a, b := peakLiveHeap(t, short), peakLiveHeap(t, long)
		if float64(b) > 1.25*float64(a)+1<<20 {
			t.Errorf("%s: peak live heap %.1f MiB at 60 s, %.1f MiB at 180 s, with %d of %d records waiting at the end",
				sc.Name, float64(a)/(1<<20), float64(b)/(1<<20), r.EventsProduced-r.EventsProcessed, r.EventsProduced)
		}
	}
}

// TestThreadPoolBacklogIsFlat: six members each hand 3,000 orders/s to
// eight threads at 8 ms, a thousand records a second in all: the rest
// waits in the executors' queues. Those queues once held a copy of every
// record waiting and the checker an entry for each (140.8 MiB peak at
// 300 s, 338.3 MiB at 900 s); now they hold offsets, and the records wait
// in their partitions' logs, which detach as any backlog's do. Three times
// the backlog must not take more memory.
func TestThreadPoolBacklogIsFlat(t *testing.T) {
	nativeOnly(t)
	if testing.Short() {
		t.Skip("runs 480 simulated seconds")
	}
	wantFlat(t, func(d float64) scenario.Scenario {
		sc := scenario.DefaultScenario()
		sc.DurationS, sc.Workload.OrdersPerS = d, 3000
		sc.Consumer.Mode, sc.Consumer.PoolThreads, sc.Consumer.ProcessingMs = scenario.ModeThreadPool, 8, 8
		if err := scenario.Validate(sc); err != nil {
			t.Fatal(err)
		}
		return sc
	}, 120, 360, 48<<20)
}

// nativeOnly skips a backlog's memory test under node (GOOS=js): it checks
// how the engine's Go data structures grow, which is the same code in
// WebAssembly, and there the five that call it took 28 s of the package's
// 107 (2026-12-07), the longest package of make node. What does differ by
// platform, a run's digest, is checked under node too (TestGoldenPresets).
func nativeOnly(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "js" {
		t.Skip("under node: the same data structures as natively, where it runs")
	}
}
