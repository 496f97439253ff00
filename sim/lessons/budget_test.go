package lessons

import (
	"testing"

	"partitionlab/sim/scenario"
)

// TestLessonsFitTheBrowserBudget: every lesson runs in the browser, so every
// step's scenario, and every value its controls offer, stays within the
// browser's work limits (sim.BrowserLimits).
func TestLessonsFitTheBrowserBudget(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	limits := scenario.BrowserLimits()
	for _, l := range all {
		for i, s := range l.Steps {
			if s.Kind() != KindSimulate || s.ScenarioRef.Rejected {
				continue
			}
			sets := []string{""}
			for _, ctl := range s.Controls {
				values := ctl.Values
				if len(values) == 0 && ctl.Min != nil && ctl.Max != nil {
					values = []any{*ctl.Min, *ctl.Max}
				}
				for _, v := range values {
					sets = append(sets, ctl.Set(v))
				}
			}
			for _, set := range sets {
				var extra []string
				if set != "" {
					extra = []string{set}
				}
				sc, err := s.Scenario(extra...)
				if err != nil {
					continue // TestEveryLessonVerifies reports scenarios that do not run
				}
				if err := scenario.EstimateWork(sc).Check(limits); err != nil {
					t.Errorf("%s step %d %s: %v", l.ID, i+1, set, err)
				}
			}
		}
	}
}
