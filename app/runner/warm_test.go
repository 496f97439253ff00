package runner

import (
	"testing"
	"time"
)

// A warm-up runs while the engine is idle and tells the page nothing; it
// ends by itself, and an engine warmed once is not warmed again.
func TestWarmUpIsSilentAndEnds(t *testing.T) {
	var s Service
	clock := &fakeClock{t: time.Unix(0, 0), tick: time.Millisecond}
	if got := s.Handle(Request{Kind: KindWarm, ID: 1}, clock.now()); got != nil {
		t.Fatalf("a warm request answered %+v", got)
	}
	if !s.Busy() {
		t.Fatal("the engine does not warm up")
	}
	if got := drain(t, &s, clock); len(got) != 0 {
		t.Fatalf("the warm-up told the page %d things, the first %+v", len(got), got[0])
	}
	s.Handle(Request{Kind: KindWarm, ID: 2}, clock.now())
	if s.Busy() {
		t.Error("an engine warmed once warms up again")
	}
}

// A run asked for during a warm-up replaces it and is the run the engine
// gives alone: the same result, replies for its ID only. The warm-up does
// not come back once the page's runs have warmed the engine.
func TestRunReplacesWarmUp(t *testing.T) {
	sc := preset(t, "order-events")
	want, err := RunAll(sc)
	if err != nil {
		t.Fatal(err)
	}
	var s Service
	clock := &fakeClock{t: time.Unix(0, 0), tick: time.Millisecond}
	s.Handle(Request{Kind: KindWarm, ID: 1}, clock.now())
	for range 3 {
		if got := s.Step(20*time.Millisecond, clock.now); got != nil {
			t.Fatalf("the warm-up told the page %+v", got)
		}
	}
	for run := 0; run < warmRounds; run++ {
		id := 10 + run
		if got := s.Handle(runRequest(id, sc, false), clock.now()); got != nil {
			t.Fatalf("a valid run answered %+v at once", got)
		}
		var result *Reply
		for _, r := range drainRun(t, &s, clock) {
			if r.ID != id {
				t.Fatalf("run %d: a reply for ID %d (%s)", id, r.ID, r.Kind)
			}
			if r.Kind == KindResult {
				result = &r
			}
		}
		if result == nil || result.Result.Digest != want.Result().Digest {
			t.Fatalf("run %d: the result is not the engine's (digest %s)", id, want.Result().Digest)
		}
	}
	if s.Busy() {
		t.Error("the warm-up goes on after the page's runs warmed the engine")
	}
}

// drainRun steps the service until the run in flight is done (a warm-up
// may go on after it) and returns its replies through JSON.
func drainRun(t *testing.T, s *Service, clock *fakeClock) []Reply {
	t.Helper()
	var out []Reply
	for i := 0; ; i++ {
		if i > 1e6 {
			t.Fatal("the run never ended")
		}
		for _, r := range s.Step(20*time.Millisecond, clock.now) {
			out = append(out, roundTrip(t, r))
			if r.Kind == KindDone || r.Kind == KindError {
				return out
			}
		}
	}
}
