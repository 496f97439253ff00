package embedlink

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// A control's path is checked by hand so that the pages' WebAssembly
// modules link no regexp; this holds the check to the regexp it replaced,
// on chosen paths and on thousands of generated ones.
func TestPathsAreAcceptedAsTheRegexpAcceptedThem(t *testing.T) {
	re := regexp.MustCompile(`^[a-z_]+(\.([a-z_]+|[0-9]+))*$`)
	paths := []string{"", ".", "a", "_", "a.", ".a", "a..b", "a.b", "a.0", "0", "0.a", "a.0.b", "a.01",
		"a.0b", "a.b0", "a0", "A", "a.B", "a.b.c.d", "topic.partitions", "producers.0.key", "a b", "a-b",
		"a\n", "\na", "a.\n", "é", "a.é", "a\xff", "a.\xff", "a.0\n", "a:1"}
	r := rand.New(rand.NewPCG(1, 1))
	// Mostly names and indexes, so that a good share are paths, and one
	// piece in six of anything else.
	parts := []string{"a", "z", "_", "ab", ".a", ".z_", ".0", ".42", "."}
	stress := []string{"0", "9", "A", "{", "'", "\\", "-", "e", "+", " ", "é", "\xff", "\n"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(7) {
			if r.IntN(6) == 0 {
				b.WriteString(stress[r.IntN(len(stress))])
			} else {
				b.WriteString(parts[r.IntN(len(parts))])
			}
		}
		paths = append(paths, b.String())
	}
	accepted := 0
	for _, p := range paths {
		want := re.MatchString(p)
		if got := isPath(p); got != want {
			t.Errorf("isPath(%q) = %v; the regexp says %v", p, got, want)
		}
		if want {
			accepted++
		}
	}
	if accepted < len(paths)/20 || accepted > len(paths)*19/20 {
		t.Errorf("the regexp accepts %d of %d paths: too few or too many to tell", accepted, len(paths))
	}
}
