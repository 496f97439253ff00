package errtext

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
	"partitionlab/sim/simtest"
)

// Every code the engine declares has its message in every catalog, with
// the same placeholders as the engine's template, and the English
// catalog's text is the engine's template itself.
func TestEveryCodeInEveryCatalog(t *testing.T) {
	for code, tmpl := range scenario.Messages() {
		want := scenario.Placeholders(tmpl)
		slices.Sort(want)
		for _, l := range i18n.Langs() {
			c := i18n.For(l)
			if !c.Has(ID(code)) {
				t.Errorf("%s: %s is missing", l, ID(code))
				continue
			}
			if got, _ := c.Placeholders(ID(code)); !slices.Equal(got, want) {
				t.Errorf("%s: %s has placeholders %v, the engine's template %v", l, ID(code), got, want)
			}
		}
		if got := i18n.For(i18n.English).T(ID(code)); got != tmpl {
			t.Errorf("en: %s is %q, the engine says %q", ID(code), got, tmpl)
		}
	}
}

// The catalogs have no error message the engine no longer gives (besides
// the two that frame any message: errors.item and errors.field).
func TestNoStaleErrorMessage(t *testing.T) {
	codes := scenario.Messages()
	framing := map[string]bool{"item": true, "field": true, "about": true}
	for _, id := range i18n.For(i18n.English).IDs() {
		code, ok := strings.CutPrefix(id, "errors.")
		if _, known := codes[code]; ok && !known && !framing[code] {
			t.Errorf("%s is not a code the engine gives", id)
		}
	}
}

// invalid are the field errors of simtest's invalid scenarios, and the
// browser's work budget refusal.
func invalid(t *testing.T) scenario.FieldErrors {
	t.Helper()
	cases, err := simtest.Invalid()
	if err != nil {
		t.Fatal(err)
	}
	var all scenario.FieldErrors
	for _, c := range cases {
		_, err := scenario.ParseScenarioWithSets([]byte(c.Doc), c.Sets)
		var fe scenario.FieldErrors
		errors.As(err, &fe)
		all = append(all, fe...)
	}
	s, err := scenario.ParseScenarioWithin([]byte(`{"duration_s": 3600, "workload": {"orders_per_s": 80000}}`), nil, scenario.BrowserLimits())
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) {
		t.Fatalf("the browser accepts %v", s.Workload)
	}
	return append(all, fe...)
}

// The English the app shows is the engine's Message, byte for byte, for
// every invalid scenario: the catalog and the engine never drift apart.
func TestEnglishIsTheEnginesMessage(t *testing.T) {
	w := For(i18n.For(i18n.English))
	errs := invalid(t)
	if len(errs) < 100 {
		t.Fatalf("only %d messages", len(errs))
	}
	for _, e := range errs {
		if e.Code == "" {
			t.Errorf("%s: %q has no code", e.Field, e.Message)
		}
		if got := w.Message(e); got != e.Message {
			t.Errorf("%s: the catalog gives %q, the engine %q", e.Field, got, e.Message)
		}
	}
}

// In every language, each message keeps what it is about: the value as
// typed, the names and paths as written, the numbers (the range) in the
// language's form, and no placeholder is left unfilled.
func TestEveryLanguageNamesValueAndRange(t *testing.T) {
	errs := invalid(t)
	for _, l := range i18n.Langs() {
		w := For(i18n.For(l))
		for _, e := range errs {
			got := w.Message(e)
			if strings.Contains(got, "{") && !strings.Contains(e.Message, "{") {
				t.Errorf("%s: %s: %q has a placeholder left", l, e.Code, got)
			}
			for _, a := range e.Args {
				want := a.Value
				switch a.Kind {
				case scenario.ArgNumber:
					want = Numbers(l, a.Value)
				case scenario.ArgEstimate:
					if l != i18n.English {
						want = Estimate(l, a.Value)
					}
				case scenario.ArgPhrase:
					continue
				}
				if !strings.Contains(got, want) {
					t.Errorf("%s: %s: %q does not say %s=%q", l, e.Code, got, a.Name, want)
				}
			}
			if l != i18n.English && got == e.Message && e.Code != "text" {
				t.Errorf("%s: %s is left in English: %q", l, e.Code, got)
			}
		}
	}
}

