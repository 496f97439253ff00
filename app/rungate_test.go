package app

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// The long run's estimate reads in English as the engine's own summary
// (scenario.Work.Summary) for every size of run, so the two never drift; in
// Portuguese and Korean it says the same numbers the language's way.
func TestGateEstimateInEveryLanguage(t *testing.T) {
	l := scenario.BrowserLimits()
	works := []scenario.Work{
		{Events: 900},                    // under a second
		{Events: 54e6},                   // about 32 s
		{Events: 4.1e6, Assignment: 2e8}, // with assignment steps
		{Events: 1.2e9},                  // minutes, G
		{Events: 830e3, Assignment: l.AssignmentPerS / 20}, // steps too few to name
	}
	en := i18n.For(i18n.English)
	for _, w := range works {
		g := &runGate{work: w, limits: l}
		if got, want := g.estimateText(en), w.Summary(l); got != want {
			t.Errorf("English estimate %q, the engine says %q", got, want)
		}
	}
	g := &runGate{work: scenario.Work{Events: 54e6}, limits: l}
	if got := g.estimateText(i18n.For(i18n.Portuguese)); !strings.Contains(got, "54 mi eventos") || !strings.Contains(got, "cerca de 32 s") {
		t.Errorf("Portuguese estimate %q", got)
	}
	if got := g.estimateText(i18n.For(i18n.Korean)); !strings.Contains(got, "5,400만") {
		t.Errorf("Korean estimate %q counts in 만", got)
	}
	if got := (&runGate{work: scenario.Work{Events: 4.1e6}, limits: l}).estimateText(i18n.For(i18n.French)); !strings.Contains(got, "4,1 M") {
		t.Errorf("French estimate %q", got)
	}
}
