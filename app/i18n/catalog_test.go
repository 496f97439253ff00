package i18n

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func mustLoad(t *testing.T, l Lang) *Catalog {
	t.Helper()
	c, err := Load(l)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Every message English has exists in every language with the same
// placeholders, and no language has a message English lacks (a stale one).
func TestEveryMessageInEveryLanguage(t *testing.T) {
	en := mustLoad(t, English)
	if len(en.IDs()) == 0 {
		t.Fatal("the English catalog is empty")
	}
	for _, l := range Langs()[1:] {
		c := mustLoad(t, l)
		for _, id := range en.IDs() {
			if !c.Has(id) {
				t.Errorf("%s: %q is missing", l, id)
				continue
			}
			want, _ := en.Placeholders(id)
			got, _ := c.Placeholders(id)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %q has placeholders %v, English %v", l, id, got, want)
			}
		}
		for _, id := range c.IDs() {
			if !en.Has(id) {
				t.Errorf("%s: %q is not in the English catalog", l, id)
			}
		}
	}
}

// A counted message gives exactly the plural forms its language has, and a
// message is counted in every language or in none.
func TestPluralFormsComplete(t *testing.T) {
	en := mustLoad(t, English)
	for _, l := range Langs() {
		c := mustLoad(t, l)
		for _, id := range c.IDs() {
			_, enForms := en.Placeholders(id)
			names, forms := c.Placeholders(id)
			if (enForms == nil) != (forms == nil) {
				t.Errorf("%s: %q is counted in one language and not the other", l, id)
				continue
			}
			if forms == nil {
				continue
			}
			want := slices.Sorted(slices.Values(l.Forms()))
			if !slices.Equal(forms, want) {
				t.Errorf("%s: %q gives forms %v, want %v", l, id, forms, want)
			}
			if !slices.Contains(names, "{count}") {
				t.Errorf("%s: %q is counted but has no {count}", l, id)
			}
		}
	}
}

// No message is empty, and none is left English in another language unless
// English's words are Kafka's own (a name, a setting, a number).
func TestNoEmptyMessage(t *testing.T) {
	for _, l := range Langs() {
		c := mustLoad(t, l)
		for _, id := range c.IDs() {
			if strings.TrimSpace(c.T(id, Count(2))) == "" {
				t.Errorf("%s: %q is empty", l, id)
			}
		}
	}
}

