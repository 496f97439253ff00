package invariants

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/digests/worlds.txt")

// TestWorldDigestsAreTheSameEverywhere: the digests of the first generated
// worlds are the ones kept in testdata/digests/worlds.txt, natively and
// under node (make node runs this package with GOOS=js), so random worlds,
// not only the presets, run bit for bit alike on both. A change of the
// engine's result or of the generator changes them: rewrite the file with
// -update and say why in the commit.
func TestWorldDigestsAreTheSameEverywhere(t *testing.T) {
	const file = "testdata/digests/worlds.txt"
	g := NewGenerator(1, TestLimits())
	var b strings.Builder
	for range 24 {
		w, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		r, err := Simulate(w.Scenario)
		digest := "error: " + fmt.Sprint(err)
		if err == nil {
			digest = r.Result.Digest
		}
		fmt.Fprintf(&b, "%s %s\n", w.Scenario.Name, digest)
	}
	if *update {
		if err := os.MkdirAll("testdata/digests", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("the worlds' digests differ from %s (-update rewrites it):\n got:\n%s\nwant:\n%s", file, got, want)
	}
}
