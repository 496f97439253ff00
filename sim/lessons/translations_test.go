package lessons

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// translated are the languages the lessons are translated into, besides
// English (the app's catalog languages, app/i18n).
var translated = []string{"pt", "es", "fr", "ko"}

func lessonByID(t *testing.T, id string) Lesson {
	t.Helper()
	l, err := ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// marked are l's words each prefixed, as a stand-in translation.
func marked(l Lesson, mark string) Words {
	w := WordsOf(l)
	w.Title, w.Question = mark+w.Title, mark+w.Question
	for i := range w.Steps {
		s := &w.Steps[i]
		s.Title, s.Text, s.Expect = mark+s.Title, mark+s.Text, mark+s.Expect
		if s.Simplification != "" {
			s.Simplification = mark + s.Simplification
		}
		for j := range s.Controls {
			s.Controls[j].Label = mark + s.Controls[j].Label
		}
		for j := range s.Checks {
			s.Checks[j].Claim = mark + s.Checks[j].Claim
		}
	}
	return w
}

// withoutWords is l with every word blanked: what must not differ between
// languages.
func withoutWords(l Lesson) Lesson {
	l.Title, l.Question = "", ""
	steps := make([]Step, len(l.Steps))
	for i, s := range l.Steps {
		s.Title, s.Text, s.Expect, s.Simplification = "", "", "", ""
		ctls := append([]Control(nil), s.Controls...)
		for j := range ctls {
			ctls[j].Label, ctls[j].Setting, ctls[j].Unit = "", "", ""
		}
		checks := append([]Check(nil), s.Checks...)
		for j := range checks {
			checks[j].Claim = ""
		}
		s.Controls, s.Checks = ctls, checks
		steps[i] = s
	}
	l.Steps = steps
	return l
}

// Laying words over a lesson changes what the learner reads and nothing
// the step runs or checks, and leaves the English lesson as it was.
func TestLocalizeChangesOnlyTheWords(t *testing.T) {
	en := lessonByID(t, "idempotent-producer") // has simplifications
	before := WordsOf(en)
	got, err := Localize(en, marked(en, "» "), "pt/x.json")
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "» "+en.Title || got.Steps[0].Checks[0].Claim != "» "+en.Steps[0].Checks[0].Claim ||
		got.Steps[0].Controls[0].Label != "» "+en.Steps[0].Controls[0].Label {
		t.Errorf("words not laid over: %q, %q", got.Title, got.Steps[0].Checks[0].Claim)
	}
	if !reflect.DeepEqual(withoutWords(got), withoutWords(en)) {
		t.Error("the localized lesson differs from the English in more than words")
	}
	if !reflect.DeepEqual(WordsOf(en), before) {
		t.Error("localizing changed the English lesson")
	}
}

// An overlay that does not fit its lesson is refused with the field named,
// and the English lesson is kept.
func TestLocalizeReportsMisalignment(t *testing.T) {
	en := lessonByID(t, "sizing") // one step simplified, a control with a unit
	simplified, plain := -1, -1
	for i, s := range en.Steps {
		if s.Simplification != "" {
			simplified = i
		} else {
			plain = i
		}
	}
	if simplified < 0 || plain < 0 || en.Steps[0].Controls[0].Unit == "" || en.Steps[0].Controls[1].Unit != "" {
		t.Fatal("the lesson no longer has steps with and without a simplification, and controls with and without a unit")
	}
	for _, tc := range []struct {
		name   string
		change func(w *Words)
		field  string
	}{
		{"a step fewer", func(w *Words) { w.Steps = w.Steps[:len(w.Steps)-1] }, "steps"},
		{"a check more", func(w *Words) { w.Steps[0].Checks = append(w.Steps[0].Checks, CheckWords{"x"}) }, "steps[0].checks"},
		{"a control fewer", func(w *Words) { w.Steps[0].Controls = w.Steps[0].Controls[:0] }, "steps[0].controls"},
		{"an empty claim", func(w *Words) { w.Steps[1].Checks[0].Claim = " " }, "steps[1].checks[0].claim"},
		{"no title", func(w *Words) { w.Title = "" }, "title"},
		{"no text", func(w *Words) { w.Steps[0].Text = "" }, "steps[0].text"},
		{"no expect", func(w *Words) { w.Steps[0].Expect = "" }, "steps[0].expect"},
		{"no setting", func(w *Words) { w.Steps[0].Controls[0].Setting = "" }, "steps[0].controls[0].setting"},
		{"a simplification missing", func(w *Words) { w.Steps[simplified].Simplification = "" },
			fmt.Sprintf("steps[%d].simplification", simplified)},
		{"a simplification the English lacks", func(w *Words) { w.Steps[plain].Simplification = "x" },
			fmt.Sprintf("steps[%d].simplification", plain)},
		{"a unit missing", func(w *Words) { w.Steps[0].Controls[0].Unit = "" }, "steps[0].controls[0].unit"},
		{"a unit the English lacks", func(w *Words) { w.Steps[0].Controls[1].Unit = "ms" }, "steps[0].controls[1].unit"},
	} {
		w := marked(en, "» ")
		tc.change(&w)
		got, err := Localize(en, w, "pt/13-sizing.json")
		fe, _ := err.(FieldErrors)
		if len(fe) != 1 || fe[0].Field != tc.field || fe[0].File != "pt/13-sizing.json" {
			t.Errorf("%s: error %v, want one for %s", tc.name, err, tc.field)
		}
		if got.Title != en.Title {
			t.Errorf("%s: the English lesson was not kept", tc.name)
		}
	}
}

// An overlay file holds only words: a field the format does not have (a
// path, a value) is an error, as in a lesson file.
func TestParseWordsRefusesOtherFields(t *testing.T) {
	b, _ := json.Marshal(WordsOf(lessonByID(t, "hot-customer")))
	if _, err := ParseWords("pt/06-hot-customer.json", b); err != nil {
		t.Fatalf("the English words as an overlay: %v", err)
	}
	bad := strings.Replace(string(b), `"claim":`, `"path":"load.hottest_share","claim":`, 1)
	_, err := ParseWords("pt/06-hot-customer.json", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "pt/06-hot-customer.json") || !strings.Contains(err.Error(), "path") {
		t.Errorf("an overlay with a path: error %v, want one naming the file and the field", err)
	}
}

// Every overlay file in data/<lang>/ fits its English lesson, has no file
// name the English lacks, and every lesson has one in every language (a
// lesson without one would show in English; the test names it).
func TestOverlaysFitTheirLessons(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, l := range all {
		files[l.File] = true
	}
	for _, lang := range translated {
		if _, err := In(lang); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
		entries, _ := data.ReadDir("data/" + lang)
		for _, e := range entries {
			if !files[e.Name()] {
				t.Errorf("data/%s/%s: no English lesson of that name", lang, e.Name())
			}
		}
		missing, err := Missing(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(missing) > 0 {
			t.Errorf("%s: %d of %d lessons have no overlay and show in English: %s", lang, len(missing), len(all), strings.Join(missing, " "))
		}
	}
}

// The numbers a lesson writes are the scenario's (README.md): a
// translation writes every one of them too, in its language's format, so
// a number changed in one language (or left behind when the English
// changes) is caught.
func TestOverlaysKeepTheNumbers(t *testing.T) {
	en, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range translated {
		all, _ := In(lang)
		missing, _ := Missing(lang)
		for i, l := range all {
			if slices.Contains(missing, l.File) {
				continue
			}
			eachWord(WordsOf(en[i]), WordsOf(l), func(field, english, tr string) {
				if lost := numbersDrift(english, tr); len(lost) > 0 {
					t.Errorf("%s/%s %s: the English writes %s, the translation does not: %q",
						lang, l.File, field, strings.Join(lost, ", "), tr)
				}
			})
		}
	}
}

// eachWord calls f with every text of two aligned Words.
func eachWord(en, tr Words, f func(field, english, translated string)) {
	f("title", en.Title, tr.Title)
	f("question", en.Question, tr.Question)
	for i, s := range en.Steps {
		ts := tr.Steps[i]
		p := fmt.Sprintf("steps[%d].", i)
		f(p+"title", s.Title, ts.Title)
		f(p+"text", s.Text, ts.Text)
		f(p+"expect", s.Expect, ts.Expect)
		f(p+"simplification", s.Simplification, ts.Simplification)
		for j, c := range s.Controls {
			f(fmt.Sprintf("%scontrols[%d].label", p, j), c.Label, ts.Controls[j].Label)
			f(fmt.Sprintf("%scontrols[%d].setting", p, j), c.Setting, ts.Controls[j].Setting)
		}
		for j, c := range s.Checks {
			f(fmt.Sprintf("%schecks[%d].claim", p, j), c.Claim, ts.Checks[j].Claim)
		}
	}
}

// Every lesson's checks give the same ✓ and ✗ in every language: each
// language's lessons are run from start to end, as a learner would, and
// compared with the English, check by check. Only the words differ.
func TestChecksHoldTheSameInEveryLanguage(t *testing.T) {
	en, err := All()
	if err != nil {
		t.Fatal(err)
	}
	verdicts := func(l Lesson) []bool {
		steps, err := Run(l)
		if err != nil {
			t.Fatalf("%s: %v", l.File, err)
		}
		var v []bool
		for _, so := range steps {
			for _, c := range so.Checks {
				v = append(v, c.Passed)
			}
		}
		return v
	}
	want := make([][]bool, len(en))
	for i, l := range en {
		want[i] = verdicts(l)
	}
	for _, lang := range translated {
		all, _ := In(lang)
		for i, l := range all {
			if !reflect.DeepEqual(withoutWords(l), withoutWords(en[i])) {
				t.Errorf("%s/%s: differs from the English in more than words", lang, l.File)
			}
			if got := verdicts(l); !reflect.DeepEqual(got, want[i]) {
				t.Errorf("%s/%s: checks give %v, in English %v", lang, l.File, got, want[i])
			}
		}
	}
}

// A language code names a folder of data/ and nothing else.
func TestInRefusesALanguageThatIsNotACode(t *testing.T) {
	for _, lang := range []string{"../data", "p", "PT", "pt/x"} {
		all, err := In(lang)
		if err == nil {
			t.Errorf("In(%q): no error", lang)
		}
		if len(all) == 0 || all[0].Title != lessonByID(t, all[0].ID).Title {
			t.Errorf("In(%q): not the English lessons", lang)
		}
	}
}
