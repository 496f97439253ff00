package invariants

import (
	"runtime"
	"testing"
)

// TestGeneratedWorldsKeepTheInvariants runs a few hundred generated worlds
// (the same ones every time) and checks every invariant on each. A failure
// of a kind kept under testdata/ and listed in KnownOpen is logged, not
// failed; any other fails the test with its world's origin, which
// NewGenerator and Next find again.
func TestGeneratedWorldsKeepTheInvariants(t *testing.T) {
	worlds := 300
	if testing.Short() || runtime.GOOS == "js" {
		worlds = 60
	}
	known, err := KnownSignatures("testdata")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Soak(SoakConfig{Seed: 1, Workers: 2, Worlds: worlds, Limits: TestLimits(), Known: known})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Worlds != worlds {
		t.Fatalf("%d worlds run, %d wanted", rep.Worlds, worlds)
	}
	for sig, n := range rep.Known {
		t.Logf("known open, %d worlds: %s (%s)", n, sig, known[sig])
	}
	for _, f := range rep.Found {
		t.Errorf("%s broken in %s: %s\n%s", f.Invariant, f.Origin, f.Detail, f.Scenario)
	}
	t.Logf("%s", rep.Summary())
}
