package lessons

import (
	"errors"
	"reflect"
	"testing"

	"partitionlab/sim/scenario"
)

// Calculate, which the browser's module calls so as not to link the
// engine, answers every calculator step as Run does, and a simulation
// step's refused scenario with the same Rejection; a simulation step it
// can run is left to the engine.
func TestCalculateAnswersAsRunWithoutTheEngine(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	calculators, simulations := 0, 0
	for _, l := range all {
		for i, s := range l.Steps {
			if s.Kind() != KindSimulate {
				calculators++
				got, gotErr := s.Calculate()
				want, wantErr := s.Run()
				if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) {
					t.Errorf("%s step %d: Calculate gives %+v, %v; Run %+v, %v", l.ID, i+1, got, gotErr, want, wantErr)
				}
				continue
			}
			simulations++
			if _, err := s.Scenario(); err != nil {
				// A step whose scenario Kafka refuses shows the refusal.
				got, gotErr := s.Calculate()
				want, wantErr := s.Run()
				if gotErr != nil || wantErr != nil || got == nil || got.Rejection == nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s step %d: Calculate gives %+v, %v; Run %+v, %v; want the same Rejection", l.ID, i+1, got, gotErr, want, wantErr)
				}
			} else if _, err := s.Calculate(); !errors.Is(err, errRunsInEngine) {
				t.Errorf("%s step %d: Calculate of a simulation gives %v, want errRunsInEngine", l.ID, i+1, err)
			}
			bad := "duration_s=-1"
			got, err := s.Calculate(bad)
			want, wantErr := s.Run(bad)
			var fe scenario.FieldErrors
			if err != nil || wantErr != nil || got == nil || !errors.As(got.Rejection, &fe) || !reflect.DeepEqual(got, want) {
				t.Errorf("%s step %d with %s: Calculate gives %+v, %v; Run %+v, %v; want the same Rejection", l.ID, i+1, bad, got, err, want, wantErr)
			}
		}
	}
	if calculators == 0 || simulations == 0 {
		t.Fatalf("%d calculator steps and %d simulation steps: the test needs both", calculators, simulations)
	}
}
