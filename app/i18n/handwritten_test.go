package i18n

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Placeholders are found by hand so that the pages' WebAssembly modules
// link no regexp; this holds the finder to the regexp it replaced, on
// chosen texts and on thousands of generated ones.
func TestPlaceholdersAreFoundAsTheRegexpFoundThem(t *testing.T) {
	re := regexp.MustCompile(`\{[a-zA-Z][a-zA-Z0-9_]*\}`)
	texts := []string{"", "{", "}", "{}", "{a}", "{Z}", "{a", "a}", "{{a}}", "{a}{B}", "{a}}", "{{{a}",
		"{a{b}", "{aB}", "{a_1}", "{_a}", "{1a}", "{a-b}", "{a.b}", "{a }", "{é}", "{aé}", "{a\xff}",
		"\xff{a}", "{a\n}", "{a}\n{b}", "é{x}é", "{ab_9_}", "{count} steps {count}", "{[a]}", "{@}", "{`}"}
	r := rand.New(rand.NewPCG(1, 1))
	pieces := []string{"{", "{a", "{Q", "{b_", "9}", "x}", "}", "a", "z", "A", "Z", "0", "9", "_", ".", "'",
		"\\", "-", "e", "+", " ", "[", "@", "é", "\xff", "\n"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(13) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, s := range texts {
		want := re.FindAllString(s, -1)
		if got := placeholders(s); !slices.Equal(got, want) {
			t.Errorf("placeholders(%q) = %q; the regexp found %q", s, got, want)
		}
		if len(want) > 0 {
			found++
		}
	}
	if found < len(texts)/20 {
		t.Errorf("only %d of %d texts have a placeholder: too few to tell", found, len(texts))
	}
}
