package sim

import (
	"reflect"
	"runtime"
	"testing"

	"partitionlab/sim/scenario"
)

// runDetached runs a scenario detaching every partition whose log keeps
// at least keep records (with one, the one keeping the most at each look),
// and forking the stream at fork records kept.
func runDetached(t *testing.T, sc scenario.Scenario, keep, fork int64, one bool) (*Result, int) {
	t.Helper()
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	if s.detachAt >= 0 {
		s.detachAt, s.detachAll, s.detachOne = keep, true, one
	}
	s.forkAt = fork
	for !s.Advance(1 << 16) {
	}
	return s.Result(), s.detachedCount
}

// TestDetachedPartitionsGiveTheSameRun: a partition detached from the
// stream, whose records are sent again by its own copy of the stream when
// its consumer reaches them, must not change anything a person sees: every
// preset and scenario file the rule allows gives the same digest, whether
// or not the stream is forked too.
func TestDetachedPartitionsGiveTheSameRun(t *testing.T) {
	scenarios := everyScenario(t)
	detached := 0
	variants := []struct {
		keep, fork int64
		one        bool
	}{{0, forkAt, false}, {20, 100, false}, {0, forkAt, true}, {50, 100, true}}
	checked := 0 // detachable scenarios so far: under node they take the variants in turn
	for _, sc := range scenarios {
		if !detachable(sc) && !crossable(sc) {
			continue
		}
		want, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, v := range variantsToRun(checked-1, len(variants)) {
			c := variants[v]
			got, n := runDetached(t, sc, c.keep, c.fork, c.one)
			detached += n
			if got.Digest != want.Digest {
				t.Errorf("%s, detached at %d records kept, forked at %d: digest %s, want %s\n got %+v\nwant %+v",
					sc.Name, c.keep, c.fork, got.Digest, want.Digest, summarize(got), summarize(want))
			}
		}
	}
	if detached == 0 {
		t.Error("no partition was detached")
	}
}

// TestHotPartitionIsDetached: the hot-partition backlog (a customer with
// 30 % of 3,000 orders/s on 8 partitions and 8 threads at 0.8 ms) detaches
// its hot partition by the engine's own rule, and the run is the same as
// one that never detaches.
func TestHotPartitionIsDetached(t *testing.T) {
	sc, err := scenario.Preset("hot-customer")
	if err != nil {
		t.Fatal(err)
	}
	sc.DurationS, sc.Workload.OrdersPerS, sc.Workload.CustomerSkew.HotShare = 40, 3000, 0.3
	sc.Topic.Partitions, sc.Consumer.Concurrency, sc.Consumer.ProcessingMs = 8, 8, 0.8
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Advance(1 << 16) {
	}
	if s.detachedCount != 1 {
		t.Errorf("%d partitions detached, want the hot one", s.detachedCount)
	}
	s2, _ := New(sc)
	s2.detachAt = -1
	for !s2.Advance(1 << 16) {
	}
	if got, want := s.Result().Digest, s2.Result().Digest; got != want {
		t.Errorf("detached: digest %s, want %s", got, want)
	}
}

// TestThreadPoolBacklogForks: a thread pool that cannot keep up holds its
// backlog as offsets, and the records wait in their partitions' logs, so
// those logs fill up and the stream forks by the engine's own rule: the
// records are sent again as the pool's threads take them. The run is the
// same as one that never forks or detaches, whose logs keep every record.
func TestThreadPoolBacklogForks(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.DurationS, sc.Workload.OrdersPerS = 120, 3000
	sc.Consumer.Mode, sc.Consumer.PoolThreads, sc.Consumer.ProcessingMs = scenario.ModeThreadPool, 8, 8
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Advance(1 << 16) {
	}
	if s.back == nil && s.detachedCount == 0 {
		t.Error("the logs kept every record: neither forked nor detached")
	}
	s2, _ := New(sc)
	s2.detachAt, s2.forkAt = -1, -1
	for !s2.Advance(1 << 16) {
	}
	if s2.detachedCount != 0 || s2.back != nil {
		t.Fatal("the run that keeps everything forked or detached")
	}
	if got, want := s.Result(), s2.Result(); got.Digest != want.Digest {
		t.Errorf("detached: digest %s, want %s\n got %+v\nwant %+v", got.Digest, want.Digest, summarize(got), summarize(want))
	}
}

