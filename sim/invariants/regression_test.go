package invariants

import (
	"testing"
)

// TestFailuresStayFixed replays every failure kept under testdata/: its
// scenario must now keep the invariant it broke. A file listed in
// KnownOpen is skipped with the reason.
func TestFailuresStayFixed(t *testing.T) {
	fs, err := ReadFailures("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range fs {
		t.Run(name, func(t *testing.T) {
			if why, ok := KnownOpen[name]; ok {
				t.Skipf("known open: %s", why)
			}
			sc, err := f.ScenarioOf()
			if err != nil {
				t.Fatalf("the scenario is no longer valid: %v", err)
			}
			if v, ok := Breaks(sc, f.Invariant); ok {
				t.Errorf("%s is broken again: %s", f.Invariant, v.Detail)
			}
		})
	}
	for name := range KnownOpen {
		if _, ok := fs[name]; !ok {
			t.Errorf("KnownOpen lists %s, which is not in testdata/", name)
		}
	}
}
