package errtext

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"partitionlab/app/i18n"
)

// Numbers are found by hand so that the pages' WebAssembly modules link
// no regexp; this holds the finder to the regexp it replaced, on chosen
// texts and on thousands of generated ones: the numbers it finds at each
// place, and what Numbers writes in every language.
func TestNumbersAreFoundAsTheRegexpFoundThem(t *testing.T) {
	const pattern = `-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?`
	re, anchored := regexp.MustCompile(pattern), regexp.MustCompile(`^(?:`+pattern+`)`)
	texts := []string{"", "1", "-", "-1", "--1", "1-2", "1.5", "1.", ".5", "1.5.3", "1..5", "1e5", "1e", "1e+",
		"1e-", "1e+5", "1e-05", "1e+-5", "1E5", "1.5e3", "1.e3", "1.5e", "1e5e6", "1e5.5", "-1.5e-3x",
		"2.6e11", "86400 × 1000 × 3", "a1b", "e1", "-e1", "1ee5", "1.5.e5", "12345678901234567890",
		"1e400", "0.000", "-0", "1\n2", "1\xff2", "é1é", "1é.5", "1.\xff5", "3-4-5", "v1.2.3-rc.4"}
	r := rand.New(rand.NewPCG(1, 1))
	pieces := []string{"0", "1", "9", "42", "-", "-3", ".", ".5", "1.", "e", "e7", "2e", "e-", "e+1", "+", "E",
		"a", " ", "_", "{", "}", "'", "\\", "é", "×", "\xff", "\n"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(13) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	fractions := 0 // numbers with a fraction or an exponent
	for _, s := range texts {
		for _, tok := range re.FindAllString(s, -1) {
			if strings.ContainsAny(tok, ".e") {
				fractions++
			}
		}
		for i := range len(s) + 1 {
			want := 0
			if loc := anchored.FindStringIndex(s[i:]); loc != nil {
				want = loc[1]
			}
			if got := numberLen(s[i:]); got != want {
				t.Errorf("numberLen(%q) = %d; the regexp found %q", s[i:], got, s[i:i+want])
			}
		}
		for _, l := range i18n.Langs()[1:] {
			want := re.ReplaceAllStringFunc(s, func(tok string) string { return localNumber(l, tok) })
			if got := Numbers(l, s); got != want {
				t.Errorf("%s: Numbers(%q) = %q; with the regexp %q", l, s, got, want)
			}
		}
	}
	if fractions < len(texts)/10 {
		t.Errorf("the regexp finds %d numbers with a fraction or an exponent in %d texts: too few to tell", fractions, len(texts))
	}
}
