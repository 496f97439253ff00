package scenario

import (
	"errors"
	"slices"
	"testing"

	"partitionlab/sim/simtest"
)

// invalidCases are the field errors of simtest's invalid scenarios, one
// list per scenario.
func invalidCases(t *testing.T) []FieldErrors {
	t.Helper()
	cases, err := simtest.Invalid()
	if err != nil {
		t.Fatal(err)
	}
	var out []FieldErrors
	for _, c := range cases {
		_, err := ParseScenarioWithSets([]byte(c.Doc), c.Sets)
		var fe FieldErrors
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("%s %v: %v is not a FieldErrors", c.Doc, c.Sets, err)
		}
		out = append(out, fe)
	}
	// The browser's budget, which the command line's never reaches.
	sc2, err := ParseScenarioWithSets([]byte(`{}`), []string{"duration_s=3600", "workload.orders_per_s=50000"})
	if err != nil {
		t.Fatal(err)
	}
	var fe FieldErrors
	if !errors.As(EstimateWork(sc2).Check(BrowserLimits()), &fe) {
		t.Fatal("an hour at 50,000 orders/s is within the browser's budget")
	}
	out = append(out, fe)
	// The engine's stop at its limit of events held (the engine's own
	// tests reach it in a run).
	if !errors.As(HeldError(1020.5, BrowserLimits()), &fe) {
		t.Fatal("HeldError is not a FieldErrors")
	}
	out = append(out, fe)
	// Too long to write down: too many actions and too many named keys.
	long := DefaultScenario()
	for range MaxTimeline + 1 {
		long.Timeline = append(long.Timeline, Action{AtS: 1, Action: ActionSlowProcessing, DurationS: 1})
	}
	long.Workload.KeyDistribution = &KeyDistribution{Keys: make([]KeyCount, MaxNamedKeys+1)}
	if !errors.As(Validate(long), &fe) {
		t.Fatal("the long scenario is valid")
	}
	return append(out, fe)
}

// Every message validation gives has a code whose English template, filled
// with its arguments, is its Message exactly; its arguments are the
// template's placeholders, no more and no fewer. Every code is given by
// some invalid scenario of the corpus (or is a phrase, or named below).
func TestEveryMessageHasItsCode(t *testing.T) {
	used := map[string]bool{}
	for i, fe := range invalidCases(t) {
		for _, e := range fe {
			tmpl, ok := messages[e.Code]
			if !ok {
				t.Errorf("case %d: %s: %q has no code (%q)", i, e.Field, e.Message, e.Code)
				continue
			}
			used[e.Code] = true
			if got := render(e.Code, e.Args); got != e.Message {
				t.Errorf("case %d: %s: code %s gives %q, the message is %q", i, e.Field, e.Code, got, e.Message)
			}
			var names []string
			for _, a := range e.Args {
				names = append(names, "{"+a.Name+"}")
				if a.Kind == ArgPhrase && a.Value != "" {
					used[a.Value] = true
					if _, ok := messages[a.Value]; !ok {
						t.Errorf("case %d: phrase %q is not a message", i, a.Value)
					}
				}
			}
			slices.Sort(names)
			want := Placeholders(tmpl)
			slices.Sort(want)
			if !slices.Equal(names, want) {
				t.Errorf("case %d: %s gives arguments %v, its template has %v", i, e.Code, names, want)
			}
		}
	}
	// Reached only by documents encoding/json itself refuses after the
	// shape check, which the shape check leaves none of; json.syntax only
	// by a syntax error encoding/json words in a way json.char does not
	// know.
	for _, code := range []string{"shape.type", "text", "json.other", "json.syntax"} {
		used[code] = true
	}
	for code := range messages {
		if !used[code] {
			t.Errorf("no invalid scenario of simtest gives %s", code)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	got := Placeholders("{value} is not in {min}..{max}; {value}")
	if !slices.Equal(got, []string{"{value}", "{min}", "{max}"}) {
		t.Errorf("got %v", got)
	}
}