func TestMessagesAReaderSees(t *testing.T) {
	parse := func(sets ...string) scenario.FieldErrors {
		_, err := scenario.ParseScenarioWithSets([]byte(`{}`), sets)
		var fe scenario.FieldErrors
		if !errors.As(err, &fe) {
			t.Fatalf("%v: %v", sets, err)
		}
		return fe
	}
	partitions := parse("topic.partitions=0")[0]
	budget := parse("duration_s=86400", "workload.orders_per_s=1000000")[0]
	kind := parse(`producers={"name":"x"}`)[0]
	for _, tc := range []struct {
		lang i18n.Lang
		e    scenario.FieldError
		want string
	}{
		{i18n.English, partitions, "0 is not in 1..10000"},
		{i18n.Portuguese, partitions, "0 não está entre 1 e 10.000"},
		{i18n.Spanish, partitions, "0 no está entre 1 y 10.000"},
		{i18n.French, partitions, "0 n’est pas compris entre 1 et 10\u202f000"},
		{i18n.Korean, partitions, "0은(는) 허용 범위(1~10,000)를 벗어납니다"},
		{i18n.Portuguese, budget, "duration_s × workload.orders_per_s × 3 eventos por pedido = 86.400 × 1.000.000 × 3 = " +
			"cerca de 2,6 × 10¹¹ eventos; o limite na linha de comando é 1.000.000.000 (reduza duration_s ou workload.orders_per_s)"},
		{i18n.Korean, kind, "배열이어야 하지만 객체입니다"},
		{i18n.French, kind, "doit être un tableau, pas un objet"},
	} {
		if got := For(i18n.For(tc.lang)).Message(tc.e); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.lang, got, tc.want)
		}
	}
	if got := For(i18n.For(i18n.Spanish)).Item(2, "x"); got != "elemento 2: x" {
		t.Errorf("Item: %q", got)
	}
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		lang     i18n.Lang
		in, want string
	}{
		{i18n.English, "1e+06", "1e+06"},
		{i18n.Portuguese, "1e+06", "1.000.000"},
		{i18n.Portuguese, "0.001", "0,001"},
		{i18n.Portuguese, "-3", "-3"},
		{i18n.Portuguese, "8.64e+07", "86.400.000"},
		{i18n.Spanish, "1234", "1234"},
		{i18n.French, "86400 × 1000 × 1.02", "86\u202f400 × 1\u202f000 × 1,02"},
		{i18n.Korean, "2.6e11", "260,000,000,000"},
		{i18n.Portuguese, "1e30", "1e30"},
		{i18n.Portuguese, "2.5e30", "2,5e30"},
		{i18n.Portuguese, "1e-999", "1e-999"},
		{i18n.Portuguese, "18446744073709551615", "18446744073709551615"},
		{i18n.Portuguese, "1.2345675e+06", "1.234.567,5"},
	} {
		if got := Numbers(tc.lang, tc.in); got != tc.want {
			t.Errorf("%s: Numbers(%q) = %q, want %q", tc.lang, tc.in, got, tc.want)
		}
	}
}

// A list of errors names each field as the language punctuates it: French
// puts a no-break space before the colon, the others none.
func TestFieldIsPunctuatedAsTheLanguageWrites(t *testing.T) {
	e := invalid(t)[0]
	if e.Field == "" {
		t.Fatal("the first invalid scenario's error names no field")
	}
	for _, c := range []struct {
		lang i18n.Lang
		sep  string
	}{{i18n.English, ": "}, {"pt", ": "}, {"fr", "\u00a0: "}, {"ko", ": "}} {
		got := For(i18n.For(c.lang)).Field(e)
		if !strings.HasPrefix(got, e.Field+c.sep) {
			t.Errorf("%s: %q does not begin with %q", c.lang, got, e.Field+c.sep)
		}
	}
}

// A rounded estimate is written rounded in every language, never in full:
// 2.6e11 events are 259,200,000,000, not 260,000,000,000.
func TestEstimateStaysApproximate(t *testing.T) {
	for l, want := range map[i18n.Lang]string{
		i18n.Portuguese: "2,6 × 10¹¹", i18n.French: "2,6 × 10¹¹", i18n.Korean: "2.6 × 10¹¹",
	} {
		if got := Estimate(l, "2.6e11"); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	if got := Estimate(i18n.Spanish, "1e-3"); got != "1 × 10⁻³" {
		t.Errorf("es: %q", got)
	}
	_, err := scenario.ParseScenarioWithSets([]byte(`{}`), []string{"duration_s=86400", "workload.orders_per_s=1000000"})
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs()[1:] {
		got := For(i18n.For(l)).Message(fe[0])
		if strings.Contains(got, "260") || !strings.Contains(got, "10¹¹") {
			t.Errorf("%s: %q", l, got)
		}
	}
	if got := For(i18n.For(i18n.English)).Message(fe[0]); got != fe[0].Message || !strings.Contains(got, "= 2.6e11 events") {
		t.Errorf("en: %q", got)
	}
}
