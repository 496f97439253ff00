package runner

import (
	"testing"
	"time"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// fakeClock advances by tick at every reading, so a slice's length is a
// number of readings, whatever the machine's speed.
type fakeClock struct {
	t    time.Time
	tick time.Duration
}

func (c *fakeClock) now() time.Time {
	c.t = c.t.Add(c.tick)
	return c.t
}

func preset(t *testing.T, name string) scenario.Scenario {
	t.Helper()
	sc, err := scenario.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// Slices give the same run as the engine in one go, and progress only
// moves forward, never past 100 %.
func TestSlicedRunIsTheSameRun(t *testing.T) {
	sc := preset(t, "add-partitions")
	want, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	j, err := Start(sc)
	if err != nil {
		t.Fatal(err)
	}
	clock := &fakeClock{tick: 5 * time.Millisecond}
	last, slices := -1.0, 0
	for j.Phase() == Simulating {
		j.Step(10*time.Millisecond, clock.now)
		slices++
		p := j.Progress()
		if j.Phase() == Simulating && (p < last || p > 1) {
			t.Fatalf("progress went from %v to %v", last, p)
		}
		last = p
	}
	if slices < 3 {
		t.Errorf("the run took %d slices; a slice should stop at its budget", slices)
	}
	if got := j.Result().Digest; got != want.Digest {
		t.Errorf("sliced digest %s, one-go digest %s", got, want.Digest)
	}
}

// The trace holds both events of every example: the later one that
// completed first and the earlier one it overtook, where they were.
func TestTraceHoldsEveryExamplesEvents(t *testing.T) {
	j, err := RunAll(preset(t, "thread-pool"))
	if err != nil {
		t.Fatal(err)
	}
	ex := j.Result().Ordering.Examples
	if len(ex) == 0 {
		t.Fatal("thread-pool has no violation examples")
	}
	type at struct {
		scope, key string
		partition  int
		offset     int64
	}
	traced := map[at]bool{}
	for _, e := range j.Trace() {
		traced[at{e.Scope, e.Key, e.Partition, e.Offset}] = true
	}
	for _, v := range ex {
		for _, ev := range []sim.Evidence{v.Later, v.Earlier} {
			if ev.CompletedS != nil && !traced[at{v.Scope, v.Key, ev.Partition, ev.Offset}] {
				t.Errorf("%s %s: %s at p%d offset %d is not in the trace", v.Scope, v.Key, ev.Event, ev.Partition, ev.Offset)
			}
		}
	}
}

func TestARunWithoutViolationsIsNotTraced(t *testing.T) {
	j, err := Start(preset(t, "order-events"))
	if err != nil {
		t.Fatal(err)
	}
	for j.Phase() == Simulating {
		j.Step(time.Hour, time.Now)
	}
	if j.Phase() != Done || j.Trace() != nil || j.Progress() != 1 {
		t.Errorf("phase %v, trace %d events, progress %v", j.Phase(), len(j.Trace()), j.Progress())
	}
	if j.Step(time.Hour, time.Now) {
		t.Errorf("a finished job reports a phase change")
	}
}

func TestUntracedJobEndsWithTheResult(t *testing.T) {
	j, err := StartUntraced(preset(t, "thread-pool"))
	if err != nil {
		t.Fatal(err)
	}
	j.Step(time.Hour, time.Now)
	if j.Phase() != Done || j.Result() == nil || j.Trace() != nil {
		t.Errorf("phase %v, result %v, trace %d events", j.Phase(), j.Result() != nil, len(j.Trace()))
	}
}

func TestStartRefusesAnInvalidScenario(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.Topic.Partitions = 0
	if _, err := Start(sc); err == nil {
		t.Errorf("0 partitions accepted")
	}
}

// BenchmarkReferenceRun is the engine's share of a redraw in the browser:
// the default scenario (order-events), sliced as the page runs it.
func BenchmarkReferenceRun(b *testing.B) {
	sc, _ := scenario.Preset("order-events")
	for range b.N {
		j, _ := Start(sc)
		for j.Phase() == Simulating {
			j.Step(15*time.Millisecond, time.Now)
		}
	}
}