func TestPluralChoice(t *testing.T) {
	cases := []struct {
		lang Lang
		n    int
		want string
	}{
		{English, 0, "0 steps"}, {English, 1, "1 step"}, {English, 2, "2 steps"},
		{Spanish, 0, "0 pasos"}, {Spanish, 1, "1 paso"}, {Spanish, 2, "2 pasos"},
		{French, 0, "0 étape"}, {French, 1, "1 étape"}, {French, 2, "2 étapes"},
		{Portuguese, 0, "0 passo"}, {Portuguese, 1, "1 passo"}, {Portuguese, 2, "2 passos"},
		{Korean, 1, "1단계"}, {Korean, 5, "5단계"},
		{English, 1234, "1,234 steps"}, {Portuguese, 1234, "1.234 passos"},
	}
	for _, tc := range cases {
		if got := For(tc.lang).T("learn.steps", Count(tc.n)); got != tc.want {
			t.Errorf("%s, %d: %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
}

func TestPlaceholdersFilled(t *testing.T) {
	got := For(Portuguese).T("learn.loadError", S("error", "offline"))
	if got != "Não foi possível carregar as lições: offline" {
		t.Errorf("got %q", got)
	}
	if got := For(French).T("no.such.message"); got != "no.such.message" {
		t.Errorf("a missing message shows %q, want its id", got)
	}
}

func TestNumbers(t *testing.T) {
	cases := []struct {
		lang   Lang
		x      float64
		digits int
		want   string
	}{
		{English, 1234567.891, 2, "1,234,567.89"},
		{Korean, 1234567.891, 2, "1,234,567.89"},
		{Portuguese, 1234567.891, 2, "1.234.567,89"},
		{Spanish, 1234567.891, 2, "1.234.567,89"},
		{Spanish, 1234.5, 1, "1234,5"}, // CLDR: Spanish groups from five digits
		{Spanish, 12345, 0, "12.345"},
		{French, 1234.5, 1, "1\u202f234,5"},
		{French, -1234567, 0, "-1\u202f234\u202f567"},
		{English, 999, 0, "999"},
		{Portuguese, 0.5, 1, "0,5"},
	}
	for _, tc := range cases {
		if got := tc.lang.Float(tc.x, tc.digits); got != tc.want {
			t.Errorf("%s.Float(%v, %d) = %q, want %q", tc.lang, tc.x, tc.digits, got, tc.want)
		}
	}
	if got := English.Int(-42); got != "-42" {
		t.Errorf("English.Int(-42) = %q", got)
	}
}

func TestParse(t *testing.T) {
	for code, want := range map[string]Lang{"pt": Portuguese, "pt-BR": Portuguese, "PT-pt": Portuguese,
		"es-419": Spanish, "fr_CA": French, "ko-KR": Korean, "en-GB": English} {
		if got, ok := Parse(code); !ok || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", code, got, ok, want)
		}
	}
	for _, code := range []string{"", "de", "zz-ZZ", "portuguese"} {
		if got, ok := Parse(code); ok || got != English {
			t.Errorf("Parse(%q) = %q, %v; want English, false", code, got, ok)
		}
	}
	if Portuguese.Tag() != "pt-BR" || Korean.Tag() != "ko" {
		t.Error("the <html lang> tags are wrong")
	}
}

// A message read without the decoder's second pass (a text without escapes)
// reads as the decoder reads it, and one with escapes or plural forms still
// goes through the decoder.
func TestMessagesReadAsJSONReadsThem(t *testing.T) {
	for _, doc := range []string{`"plain text, 한국어 and é"`, `"a \"quoted\" word\nand a line"`, `"tab\tand \u00e9"`, `{"one": "1 key", "other": "{n} keys"}`} {
		var m message
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		var want message
		if err := json.Unmarshal([]byte(doc), &want.text); err != nil {
			json.Unmarshal([]byte(doc), &want.forms)
		}
		if m.text != want.text || len(m.forms) != len(want.forms) {
			t.Errorf("%s read as %q %v, want %q %v", doc, m.text, m.forms, want.text, want.forms)
		}
	}
}

// CountAs chooses the plural form by its number and writes its text.
func TestCountAs(t *testing.T) {
	en := For(English)
	if got := en.T("editor.byo.records", CountAs(6000, "6000")); got != "6000 records" {
		t.Errorf("%q", got)
	}
	if got := en.T("editor.byo.records", CountAs(1, "1")); got != "1 record" {
		t.Errorf("%q", got)
	}
}

// Ready tells a language whose words are here from one For would replace
// with English's.
func TestReady(t *testing.T) {
	for _, l := range Langs() {
		if !Ready(l) {
			t.Errorf("%s is compiled into the tests' build but not ready", l)
		}
	}
	for _, l := range []Lang{"", "xx", "ko-KR", "EN"} {
		if Ready(l) {
			t.Errorf("%q is ready", l)
		}
	}
}

// An id given in two files is refused, naming both; given twice in one
// file, the last one counts, as encoding/json reads it; the files are read
// in order of name, whichever reader takes them (b.json has a null, so
// the one-pass reader hands it to encoding/json).
func TestParseIDsGivenTwice(t *testing.T) {
	_, err := parse(English, map[string][]byte{
		"a.json": []byte(`{"x.one": "a", "x.two": "b"}`),
		"b.json": []byte(`{"x.three": null, "x.two": "d"}`),
	})
	if err == nil || !strings.Contains(err.Error(), `catalog messages/en/b.json: "x.two" is also in messages/en/a.json`) {
		t.Errorf("an id in two files: %v", err)
	}
	// A file that does not read says so, even after an id of another file.
	for _, broken := range []string{`{"x.one": "b", "y": 1}`, `{"x.one": "b", "y": "c"`, `{"x.one": "b", "y": [}`} {
		_, err = parse(English, map[string][]byte{"a.json": []byte(`{"x.one": "a"}`), "b.json": []byte(broken)})
		if err == nil || strings.Contains(err.Error(), "also in") {
			t.Errorf("%s after an id of a.json: %v, want its own error", broken, err)
		}
	}
	c, err := parse(English, map[string][]byte{
		"a.json": []byte(`{"x.one": "a", "x.one": "b"}`),
		"b.json": []byte(`{"x.two": "c", "x.three": null, "x.two": "d\u00e9"}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.T("x.one") + " " + c.T("x.two"); got != "b dé" {
		t.Errorf("ids given twice in one file read %q, want the last ones, %q", got, "b dé")
	}
}
