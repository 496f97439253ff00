package app

import (
	"strconv"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/results/sentences"
	"partitionlab/sim/lessons"
)

// Every view a step may point at has a title and a description in every
// language, and the English description is the lesson package's own
// (lessons.Views), so the two cannot drift apart.
func TestEveryLookAtViewIsInTheCatalog(t *testing.T) {
	en := i18n.For(i18n.English)
	for _, v := range lessons.Views() {
		for _, l := range i18n.Langs() {
			for _, id := range []string{"learn.view." + v.Name + ".title", "learn.view." + v.Name + ".about"} {
				if !i18n.For(l).Has(id) {
					t.Errorf("%s: %s is missing", l, id)
				}
			}
		}
		if got := lookAbout(en, v.Name); got != v.About {
			t.Errorf("view %s: the catalog says %q, lessons.Views %q", v.Name, got, v.About)
		}
	}
}

// A control's value reads as numbers do in the page's language; Kafka's
// names stay as they are.
func TestValueLabelFollowsTheLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang i18n.Lang
		v    any
		want string
	}{
		{i18n.English, 0.4, "0.4"},
		{i18n.Portuguese, 0.4, "0,4"},
		{i18n.French, 1.5, "1,5"},
		{i18n.Korean, 0.25, "0.25"},
		{i18n.Portuguese, 3000.0, "3.000"},
		{i18n.French, 12000.0, "12\u202f000"},
		{i18n.Spanish, 500.0, "500"},
		{i18n.Portuguese, "cooperative-sticky", "cooperative-sticky"},
	} {
		if got := valueLabel(tc.lang, tc.v); got != tc.want {
			t.Errorf("valueLabel(%s, %v) = %q, want %q", tc.lang, tc.v, got, tc.want)
		}
	}
}

// A typed value out of range is refused in the page's language, naming
// the control and its bounds as that language writes them.
func TestTypedNumberErrorsAreTranslated(t *testing.T) {
	lo, hi, step := 0.5, 2.5, 0.5
	c := lessons.Control{Label: "Fator de segurança", Min: &lo, Max: &hi, Step: &step}
	_, err := controlNumber(i18n.For(i18n.Portuguese), c, "9")
	if err == nil || !strings.Contains(err.Error(), "Fator de segurança") || !strings.Contains(err.Error(), "0,5") ||
		!strings.Contains(err.Error(), "2,5") || err.Error() == i18n.For(i18n.English).T("learn.controls.outOfRange") {
		t.Errorf("Portuguese error: %v", err)
	}
	en, err := controlNumber(i18n.For(i18n.English), c, "9")
	if err == nil || en != 0 {
		t.Fatal("9 accepted")
	}
	_, ptErr := controlNumber(i18n.For(i18n.Portuguese), c, "9")
	_, enErr := controlNumber(i18n.For(i18n.English), c, "9")
	if ptErr.Error() == enErr.Error() {
		t.Errorf("the Portuguese error is the English one: %v", ptErr)
	}
}

// In English, what a check measured reads exactly as the lesson package
// words it, for every check of every lesson: the catalog's parts leave
// nothing out. In the other languages the words change and the code in it
// (paths, values) stays.
func TestMeasuredReadsAsTheLessonsSay(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	en := i18n.For(i18n.English)
	n, quoted := 0, 0
	for _, l := range all {
		steps, err := lessons.Run(l)
		if err != nil {
			t.Fatal(err)
		}
		for _, so := range steps {
			for _, o := range so.Checks {
				n++
				if got := measured(en, o.Measure); got != o.Message {
					t.Errorf("%s step %d: %q, the lesson package says %q", l.ID, so.Step, got, o.Message)
				}
				values := o.Measure.Got
				if o.Measure.Shown != nil {
					values = strings.Join(o.Measure.Shown, ", ")
				}
				for _, lang := range i18n.Langs()[1:] {
					got := measured(i18n.For(lang), o.Measure)
					if got == o.Message || !strings.Contains(got, o.Measure.Path) || !strings.Contains(got, engineSentences(i18n.For(lang), values)) {
						t.Errorf("%s: %q for %q", lang, got, o.Message)
					}
					if o.Measure.All > 0 && strings.Contains(got, "in all") || o.Measure.NoValues && strings.Contains(got, "found no values") {
						t.Errorf("%s: %q leaves English in", lang, got)
					}
					for _, q := range quotedText().FindAllString(got, -1) {
						s, _ := strconv.Unquote(q)
						if said, ok := sentences.Any(i18n.For(lang), s); ok && said != s {
							t.Errorf("%s: %q quotes the engine's English %s", lang, got, q)
						}
						quoted++
					}
				}
			}
		}
	}
	for _, m := range []lessons.Measure{
		{Result: lessons.NotHeld, Every: true, Path: "partitions.*.end_lag", Rel: "< 100", Got: "\"x\"", At: "partitions.3", Why: lessons.ReasonNotNumber},
		{Result: lessons.NotHeld, Path: "a", Rel: "contains 1", Got: "2", Why: lessons.ReasonNotTextOrList},
		{Result: lessons.NotHeld, Path: "a", Rel: "~ 1", Got: "2", Why: lessons.ReasonUnknownOp, Detail: "~"},
		{Result: lessons.Unchecked, Path: "a.b", Rel: "≥", Detail: "a.b found no values"},
	} {
		if got := measured(en, m); got != m.String() {
			t.Errorf("%q, the lesson package says %q", got, m.String())
		}
	}
	if n < 100 {
		t.Errorf("only %d checks measured", n)
	}
	t.Logf("%d checks, %d quoted values", n, quoted)
}

// The parts of a measure the lesson package words in English (no values
// found, how many values in all) and the engine's sentences among the
// values are said in the page's language.
func TestMeasuredSaysEverythingInTheLanguage(t *testing.T) {
	pt := i18n.For(i18n.Portuguese)
	shown := []string{`"consumer-2-2 no heartbeat for 45 s: session.timeout.ms expired"`, "1", "2", "3", "4", "5"}
	for _, tc := range []struct {
		m    lessons.Measure
		want string
	}{
		{lessons.Measure{Result: lessons.Unchecked, Path: "a.b", Rel: "≥", Detail: "a.b found no values", NoValues: true},
			"não foi possível verificar a.b ≥: a.b não encontrou nenhum valor"},
		{lessons.Measure{Result: lessons.Held, Every: true, Path: "x.*", Rel: "!= 0", Got: strings.Join(shown, ", ") + ", … (4200 in all)", Shown: shown, All: 4200},
			"todo x.* != 0: obtido \"" + sentences.RebalanceCause(pt, "consumer-2-2 no heartbeat for 45 s: session.timeout.ms expired") + "\", 1, 2, 3, 4, 5, … (4.200 no total)"},
	} {
		if got := measured(i18n.For(i18n.English), tc.m); got != tc.m.String() {
			t.Errorf("en: %q, the lesson package says %q", got, tc.m.String())
		}
		if got := measured(pt, tc.m); got != tc.want {
			t.Errorf("pt: %q, want %q", got, tc.want)
		}
	}
	if said := sentences.RebalanceCause(pt, "consumer-2-2 no heartbeat for 45 s: session.timeout.ms expired"); strings.Contains(said, "no heartbeat") {
		t.Errorf("the results page leaves %q in English", said)
	}
}
