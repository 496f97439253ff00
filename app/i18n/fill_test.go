package i18n

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// fill fills placeholders as the strings.Replacer it replaced did, on
// texts of braces, names and words in any order.
func TestFillIsAReplacer(t *testing.T) {
	pieces := []string{"{", "}", "{{", "}}", "a", " ", "{count}", "{name}", "{n}", "{other}", "{}", "count", "é", "{count", "name}"}
	values := map[string]string{"count": "3", "name": "{count}", "n": "", "": "E"}
	var pairs []string
	for k, v := range values {
		pairs = append(pairs, "{"+k+"}", v)
	}
	replacer := strings.NewReplacer(pairs...)
	lookup := func(name string) (string, bool) { v, ok := values[name]; return v, ok }
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		if got, want := fill(text, lookup), replacer.Replace(text); got != want {
			t.Fatalf("fill(%q) = %q, a Replacer gives %q", text, got, want)
		}
	}
}
