package invariants

import (
	"testing"

	"partitionlab/sim/scenario"
)

// TestShrinkKeepsTheFailureAndCutsTheRest: a made-up invariant broken by
// any partition increase that drains first shrinks a big world to one
// action, one producer, one event type and one consumer thread.
func TestShrinkKeepsTheFailureAndCutsTheRest(t *testing.T) {
	breaks := func(sc scenario.Scenario, name string) (Verdict, bool) {
		for _, a := range sc.Timeline {
			if a.Action == scenario.ActionSetPartitions && a.DrainFirst {
				return Verdict{Invariant: name, Outcome: Broken, Detail: "a drained increase"}, true
			}
		}
		return Verdict{Invariant: name, Outcome: Held}, false
	}
	g := NewGenerator(7, TestLimits())
	var w World
	for {
		var err error
		if w, err = g.Next(); err != nil {
			t.Fatal(err)
		}
		if _, ok := breaks(w.Scenario, "toy"); ok && len(w.Scenario.Timeline) > 1 && len(w.Scenario.Producers) > 1 {
			break
		}
	}
	sh := Shrinker{MaxRuns: 2000, breaks: breaks}
	small, v, runs := sh.Shrink(w.Scenario, Verdict{Invariant: "toy", Outcome: Broken, Detail: "a drained increase"})
	if v.Outcome != Broken {
		t.Fatalf("the shrunk scenario keeps the invariant: %+v", v)
	}
	if err := scenario.Validate(small); err != nil {
		t.Fatal(err)
	}
	k := small.Consumer
	if len(small.Timeline) != 1 || len(small.Producers) != 1 || len(small.Workload.EventsPerOrder) != 1 ||
		k.Instances != 1 || k.Concurrency != 1 || small.Topic.Partitions != 1 || runs >= sh.MaxRuns {
		t.Errorf("not shrunk far enough in %d runs:\n%s", runs, scenario.MarshalScenario(small))
	}
}