// uniformBacklog is the backlog where every partition falls behind: 20,000
// orders/s on n partitions that six threads cannot keep up with, for d
// simulated seconds. Keys send each partition records at its own rate, the
// consumers take them at one, so the partitions' positions drift apart.
func uniformBacklog(t *testing.T, n int, d float64) scenario.Scenario {
	t.Helper()
	sc := scenario.DefaultScenario()
	sc.Topic.Partitions, sc.Workload.OrdersPerS, sc.DurationS = n, 20000, d
	if err := scenario.Validate(sc); err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestDriftingPartitionsAreDetached: in the uniform backlog on twelve
// partitions, the logs and the checker fill up with what lies between the
// slowest partition and the fastest, so the engine detaches partitions by
// its own rule; on more than sixteen, where a stream per partition would
// cost time with their number, it spills every one instead (spill.go).
// Either way the run is the same as one that does neither.
func TestDriftingPartitionsAreDetached(t *testing.T) {
	for _, n := range []int{12, crowdedParts + 1} {
		sc := uniformBacklog(t, n, 30)
		s, err := New(sc)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Advance(1 << 16) {
		}
		if n <= crowdedParts && (s.detachedCount < n/2 || s.spilledCount != 0) {
			t.Errorf("%d partitions: %d detached and %d spilled, want most detached", n, s.detachedCount, s.spilledCount)
		}
		if n > crowdedParts && (s.detachedCount != 0 || s.spilledCount != n) {
			t.Errorf("%d partitions: %d detached and %d spilled, want every one spilled", n, s.detachedCount, s.spilledCount)
		}
		s2, _ := New(sc)
		s2.detachAt = -1
		for !s2.Advance(1 << 16) {
		}
		if got, want := s.Result().Digest, s2.Result().Digest; got != want {
			t.Errorf("%d partitions, %d detached, %d spilled: digest %s, want %s", n, s.detachedCount, s.spilledCount, got, want)
		}
	}
}

// TestSpilledPartitionsGiveTheSameRun: a spilled partition, whose records
// wait in a few bytes each without their checker entries until a consumer
// reaches them, must not change anything a person sees: every preset and
// scenario file the rule allows gives the same digest with every partition
// spilled at the first look, with and without the stream forked.
func TestSpilledPartitionsGiveTheSameRun(t *testing.T) {
	scenarios := everyScenario(t)
	spilled := 0
	for i, sc := range scenarios {
		if !detachable(sc) {
			continue
		}
		want, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		for _, fork := range []int64{forkAt, 100} {
			if fork == 100 && i%2 == 1 && testing.Short() {
				continue
			}
			s, err := NewWithOptions(sc, Options{SpillPartitions: true, ForkAfterRecords: fork})
			if err != nil {
				t.Fatal(err)
			}
			for !s.Advance(1 << 16) {
			}
			spilled += s.spilledCount
			if got := s.Result(); got.Digest != want.Digest {
				t.Errorf("%s, spilled, forked at %d records: digest %s, want %s\n got %+v\nwant %+v",
					sc.Name, fork, got.Digest, want.Digest, summarize(got), summarize(want))
			}
		}
	}
	if spilled == 0 {
		t.Error("no partition was spilled")
	}
}

// TestTracedRunsDetachAndTraceTheSame: a traced run (the page's second
// run, which draws the violation timeline) detaches and spills partitions
// as the first run does, so a backlog holds no more in it; the trace and
// the digest are those of a traced run that never detaches, on every
// scenario the rule allows: the keys of its violations, or a customer and
// an order where it has none.
func TestTracedRunsDetachAndTraceTheSame(t *testing.T) {
	variants := []struct {
		keep, fork int64
		one, spill bool
	}{{0, forkAt, false, false}, {20, 100, false, false}, {50, 100, true, false}, {0, 100, false, true}}
	checked, apart := 0, 0
	for _, sc := range everyScenario(t) {
		if !detachable(sc) && !crossable(sc) {
			continue
		}
		r, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		keys := []TraceKey{{Scope: "customer", Key: "customer-1"}, {Scope: "order", Key: "order-5"}}
		if len(r.Ordering.Examples) == 0 && runtime.GOOS == "js" {
			continue // under node, the scenarios with violations only: the tracer is the same code
		}
		if len(r.Ordering.Examples) > 0 {
			keys = keys[:0]
			for _, v := range r.Ordering.Examples {
				keys = append(keys, TraceKey{Scope: v.Scope, Key: v.Key})
			}
		}
		traced := func(opts Options, set func(*Sim)) *Result {
			opts.Trace, opts.TraceLimit = keys, 20000
			s, err := NewWithOptions(sc, opts)
			if err != nil {
				t.Fatal(err)
			}
			set(s)
			for !s.Advance(1 << 16) {
			}
			apart += s.detachedCount + s.spilledCount
			return s.Result()
		}
		want := traced(Options{}, func(s *Sim) { s.detachAt = -1 })
		checked++
		{ // the scenarios take the variants in turn: each one about seven times
			c := variants[(checked-1)%len(variants)]
			got := traced(Options{SpillPartitions: c.spill, ForkAfterRecords: c.fork}, func(s *Sim) {
				if !c.spill {
					s.detachAt, s.detachAll, s.detachOne = c.keep, true, c.one
				}
			})
			if got.Digest != want.Digest || !reflect.DeepEqual(got.Trace, want.Trace) {
				t.Errorf("%s, %+v: digest %s, trace of %d events; never detached: %s, %d events",
					sc.Name, c, got.Digest, len(got.Trace), want.Digest, len(want.Trace))
			}
		}
	}
	if apart == 0 {
		t.Error("no traced run detached or spilled a partition")
	}
}
