package sentences

import (
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"partitionlab/app/i18n"
)

// The pages' modules link no regexp (internal/archtest), so patterns are
// read by hand; these tests hold each reading to what the equivalent
// regular expression (oldPattern) reads.

var oldPlaceholder = regexp.MustCompile(`\{[a-zA-Z][a-zA-Z0-9_]*\}`)

// oldPattern is the regular expression that reads a sentence of an English
// message as pattern.read does: the reference of the tests below.
func oldPattern(text string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, loc := range oldPlaceholder.FindAllStringIndex(text, -1) {
		b.WriteString(regexp.QuoteMeta(text[last:loc[0]]))
		if kinds[text[loc[0]+1:loc[1]-1]] == number {
			b.WriteString(`(-?[0-9]+(?:\.[0-9]+)?)`)
		} else {
			b.WriteString(`(.+?)`)
		}
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(text[last:]))
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// englishTemplates are the English messages of every pattern the package
// compiles, by id order.
func englishTemplates() []string {
	en := i18n.For(i18n.English)
	var texts []string
	for _, id := range slices.Sorted(maps.Keys(patterns())) {
		texts = append(texts, en.T(id))
	}
	return texts
}

// syntheticTemplates read ambiguously: holes side by side, a number next
// to dots and digits, a literal that a text may hold.
var syntheticTemplates = []string{
	"", "no placeholders", "{member}", "{seconds}", "{member} {why}", "{a}{b}", "{seconds}{ms}",
	"{count}.{ms}", "{seconds}.{member}", "{member}{seconds}", "{a}.{b}.{c}", "p{a} offsets {b}..{c}: gone",
	"{member}: {seconds} s, {why}", "{a} {a} {a}", "-{seconds}-", "{{a}} {_x} {1} {a_1} {A9}", "{ a} {a",
	"é{a}é{seconds}", "{ms} ms for {seconds} s", "{a}\n{b}", "{seconds}\t{count}",
}

// Hand-picked sentences for the synthetic templates: the holes' first and
// last readings, newlines, bytes that are not UTF-8, numbers cut short.
var edgeSentences = []string{
	"", "no placeholders", "a", "ab", "a b", "a b c", "a  b", " a", "a ", "a\nb", "a\n", "\n", "\xff", "\xff\xff",
	"é", "éé", "1", "-1", "--1", "-", "1.", ".5", "1.5", "1.5.5", "12.34.56", "1..2", "-1.-2", "1.2.3",
	"123", "1 2", "1\t2", "1.5 x", "x.y.z", "p1 offsets 2..3: gone", "p1 offsets 2..3..4: gone",
	"p offsets ..: gone", "a: 1 s, b", "a: 1.5 s, b: 2 s, c", "-5-", "--5--", "-5.5-", "{a} {_x} {1} {a_1} {A9}",
	"{x} {_x} {1} {y} {z}", "{ a} {a", "éxé1", "é\xffé1.0", "5 ms for 1.5 s", "5 ms for 1.5 s ms for 2 s",
	"a\nb\nc", "1\t2", "1\t\t2",
}

func TestSentencesAreReadAsTheRegexpReadThem(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	english := englishTemplates()
	if len(english) < 50 {
		t.Fatalf("only %d English messages: the test checks too little", len(english))
	}
	var matched, ambiguous, total int
	for _, text := range slices.Concat(english, syntheticTemplates, randomTemplates(r, 200)) {
		if strings.ContainsRune(text, utf8.RuneError) {
			// The regexp's literal U+FFFD also stood for a byte that is
			// not UTF-8; read compares bytes.
			t.Errorf("%q holds U+FFFD", text)
		}
		re, p := oldPattern(text), compile("test", text)
		for _, s := range edgeSentences {
			sameReading(t, re, p, s)
		}
		for range 200 {
			s, values := sentenceOf(r, p)
			total++
			if got := sameReading(t, re, p, s); got != nil {
				matched++
				if !slices.Equal(got, values) {
					ambiguous++
				}
			}
		}
	}
	// Generated sentences exercise both readings and mismatches.
	if matched < total/3 || matched == total || ambiguous < total/50 {
		t.Errorf("of %d sentences, %d read and %d read otherwise than written: the test checks too little", total, matched, ambiguous)
	}
}

// sameReading fails t where p reads s otherwise than re, and is what re
// read.
func sameReading(t *testing.T, re *regexp.Regexp, p pattern, s string) []string {
	t.Helper()
	var want []string
	if m := re.FindStringSubmatch(s); m != nil {
		want = m[1:]
	}
	got, ok := p.read(s)
	if ok != (want != nil) || !slices.Equal(got, want) {
		t.Errorf("%s reads %q as %q (%v), the regexp as %q", re, s, got, ok, want)
	}
	return want
}

// The placeholders are the ones the regexp found, in the same places.
func TestPlaceholdersAreFoundAsTheRegexpFoundThem(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	pieces := []string{"{", "}", "a", "Z", "0", "_", " ", "é", "{a}", "{a_1}", "{9}", "{{", "}}"}
	for _, text := range slices.Concat(englishTemplates(), syntheticTemplates, randomTexts(r, pieces, 5000, 8)) {
		p := compile("test", text)
		var found [][]int
		at := len(p.literals[0])
		for i, h := range p.holes {
			end := at + len(h.name) + 2
			found = append(found, []int{at, end})
			at = end + len(p.literals[i+1])
		}
		want := oldPlaceholder.FindAllStringIndex(text, -1)
		if at != len(text) || !slices.EqualFunc(found, want, slices.Equal) {
			t.Errorf("%q: placeholders at %v, the regexp found them at %v", text, found, want)
		}
	}
}

// randomTemplates are n messages of placeholders of each kind and the
// words, marks and digits around them.
func randomTemplates(r *rand.Rand, n int) []string {
	pieces := []string{"{a}", "{b}", "{member}", "{seconds}", "{ms}", "{count}", "{why}", " ", ".", "..", "-",
		": ", "s", "x", "é", "1", "{", "}", "{1}"}
	return randomTexts(r, pieces, n, 6)
}

// randomTexts are n texts of up to most pieces each.
func randomTexts(r *rand.Rand, pieces []string, n, most int) []string {
	texts := make([]string, n)
	for i := range texts {
		var b strings.Builder
		for range r.IntN(most + 1) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts[i] = b.String()
	}
	return texts
}

// sentenceOf is a sentence of p with random values, and the values: the
// next literal or its words, digits, dots, newlines, bytes that are not
// UTF-8, nothing at all. One in eight is cut or lengthened by a byte.
func sentenceOf(r *rand.Rand, p pattern) (string, []string) {
	values := make([]string, len(p.holes))
	var b strings.Builder
	b.WriteString(p.literals[0])
	for i, h := range p.holes {
		next := p.literals[i+1]
		pieces := append([]string{"0", "7", "-", ".", ",", " ", "\t", `"`, `\`, "\n", "é", "\xff", "x", next}, strings.Fields(next)...)
		switch {
		case h.number && r.IntN(4) > 0:
			values[i] = randomNumber(r)
		case r.IntN(10) == 0:
			values[i] = ""
		default:
			values[i] = randomTexts(r, pieces, 1, 4)[0]
		}
		b.WriteString(values[i])
		b.WriteString(next)
	}
	s := b.String()
	if r.IntN(8) == 0 && s != "" {
		at := r.IntN(len(s))
		if r.IntN(2) == 0 {
			s = s[:at] + s[at+1:]
		} else {
			s = s[:at] + "." + s[at:]
		}
	}
	return s, values
}

// randomNumber is a number as the engine writes one, "-12.5", or close.
func randomNumber(r *rand.Rand) string {
	s := strings.Repeat("-", r.IntN(3)/2) + digits(r, 1+r.IntN(3))
	if r.IntN(2) == 0 {
		s += "." + digits(r, r.IntN(3))
	}
	return s
}

func digits(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	return b.String()
}
