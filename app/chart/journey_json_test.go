package chart

import (
	"encoding/json"
	"math"
	"testing"
)

// A violation's timeline goes to the engine's worker as JSON: a record
// that never completed (NaN) comes back as one, and one that did keeps its
// time.
func TestJourneysGoThroughJSON(t *testing.T) {
	w := ViolationWindow{From: 1, To: 2, Keys: []string{"k"}, Journeys: []Journey{
		{Key: "k", Event: "PAID", Partition: 3, Offset: 7, SentS: 1.5, Thread: "c0-t1", CompletedS: math.NaN()},
		{Key: "k", Event: "CREATED", Partition: 3, Offset: 6, SentS: 1.25, Thread: "c0-t1", CompletedS: 1.75, Duplicate: true},
	}}
	w.Overtakes = []Overtake{{Later: w.Journeys[1], Earlier: w.Journeys[0], Selected: true}}
	b, err := json.Marshal(Job{Kind: KindViolation, Window: &w})
	if err != nil {
		t.Fatalf("a window with a record never completed does not write: %v", err)
	}
	var back Job
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got := back.Window.Journeys
	if !math.IsNaN(got[0].CompletedS) || got[1].CompletedS != 1.75 || !got[1].Duplicate || got[0].Offset != 7 || got[0].Thread != "c0-t1" {
		t.Errorf("journeys came back as %+v", got)
	}
	if o := back.Window.Overtakes[0]; !math.IsNaN(o.Earlier.CompletedS) || o.Later.CompletedS != 1.75 || !o.Selected {
		t.Errorf("the overtake came back as %+v", o)
	}
}
