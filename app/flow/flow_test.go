package flow

import (
	"strconv"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func run(t testing.TB, preset string, traced bool) (*sim.Result, []sim.TraceEvent) {
	t.Helper()
	sc, err := scenario.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !traced {
		return r, nil
	}
	s, err := sim.NewWithOptions(sc, sim.Options{Trace: runner.TraceKeys(r), TraceLimit: runner.TraceLimit})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Advance(1 << 16) {
	}
	return r, s.Result().Trace
}

// The hot customer's partition is marked as the hottest, and the summary
// names it with the records waiting there.
func TestHotPartitionIsMarked(t *testing.T) {
	r, _ := run(t, "hot-customer", false)
	f := New(r, nil)
	s := f.At(float64(f.Buckets()))
	hot := r.Load.HottestPartition
	for _, p := range s.Partitions {
		if p.Hot != (p.Partition == hot) {
			t.Errorf("p%d hot=%v; the hot customer's partition is p%d", p.Partition, p.Hot, hot)
		}
	}
	if !s.Partitions[hot].Hot || s.Partitions[hot].Fill <= 0.5 {
		t.Errorf("the hot partition's queue fills %.2f of the bar", s.Partitions[hot].Fill)
	}
	if !strings.Contains(s.Summary(), "Most records wait on p"+itoa(hot)) {
		t.Errorf("the summary does not name p%d: %s", hot, s.Summary())
	}
	if !strings.Contains(s.SVG(), `data-partition="`+itoa(hot)+`" data-lag="`) {
		t.Errorf("the picture has no row for p%d", hot)
	}
}

// Records move: between two moments of one bucket the dots have advanced,
// and the same moment is always drawn the same way.
func TestRecordsMoveDeterministically(t *testing.T) {
	r, _ := run(t, "order-events", false)
	f := New(r, nil)
	a, b := f.At(10.2), f.At(10.6)
	if len(a.Dots) == 0 {
		t.Fatal("no record in flight 10 buckets into order-events")
	}
	if a.SVG() == b.SVG() {
		t.Error("the picture did not change within a bucket")
	}
	if New(r, nil).At(10.2).SVG() != a.SVG() {
		t.Error("the same moment was drawn two ways")
	}
	for _, d := range a.Dots {
		if d.Progress < 0 || d.Progress >= 1 {
			t.Errorf("a dot at progress %.2f", d.Progress)
		}
		if d.Leg == ToThread && a.Partitions[d.From].Owner != d.To {
			t.Errorf("a record of p%d goes to thread %d, its owner is %d", d.From, d.To, a.Partitions[d.From].Owner)
		}
	}
}

// During an eager rebalance the members are paused, and the picture says
// so; before it they are not.
func TestRebalancePausesMembers(t *testing.T) {
	r, _ := run(t, "scale-out-eager", false)
	if len(r.Group.Rebalances) == 0 {
		t.Fatal("scale-out-eager has no rebalance")
	}
	rb := r.Group.Rebalances[len(r.Group.Rebalances)-1]
	var paused float64
	for _, p := range rb.Paused {
		paused = max(paused, p.PausedS)
	}
	if paused <= 0 {
		t.Fatal("the scale-out rebalance paused nobody")
	}
	f := New(r, nil)
	during := f.At((rb.StartS + paused/2) / r.Series.BucketS)
	n := 0
	for _, th := range during.Threads {
		if th.Paused {
			n++
		}
	}
	if n == 0 || !during.Rebalancing || !strings.Contains(during.SVG(), `data-paused="true"`) {
		t.Errorf("during the rebalance at %.1f s: %d threads paused, rebalancing=%v", during.T, n, during.Rebalancing)
	}
	before := f.At((rb.StartS - 2) / r.Series.BucketS)
	if strings.Contains(before.SVG(), `data-paused="true"`) {
		t.Errorf("threads are paused at %.1f s, before the rebalance", before.T)
	}
}

// A violation flashes on the thread that processed the overtaking record,
// when it completed, and is gone a few buckets later.
func TestViolationFlashesWhereItHappens(t *testing.T) {
	r, trace := run(t, "thread-pool", true)
	if len(r.Ordering.Examples) == 0 || len(trace) == 0 {
		t.Fatal("thread-pool has no violation example or no trace")
	}
	v := r.Ordering.Examples[0]
	f := New(r, trace)
	at := *v.Later.CompletedS / r.Series.BucketS
	s := f.At(at + 0.1)
	found := false
	for _, fl := range s.Flashes {
		if fl.Partition == v.Later.Partition && fl.Thread >= 0 && strings.HasPrefix(v.Later.Thread, s.Threads[fl.Thread].Name) {
			found = true
		}
	}
	if !found {
		t.Errorf("no flash on p%d and %s at %.2f s: %+v", v.Later.Partition, v.Later.Thread, s.T, s.Flashes)
	}
	if !strings.Contains(s.Summary(), "Ordering violation") {
		t.Errorf("the summary does not mention the violation: %s", s.Summary())
	}
	// In Korean the summary says the same, with the same names and
	// partition, in Korean words.
	ko := s.SummaryIn(i18n.For(i18n.Korean))
	if ko == s.Summary() || !strings.Contains(ko, "p"+itoa(v.Later.Partition)) || !strings.Contains(ko, v.Key) {
		t.Errorf("the Korean summary %q", ko)
	}
	later := f.At(at + 3)
	for _, fl := range later.Flashes {
		if fl.Key == s.Flashes[0].Key && fl.Later == s.Flashes[0].Later && fl.Earlier == s.Flashes[0].Earlier {
			t.Errorf("the violation still flashes 3 buckets later")
		}
	}
	traced := 0
	for _, d := range s.Dots {
		if d.Key != "" {
			traced++
		}
	}
	if traced == 0 {
		t.Error("no record of a traced key is in flight at its violation")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
