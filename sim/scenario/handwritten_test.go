package scenario

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The matchers of this package are written by hand so that the pages'
// WebAssembly modules link no regexp; these tests hold each one to the
// regexp it replaced, on chosen texts and on thousands of generated ones.

// randomText joins up to most pieces drawn from pieces.
func randomText(r *rand.Rand, pieces []string, most int) string {
	var b strings.Builder
	for range r.IntN(most + 1) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// pieces of texts that stress the patterns: their own characters, their
// neighbours, a multibyte rune, an invalid byte and a new line.
var stressPieces = []string{"{", "}", "a", "z", "A", "0", "9", "_", ".", "'", "\\", "\"",
	"-", "e", "+", " ", "(", ")", "é", "\xff", "\n"}

func TestPlaceholdersAreFoundAsTheRegexpFoundThem(t *testing.T) {
	re := regexp.MustCompile(`\{[a-z][a-z0-9_]*\}`)
	texts := []string{"", "{", "}", "{}", "{a}", "{a", "a}", "{{a}}", "{a}{b}", "{a}}", "{{{a}",
		"{a{b}", "{A}", "{aB}", "{a_1}", "{_a}", "{1a}", "{a-b}", "{a.b}", "{a }", "{é}", "{aé}",
		"{a\xff}", "\xff{a}", "{a\n}", "{a}\n{b}", "é{x}é", "{ab_9_}", "{in_flight}{in_flight}",
		"has {count} producers, want 1..{max}"}
	r := rand.New(rand.NewPCG(1, 1))
	pieces := append([]string{"{", "{a", "{b_", "{c", "9}", "x}", "}"}, stressPieces...)
	for range 5000 {
		texts = append(texts, randomText(r, pieces, 12))
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

var (
	invalidCharRE = regexp.MustCompile(`^invalid character ('(?:[^'\\]|\\.)+'|'\\''|'"')(.*)$`)
	literalRE     = regexp.MustCompile(`^ in literal (true|false|null) \(expecting ('.+')\)$`)
)

// readsAsRegexp holds read to re on s: read's two strings are re's two
// submatches when re matches s, and read says no when re does not. It
// reports whether re matched.
func readsAsRegexp(t *testing.T, name string, read func(string) (string, string, bool), re *regexp.Regexp, s string) bool {
	t.Helper()
	a, b, ok := read(s)
	m := re.FindStringSubmatch(s)
	if m == nil && (ok || a != "" || b != "") || m != nil && (!ok || a != m[1] || b != m[2]) {
		t.Errorf("%s(%q) = %q, %q, %v; the regexp found %q", name, s, a, b, ok, m)
	}
	return m != nil
}

// checkJSONErrorTexts holds invalidChar and inLiteral to their regexps on
// texts, and says how many texts each regexp matched.
func checkJSONErrorTexts(t *testing.T, texts []string) (chars, literals int) {
	t.Helper()
	for _, s := range texts {
		if readsAsRegexp(t, "invalidChar", invalidChar, invalidCharRE, s) {
			chars++
		}
		// The context after the character, which is what syntaxError
		// gives inLiteral, and the text less a leading character, which
		// may hold a context of the generated texts.
		_, context, _ := invalidChar(s)
		for _, c := range []string{context, strings.TrimPrefix(s, "invalid character 'x'")} {
			if readsAsRegexp(t, "inLiteral", inLiteral, literalRE, c) {
				literals++
			}
		}
	}
	return chars, literals
}

func TestJSONErrorTextsAreReadAsTheRegexpsReadThem(t *testing.T) {
	texts := []string{"", "invalid character ", "invalid character '", "invalid character ''",
		"invalid character '''", "invalid character 'x'", "invalid character 'x' after object key",
		`invalid character '\''`, `invalid character '\'' looking for beginning of value`,
		`invalid character '"' in literal true (expecting 'r')`, `invalid character '\\' in string escape code`,
		`invalid character '\n' in string literal`, `invalid character '\x01' in string literal`,
		`invalid character 'a\'b'`, `invalid character 'a\\'b'`, `invalid character 'ab`, `invalid character 'a\`,
		"invalid character 'a\\\n'", "invalid character '\n'", "invalid character 'x'\n", "invalid character 'x' \n",
		"invalid character 'é'", "invalid character '\xff'", "invalid character '\\\xff'", "invalid character '\\é'",
		"invalid character 'x'é\xff", "Invalid character 'x'", " invalid character 'x'", "invalid character  'x'",
		"invalid character 'x' in literal true (expecting 'r')",
		"invalid character 'x' in literal false (expecting 'a')",
		"invalid character 'x' in literal null (expecting 'u')",
		"invalid character 'x' in literal nul (expecting 'u')",
		"invalid character 'x' in literal true (expecting '')",
		"invalid character 'x' in literal true (expecting ''')",
		"invalid character 'x' in literal true (expecting 'r') ",
		"invalid character 'x' in literal true (expecting 'r'))",
		"invalid character 'x' in literal true (expecting 'r')')",
		"invalid character 'x' in literal true (expecting 'r' (expecting 'u')",
		"invalid character 'x' in literal true  (expecting 'r')",
		"invalid character 'x' in literal true (expecting r)",
		"invalid character 'x' in literal true (expecting 'é')",
		"invalid character 'x' in literal true (expecting '\xff')",
		"invalid character 'x' in literal true (expecting '\n')",
	}
	r := rand.New(rand.NewPCG(2, 2))
	heads := []string{"invalid character ", "invalid character '", "invalid character 'x'", "invalid character", "x",
		"invalid character 'x' in literal true (expecting '", "invalid character 'x' in literal nul"}
	tails := []string{" in literal ", "true", "null", "false", " (expecting ", "'r')", "')", "'", ")", " after object key"}
	pieces := append(tails, stressPieces...)
	for range 10000 {
		texts = append(texts, heads[r.IntN(len(heads))]+randomText(r, pieces, 10))
	}
	chars, literals := checkJSONErrorTexts(t, texts)
	if chars < len(texts)/10 || literals < 30 {
		t.Errorf("the regexps matched %d and %d of %d texts: too few to tell", chars, literals, len(texts))
	}
}

// encoding/json's own error texts, of malformed documents (a valid one
// with a few bytes changed), read with Unmarshal and with Decoder.Token
// as DecodeObject reads them.
func TestJSONErrorTextsOfMalformedDocumentsAreReadAsTheRegexpsReadThem(t *testing.T) {
	docs := []string{`{"a" 1}`, `{"a":1 "b":2}`, `[1 2]`, `[1,]`, `{"a":1,}`, `{1:2}`, `'a'`, `tru`, `trux`,
		`t"`, `fals`, `falsé`, `nulx`, `n'`, `"\q"`, `"\'"`, `"\u12x4"`, "\"a\nb\"", "\"a\x01\"", `1.x`, `1ex`,
		`1e+x`, `-x`, `--1`, `01`, "\xff", `{"a"]`, `[1}`, `{"a":}`, `\`, `"\`, `{"a":"b"}}`}
	valid := `{"topic": {"partitions": 24, "ratio": -1.5e3}, "list": [true, false, null, "a\"b\\c\u00e9"], "s": "é"}`
	mutations := []string{"'", "\\", "\"", "\n", "\t", "\x01", "\xff", "é", "x", "}", "]", "{", "[", ",", ":",
		"t", "f", "n", "u", "1", "-", "e", "+", ".", " "}
	r := rand.New(rand.NewPCG(3, 3))
	for range 3000 {
		doc := []byte(valid)
		for range 1 + r.IntN(2) {
			i := r.IntN(len(doc))
			doc = slices.Concat(doc[:i], []byte(mutations[r.IntN(len(mutations))]), doc[i+1:])
		}
		docs = append(docs, string(doc))
	}
	var texts []string
	for _, doc := range docs {
		var se *json.SyntaxError
		if err := json.Unmarshal([]byte(doc), new(any)); errors.As(err, &se) {
			texts = append(texts, se.Error())
		}
		dec := json.NewDecoder(strings.NewReader(doc))
		for {
			_, err := dec.Token()
			if errors.As(err, &se) {
				texts = append(texts, se.Error())
			}
			if err != nil {
				break
			}
		}
	}
	chars, literals := checkJSONErrorTexts(t, texts)
	if chars < len(texts)/2 || literals < 10 {
		t.Errorf("the regexps matched %d and %d of encoding/json's %d texts: too few to tell", chars, literals, len(texts))
	}
}
