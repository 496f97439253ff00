package runner

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// runRequest is a run request as the page sends it: the scenario as a
// complete document.
func runRequest(id int, sc scenario.Scenario, traced bool) Request {
	return Request{Kind: KindRun, ID: id, Scenario: scenario.MarshalScenario(sc), Traced: traced}
}

// drain steps the service until it is idle and returns every reply, each
// through JSON as the worker sends it.
func drain(t *testing.T, s *Service, clock *fakeClock) []Reply {
	t.Helper()
	var out []Reply
	for i := 0; s.Busy(); i++ {
		if i > 1e6 {
			t.Fatal("the run never ended")
		}
		for _, r := range s.Step(20*time.Millisecond, clock.now) {
			out = append(out, roundTrip(t, r))
		}
	}
	return out
}

func roundTrip(t *testing.T, r Reply) Reply {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Reply
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

// Every preset, sent to the worker as a document, is the scenario the page
// had: the worker's run is the page's run (and the command line's).
func TestScenarioDocumentsRoundTrip(t *testing.T) {
	for _, name := range scenario.PresetNames() {
		sc := preset(t, name)
		back, err := scenario.ParseScenario(scenario.MarshalScenario(sc))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(back, sc) {
			t.Errorf("%s: the document read back differs from the scenario", name)
		}
	}
}

// A traced run through the worker: progress only forward, partial results
// on the way, then the result with the engine's digest, then the trace.
// Asking for partial results mid-run does not change the run.
func TestServiceRunsAScenarioLikeTheEngine(t *testing.T) {
	sc := preset(t, "thread-pool")
	want, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	var s Service
	clock := &fakeClock{t: time.Unix(0, 0), tick: 10 * time.Millisecond}
	if got := s.Handle(runRequest(7, sc, true), clock.now()); got != nil {
		t.Fatalf("a valid run answered %+v at once", got)
	}
	s.partialGap = 0 // a partial result at every progress reply
	replies := drain(t, &s, clock)
	var kinds []string
	last, partials := -1.0, 0
	for _, r := range replies {
		if r.ID != 7 {
			t.Fatalf("reply for run %d, want 7", r.ID)
		}
		if kinds == nil || kinds[len(kinds)-1] != r.Kind {
			kinds = append(kinds, r.Kind)
		}
		if r.Kind == KindProgress && r.Phase == Simulating {
			if r.Progress < last || r.Progress > 1 {
				t.Errorf("progress went from %v to %v", last, r.Progress)
			}
			last = r.Progress
		}
		if r.Partial != nil {
			partials++
			if r.Partial.EventsProduced > want.EventsProduced || r.Partial.SimulatedS > sc.DurationS {
				t.Errorf("partial result %+v is past the end of the run", *r.Partial)
			}
		}
	}
	if partials == 0 {
		t.Error("no partial result during the run")
	}
	if want := []string{KindProgress, KindResult, KindProgress, KindDone}; !reflect.DeepEqual(kinds, want) {
		t.Fatalf("replies %v; want %v (the trace's progress between result and done)", kinds, want)
	}
	var res Reply
	for _, r := range replies {
		if r.Kind == KindResult {
			res = r
		}
	}
	done := replies[len(replies)-1]
	if res.Result.Digest != want.Digest {
		t.Errorf("worker digest %s, engine digest %s", res.Result.Digest, want.Digest)
	}
	if res.Events != want.EventsProduced+want.EventsProcessed || res.EngineMs <= 0 {
		t.Errorf("result reply says %d events in %v ms", res.Events, res.EngineMs)
	}
	if len(done.Trace) == 0 {
		t.Error("a traced run with violations sent no trace")
	}
}

func TestServiceRefusesAnInvalidScenarioNamingTheField(t *testing.T) {
	var s Service
	got := s.Handle(Request{Kind: KindRun, ID: 3, Scenario: []byte(`{"topic":{"partitions":0}}`)}, time.Now())
	if len(got) != 1 || got[0].Kind != KindError || got[0].ID != 3 || !strings.Contains(got[0].Error, "topic.partitions") {
		t.Fatalf("replies %+v; want one error naming topic.partitions", got)
	}
	if s.Busy() {
		t.Error("the service runs an invalid scenario")
	}
}

// A new run replaces the one in flight; cancel stops a run, but only the
// one it names (a late cancel must not stop the next run).
func TestServiceReplacesAndCancelsRuns(t *testing.T) {
	var s Service
	clock := &fakeClock{t: time.Unix(0, 0), tick: 10 * time.Millisecond}
	s.Handle(runRequest(1, preset(t, "order-events"), false), clock.now())
	s.Step(20*time.Millisecond, clock.now)
	s.Handle(runRequest(2, preset(t, "order-events"), false), clock.now())
	s.Handle(Request{Kind: KindCancel, ID: 1}, clock.now())
	if !s.Busy() {
		t.Fatal("cancelling run 1 stopped run 2")
	}
	for _, r := range drain(t, &s, clock) {
		if r.ID != 2 {
			t.Fatalf("a reply for run %d after run 2 started", r.ID)
		}
	}
	s.Handle(runRequest(3, preset(t, "order-events"), false), clock.now())
	s.Handle(Request{Kind: KindCancel, ID: 3}, clock.now())
	if s.Busy() || s.Step(time.Second, clock.now) != nil {
		t.Error("a cancelled run goes on")
	}
}
