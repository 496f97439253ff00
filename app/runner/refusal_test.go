package runner

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// A run that holds more events than the place allows (per-key queues that
// fall behind: every waiting record held) stops, and the page hears why as
// the engine's field error, in code and arguments it words in its own
// language, next to no result; the worker is free for the next run.
func TestServiceStopsARunHoldingTooMuchAndSaysWhy(t *testing.T) {
	sc, err := scenario.ParseScenario([]byte(`{"duration_s":300,"workload":{"orders_per_s":3000},` +
		`"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}}`))
	if err != nil {
		t.Fatal(err)
	}
	s := Service{maxHeld: 1 << 16}
	clock := &fakeClock{t: time.Unix(0, 0), tick: 10 * time.Millisecond}
	if got := s.Handle(runRequest(5, sc, true), clock.now()); got != nil {
		t.Fatalf("a valid run answered %+v at once", got)
	}
	replies := drain(t, &s, clock)
	last := replies[len(replies)-1]
	for _, r := range replies {
		if r.Kind == KindResult || r.Kind == KindDone {
			t.Fatalf("a stopped run sent a %s reply", r.Kind)
		}
	}
	if last.Kind != KindError || last.ID != 5 || last.Refusal == nil {
		t.Fatalf("last reply %+v; want an error with its refusal", last)
	}
	if r := last.Refusal; r.Field != "duration_s" || r.Code != "budget.held" {
		t.Fatalf("refusal %+v; want budget.held on duration_s", *r)
	}
	var c Client
	c.Start(5, "k", sc, true, nil, clock.now())
	b, err := json.Marshal(last)
	if err != nil {
		t.Fatal(err)
	}
	effects := c.Hear(string(b), clock.now())
	var shown *Effect
	for i := range effects {
		if effects[i].Kind == ShowError {
			shown = &effects[i]
		}
	}
	var fe scenario.FieldErrors
	if shown == nil || !errors.As(shown.Refused, &fe) || fe[0].Code != "budget.held" || fe[0].Error() != last.Error {
		t.Fatalf("the page shows %+v; want the engine's field error %q", shown, last.Error)
	}
	if s.Busy() {
		t.Error("the worker still runs the stopped run")
	}
}

// A sweep's run that holds too many events stops with the same refusal,
// for that run alone; the worker goes on to the next one.
func TestSweepRunHoldingTooManyEventsIsRefusedAlone(t *testing.T) {
	doc := []byte(`{"workload":{"orders_per_s":3000},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}}`)
	a, err := sweep.ParseVary("duration_s=1,150")
	if err != nil {
		t.Fatal(err)
	}
	def := sweep.Definition{Scenario: doc, Vary: []sweep.Axis{a}, Seeds: 1}
	s := Service{maxHeld: 1 << 16}
	clock := &fakeClock{t: time.Unix(0, 0), tick: 10 * time.Millisecond}
	s.Handle(Request{Kind: KindSweep, ID: 2, Sweep: &def, Runs: []int{1, 0}}, clock.now())
	replies := drain(t, &s, clock)
	if len(replies) != 2 {
		t.Fatalf("replies %+v; want one per run", replies)
	}
	if r := replies[0]; r.Kind != KindError || r.Index != 1 || r.Refusal == nil || r.Refusal.Code != "budget.held" {
		t.Errorf("the 150 s run's reply is %+v; want its refusal", r)
	}
	if r := replies[1]; r.Kind != KindSweepRun || r.Index != 0 || r.SweepRun == nil {
		t.Errorf("the 1 s run's reply is %+v; want its headline", r)
	}
}
