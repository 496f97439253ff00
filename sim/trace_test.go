package sim

import (
	"testing"

	"partitionlab/sim/scenario"
)

func TestTraceShowsTheViolatingKeysEvents(t *testing.T) {
	sc, _ := scenario.Preset("thread-pool")
	plain, _ := Run(sc)
	if len(plain.Ordering.Examples) == 0 {
		t.Fatal("no violation to trace")
	}
	ex := plain.Ordering.Examples[0]
	s, err := NewWithOptions(sc, Options{Trace: []TraceKey{{Scope: ex.Scope, Key: ex.Key}}})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Advance(1 << 16) {
	}
	traced := s.Result()
	if traced.Digest == plain.Digest {
		t.Error("the trace is part of the result, so the digest should differ")
	}
	traced.Trace = nil
	if digest(traced) != plain.Digest {
		t.Fatal("tracing changed what happened in the run")
	}
	s2, _ := NewWithOptions(sc, Options{Trace: []TraceKey{{Scope: ex.Scope, Key: ex.Key}}})
	for !s2.Advance(1 << 16) {
	}
	var later, earlier bool
	for _, e := range s2.Result().Trace {
		if e.Key != ex.Key {
			t.Fatalf("traced %s, asked for %s", e.Key, ex.Key)
		}
		later = later || (e.Event == ex.Later.Event && e.Order == ex.Later.Order && e.Offset == ex.Later.Offset)
		earlier = earlier || (e.Event == ex.Earlier.Event && e.Order == ex.Earlier.Order)
	}
	if !later || !earlier {
		t.Errorf("the trace of %s misses the violating pair (later %v, earlier %v)", ex.Key, later, earlier)
	}
	if _, err := NewWithOptions(sc, Options{Trace: []TraceKey{{Scope: "order", Key: "x"}}}); err == nil {
		t.Error("a malformed trace key was accepted")
	}
}
