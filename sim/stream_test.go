package sim

import (
	"path/filepath"
	"testing"

	"partitionlab/sim/scenario"
)

// runForked runs a scenario with the stream forking whenever the logs keep
// more than keep records.
func runForked(t *testing.T, sc scenario.Scenario, keep int64) *Result {
	t.Helper()
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	s.forkAt = keep
	for !s.Advance(1 << 16) {
	}
	return s.Result()
}

// TestForkedStreamGivesTheSameRun: keeping only a few records and sending
// the rest again when a consumer reaches them must not change anything a
// person sees: every preset and scenario file gives the same digest.
func TestForkedStreamGivesTheSameRun(t *testing.T) {
	var scenarios []scenario.Scenario
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		scenarios = append(scenarios, sc)
	}
	for _, f := range scenarioFiles(t) {
		sc := readScenario(t, f)
		sc.Name = filepath.Base(f)
		scenarios = append(scenarios, sc)
	}
	for _, sc := range scenarios {
		want, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		for _, keep := range []int64{0, 100} {
			if got := runForked(t, sc, keep); got.Digest != want.Digest {
				t.Errorf("%s, forked at %d records kept: digest %s, want %s\n got %+v\nwant %+v", sc.Name, keep, got.Digest, want.Digest, summarize(got), summarize(want))
			}
		}
	}
}
