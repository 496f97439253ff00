package sweep

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// Workers share a sweep as the browser's Web Workers do: each builds its
// own plan from the definition (sent as JSON), runs the indices it is
// given in any order and sends each Run back as JSON; the page assembles
// them. The outcome is RunAll's, byte for byte.
func TestWorkersShareTheRunsInAnyOrder(t *testing.T) {
	def := saltingSweep(t, 2, "violations.order=0", "load<=2")
	wire, err := json.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	page := mustPlan(t, def)
	want := sweepJSON(t, page, 2)
	runs := make([]Run, page.Runs())
	workers := []*Plan{nil, nil}
	for w := range workers {
		var d Definition
		if err := json.Unmarshal(wire, &d); err != nil {
			t.Fatal(err)
		}
		workers[w] = mustPlan(t, d)
	}
	for i := page.Runs() - 1; i >= 0; i-- { // backwards, alternating workers
		r, err := workers[i%2].Run(i)
		if err != nil {
			t.Fatal(err)
		}
		msg, _ := json.Marshal(r)
		if err := json.Unmarshal(msg, &runs[i]); err != nil {
			t.Fatal(err)
		}
		if i == page.Runs()/2 { // half-way, the frontier so far
			partial, err := page.Assemble(runs)
			if err != nil {
				t.Fatal(err)
			}
			if !partial.Points[0].Pending || partial.Points[len(partial.Points)-1].Pending {
				t.Errorf("half-way, the first point should be pending and the last done")
			}
			for _, i := range partial.Frontier {
				if partial.Points[i].Pending {
					t.Errorf("a pending point on the frontier")
				}
			}
		}
	}
	s, err := page.Assemble(runs)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.JSON()
	if !bytes.Equal(got, want) {
		t.Errorf("assembled from workers:\n%s\nRunAll:\n%s", got, want)
	}
	if _, err := page.Assemble(runs[1:]); err == nil {
		t.Errorf("too few runs assembled")
	}
	runs[0], runs[1] = runs[1], runs[0]
	if _, err := page.Assemble(runs); err == nil || !strings.Contains(err.Error(), "run 0 has seed 2, want 1") {
		t.Errorf("runs out of place: %v", err)
	}
}

// A worker's plan builds only the points it runs, and runs them as the
// page's plan does.
func TestWorkerPlanBuildsOnlyItsPoints(t *testing.T) {
	def := saltingSweep(t, 2)
	page := mustPlan(t, def)
	w, err := NewWorkerPlan(def, scenario.CommandLineLimits())
	if err != nil {
		t.Fatal(err)
	}
	r, err := w.Run(5) // point 3, seed 2
	if err != nil {
		t.Fatal(err)
	}
	want, _ := page.Run(5)
	if r != want {
		t.Errorf("the worker's run %+v, the page's %+v", r, want)
	}
	for k, pt := range w.points {
		built := pt.sc.Topic.Partitions != 0
		if built != (k == 2) {
			t.Errorf("point %d built: %v", k+1, built)
		}
	}
	if _, err := NewWorkerPlan(Definition{Scenario: def.Scenario, Vary: def.Vary}, scenario.BrowserLimits()); err == nil {
		t.Errorf("a worker plan without seeds")
	}
}
