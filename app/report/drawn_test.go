package report

import (
	"errors"
	"strings"
	"testing"

	"partitionlab/app/chart"
	"partitionlab/app/plots"
)

// drawnIn is in with its charts drawn, as the engine's worker or the
// command line draws them, in the review's language.
func drawnIn(t *testing.T, in Input) Input {
	t.Helper()
	in.Charts = map[string]chart.Chart{}
	for _, j := range in.Jobs() {
		ch, err := plots.Draw(in.words(), j.Job)
		if err != nil {
			t.Fatalf("chart %s: %v", j.Name, err)
		}
		in.Charts[j.Name] = ch
	}
	return in
}

// A review is written with its charts drawn: one that is missing is an
// error naming it, never a review without it.
func TestReviewWaitsForItsCharts(t *testing.T) {
	a := presetRun(t, "order-events")
	in := drawnIn(t, Input{A: a})
	delete(in.Charts, "lag")
	if _, err := New(in); !errors.As(err, new(*NotDrawnError)) || !strings.Contains(err.Error(), "lag") {
		t.Errorf("a review without its lag chart gave %v", err)
	}
}
