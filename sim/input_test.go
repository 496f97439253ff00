package sim

import (
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// The engine refuses what validation refuses, so no caller can start a run
// the scenario language would not accept.

func TestRunRefusesInvalidScenario(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.Topic.Partitions = 0
	if _, err := Run(sc); err == nil || !strings.Contains(err.Error(), "topic.partitions") {
		t.Errorf("Run accepted 0 partitions: %v", err)
	}
}

// TestRunRefusesTooMuchWork: the engine itself refuses, so no caller can
// start a run above the command line's limits.
func TestRunRefusesTooMuchWork(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.DurationS, sc.Workload.OrdersPerS = 86400, 1e6
	if _, err := New(sc); err == nil || !strings.Contains(err.Error(), "events; the limit") {
		t.Errorf("New accepted 2.6e11 events: %v", err)
	}
}

// TestEstimateMatchesTheRun: the estimate a person sees before a run is
// the number of events the run then has, give or take the randomness of
// the arrivals.
func TestEstimateMatchesTheRun(t *testing.T) {
	for _, name := range []string{"order-events", "retry-topic", "producer-retries-unsafe", "new-group", "rolling-restart-static"} {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		r := runPreset(t, name)
		w := scenario.EstimateWork(sc)
		if got := float64(r.EventsProduced); got < 0.9*w.Events || got > 1.1*w.Events {
			t.Errorf("%s: estimated %.0f events, the run produced %.0f", name, w.Events, got)
		}
	}
}
