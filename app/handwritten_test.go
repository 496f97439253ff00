package app

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The page's modules link no regexp (internal/archtest), so the page reads
// these texts by hand; these tests hold each reading to what the regular
// expression it stands for reads.

var decimalCommaRegexp = regexp.MustCompile(`^\s*-?[0-9]+,[0-9]+\s*$`)

// quotedText is the expression replaceQuoted reads quotes as; the lessons'
// tests find the page's quotes with it too.
var quotedText = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(?:[^"\\]|\\.)*"`) })

var exitStatusRegexp = regexp.MustCompile(`^the engine stopped \(exit status (-?[0-9]+)\)(.*)$`)

// oddRunes are what no reading may trip on: a rune of two bytes, a byte
// that is not UTF-8, and spaces that regexp's \s is not.
var oddRunes = []string{"é", "\xff", "\v", "\u00a0"}

func TestDecimalCommaIsReadAsTheRegexpReadIt(t *testing.T) {
	texts := []string{
		"", "0,5", "-0,5", " 12,25 ", "\t1,5\n", "\f\r 1,5 \r\f", "\v1,5", "\u00a01,5", "1,5\u00a0", "1,", ",5", "-,5",
		"--1,5", "- 1,5", "1 ,5", "1,5,5", "1.5", "1,5.5", "1,-5", "+1,5", "é1,5", "1,5\xff", "1,5 x", "x",
	}
	r := rand.New(rand.NewPCG(3, 3))
	pieces := slices.Concat([]string{"0", "7", "9", "-", ",", ".", " ", "\t", "\n", "\f", "\r", "x"}, oddRunes)
	texts = append(texts, randomTexts(r, pieces, 5000, 7)...)
	// Numbers, near misses among them, between spaces: many are decimal commas.
	spaces := []string{"", "", " ", "  ", "\t", "\n", "\f", "\r", "\v", "\u00a0", "x"}
	for range 3000 {
		texts = append(texts, oneOf(r, spaces...)+oneOf(r, "", "", "-", "--", "+")+someDigits(r)+
			oneOf(r, ",", ",", ",", ".", ",,", ", ")+someDigits(r)+oneOf(r, spaces...)+oneOf(r, spaces...))
	}
	read := 0
	for _, text := range texts {
		want := decimalCommaRegexp.MatchString(text)
		if got := decimalComma(text); got != want {
			t.Errorf("decimalComma(%q) = %v, the regexp says %v", text, got, want)
		}
		if want {
			read++
		}
	}
	if read < len(texts)/50 {
		t.Errorf("only %d of %d texts are decimal commas: the test checks too little", read, len(texts))
	}
}

func TestQuotedTextsAreFoundAsTheRegexpFoundThem(t *testing.T) {
	texts := []string{
		``, `"`, `""`, `"""`, `"a"`, `x "a" y "b" z`, `"a\"b"`, `"a\\"b"`, `"a\\\"b"`, `"a\`, `"a\"`, `"a\` + "\n" + `"b"`,
		"\"a\nb\"", `"a\` + "\xff\"", "\"\xff\"", `"é\é"`, `"\"`, `\""`, `\"a"`, `"a" "`, `"unclosed "closed"`,
		`["consumer-1-1 joined" "p3 has no committed offset"]`, `{"k":"v\"w","n":1}`,
	}
	r := rand.New(rand.NewPCG(4, 4))
	pieces := slices.Concat([]string{`"`, `"`, `\`, "\n", "a", " ", "b c", `\"`, `\\`, "0"}, oddRunes)
	texts = append(texts, randomTexts(r, pieces, 5000, 10)...)
	// ⟨ and ⟩ are in no text: the marks show where each quoted text was.
	mark := func(q string) string { return "⟨" + q + "⟩" }
	found := 0
	for _, text := range texts {
		want := quotedText().ReplaceAllStringFunc(text, mark)
		if got := replaceQuoted(text, mark); got != want {
			t.Errorf("replaceQuoted(%q) = %q, the regexp found %q", text, got, want)
		}
		found += strings.Count(want, "⟨")
	}
	if found < len(texts)/5 {
		t.Errorf("only %d quoted texts in %d texts: the test checks too little", found, len(texts))
	}
}

func TestExitStatusIsReadAsTheRegexpReadIt(t *testing.T) {
	const stopped = "the engine stopped (exit status "
	texts := []string{
		"", stopped, stopped + ")", stopped + "2)", stopped + "-2)", stopped + "--2)", stopped + "-)", stopped + "2",
		stopped + "2): fatal error: out of memory", stopped + "2)\nfatal error", stopped + "2): a\n", stopped + "2))",
		stopped + "2 )", stopped + " 2)", stopped + "2x)", stopped + "2)\xff", stopped + "12345)é", "The engine stopped (exit status 2)",
		"x" + stopped + "2)", "the engine stopped (exit status\n2)",
	}
	r := rand.New(rand.NewPCG(5, 5))
	pieces := slices.Concat([]string{"0", "7", "-", ")", "(", ": fatal error", " ", "\n", "x"}, oddRunes)
	for _, after := range randomTexts(r, pieces, 5000, 4) {
		text := oneOf(r, "", "-", "--", "x") + someDigits(r) + oneOf(r, ")", ")", "", " )", "))") + after
		if r.IntN(10) > 0 {
			text = stopped + text
		}
		texts = append(texts, text)
	}
	read := 0
	for _, text := range texts {
		var want []string
		if m := exitStatusRegexp.FindStringSubmatch(text); m != nil {
			want = m[1:]
			read++
		}
		code, rest, ok := exitStatus(text)
		if ok != (want != nil) || ok && !slices.Equal([]string{code, rest}, want) {
			t.Errorf("exitStatus(%q) = %q, %q, %v; the regexp read %q", text, code, rest, ok, want)
		}
	}
	if read < len(texts)/10 {
		t.Errorf("only %d of %d texts read: the test checks too little", read, len(texts))
	}
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

func oneOf(r *rand.Rand, choices ...string) string { return choices[r.IntN(len(choices))] }

// someDigits are up to three digits, sometimes none.
func someDigits(r *rand.Rand) string { return randomTexts(r, []string{"0", "1", "9"}, 1, 3)[0] }
