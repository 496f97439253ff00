package sim

import (
	"errors"
	"runtime"
	"testing"

	"partitionlab/sim/scenario"
)

// heldLimits are the browser's limits with a lower limit of events held,
// so that a test's backlog reaches it in seconds.
func heldLimits(max int64) *scenario.Limits {
	l := scenario.BrowserLimits()
	l.MaxHeld = max
	return &l
}

// A backlog whose memory grows with it (per-key queues: each key's queue
// holds its records, and the checker every event since the oldest waiting)
// stops once it holds more events than the place allows, with an error
// naming duration_s and where it stopped; the same point whatever the
// slices the run is advanced in (the worker's follow the clock).
func TestRunStopsWhereItHoldsTooManyEvents(t *testing.T) {
	sc := backlogScenario(&testing.B{}, "perkey", 150)
	var stops []string
	for _, slice := range []int{1 << 20, 777} {
		s, err := NewWithOptions(sc, Options{Limits: heldLimits(1 << 19)})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Advance(slice) {
		}
		var fe scenario.FieldErrors
		if !errors.As(s.Err(), &fe) || fe[0].Field != "duration_s" || fe[0].Code != "budget.held" {
			t.Fatalf("a per-key backlog of 150 s ended with %v; want it stopped at its limit, naming duration_s", s.Err())
		}
		if s.now >= s.end || s.checker.InFlight() <= 1<<19 {
			t.Fatalf("stopped at %d ns holding %d events", s.now, s.checker.InFlight())
		}
		stops = append(stops, fe[0].Message)
	}
	if stops[0] != stops[1] {
		t.Errorf("stopped %q advanced at once, %q in small slices", stops[0], stops[1])
	}
	if _, err := RunWithin(sc, *heldLimits(1 << 19)); err == nil || err.Error() != "duration_s: "+stops[0] {
		t.Errorf("RunWithin gave %v", err)
	}
}

// The backlogs whose memory stays flat hold a bounded number of events
// (partitions detached, pools holding offsets): the same limit lets them
// run to the end.
func TestFlatBacklogsRunWithinTheLimitOfEventsHeld(t *testing.T) {
	kinds := []string{"uniform", "hot", "share", "pool"}
	if runtime.GOOS == "js" {
		kinds = kinds[:2] // under node (11 s for the four): the limit's check is the same code
	}
	for _, kind := range kinds {
		if _, err := RunWithin(backlogScenario(&testing.B{}, kind, 150), *heldLimits(1 << 19)); err != nil {
			t.Errorf("%s backlog: %v", kind, err)
		}
	}
}
