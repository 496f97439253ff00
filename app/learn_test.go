package app

import (
	"errors"
	"net/url"
	"os"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/share"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// Every view a lesson may point at is emphasised on the page: it has
// elements to scroll to, and learn.css frames each of them.
func TestEveryLookAtViewIsFramed(t *testing.T) {
	css, err := os.ReadFile("../web/learn.css")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range lessons.Views() {
		ids := lookTargets(v.Name)
		if len(ids) == 0 {
			t.Errorf("view %q has no element to look at", v.Name)
		}
		for _, id := range ids {
			if sel := `[data-look~="` + v.Name + `"] #` + id; !strings.Contains(string(css), sel) {
				t.Errorf("learn.css does not frame %s", sel)
			}
		}
		if en := i18n.For(i18n.English); !en.Has("learn.view."+v.Name+".title") || lookAbout(en, v.Name) == "" {
			t.Errorf("view %q has no words", v.Name)
		}
	}
}

// "Try it yourself" opens exactly the step's scenario on the Simulate
// page, with the learner's changes; a scenario the engine refuses opens
// with the refused field as written, for the editor to explain.
func TestTryItYourselfCarriesTheStepsScenario(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	simulated, refused := 0, 0
	for _, l := range all {
		for si, s := range l.Steps {
			if s.Kind() != lessons.KindSimulate {
				continue
			}
			variants := [][]string{nil}
			if c := s.Controls[0]; len(c.Values) > 1 {
				variants = append(variants, []string{c.Set(c.Values[len(c.Values)-1])})
			}
			for _, sets := range variants {
				h, err := tryHref(s, sets)
				if err != nil {
					t.Fatalf("lesson %d step %d: %v", l.Number, si+1, err)
				}
				doc := linkDocument(t, h)
				want, wantErr := s.Scenario(sets...)
				got, gotErr := scenario.ParseScenario(doc)
				switch {
				case wantErr == nil && gotErr == nil:
					simulated++
					if string(scenario.MarshalScenario(got)) != string(scenario.MarshalScenario(want)) {
						t.Errorf("lesson %d step %d: the link carries another scenario than the step runs", l.Number, si+1)
					}
				case wantErr != nil && gotErr != nil:
					refused++
					var we, ge scenario.FieldErrors
					if !errors.As(wantErr, &we) || !errors.As(gotErr, &ge) || we[0].Field != ge[0].Field {
						t.Errorf("lesson %d step %d: the step is refused with %v, the link's document with %v", l.Number, si+1, wantErr, gotErr)
					}
				default:
					t.Errorf("lesson %d step %d: the step gives %v, the link's document %v", l.Number, si+1, wantErr, gotErr)
				}
			}
		}
	}
	if simulated < 80 || refused == 0 {
		t.Errorf("%d simulated and %d refused steps checked; the lessons have more of both", simulated, refused)
	}
}

// linkDocument is the scenario document a Simulate page link carries.
func linkDocument(t *testing.T, h string) []byte {
	t.Helper()
	if !strings.HasPrefix(h, "/#") {
		t.Fatalf("%q does not open the Simulate page", h)
	}
	l, err := share.Parse(h, "")
	if err != nil {
		t.Fatal(err)
	}
	if l.Preset != "" {
		doc, err := scenario.PresetJSON(l.Preset)
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	return l.Document
}

// Next walks every step of every lesson in order and ends at the list;
// Back walks the same way back.
func TestNextAndBackVisitEveryStep(t *testing.T) {
	p := newLearnPage()
	if p.loadErr != "" {
		t.Fatal(p.loadErr)
	}
	var forward []string
	p.open(mustURL(t, learnHref(p.all[0].ID, 0)))
	for range 200 {
		forward = append(forward, learnHref(p.lesson().ID, p.stepIndex))
		next := p.next().href
		if p.open(mustURL(t, next)); p.lessonIndex < 0 {
			break
		}
	}
	total := 0
	for _, l := range p.all {
		total += len(l.Steps)
	}
	if len(forward) != total || p.lessonIndex >= 0 {
		t.Fatalf("Next visited %d steps and ended on lesson index %d, want all %d and then the list", len(forward), p.lessonIndex, total)
	}
	p.open(mustURL(t, forward[len(forward)-1]))
	for i := len(forward) - 1; i > 0; i-- {
		if got := learnHref(p.lesson().ID, p.stepIndex); got != forward[i] {
			t.Fatalf("Back reached %s, want %s", got, forward[i])
		}
		p.open(mustURL(t, p.back().href))
	}
	if p.open(mustURL(t, p.back().href)); p.lessonIndex >= 0 {
		t.Errorf("Back from the first step goes to lesson index %d, want the list", p.lessonIndex)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// A link to a lesson or step that does not exist says so and shows what
// does.
func TestBadLessonLinksAreExplained(t *testing.T) {
	p := newLearnPage()
	p.open(mustURL(t, "/learn?lesson=no-such-lesson&step=1"))
	if p.lessonIndex >= 0 || !strings.Contains(p.notice, "no-such-lesson") {
		t.Errorf("unknown lesson: index %d, notice %q", p.lessonIndex, p.notice)
	}
	p.open(mustURL(t, "/learn?lesson=hot-customer&step=9"))
	if p.lessonIndex < 0 || p.stepIndex != len(p.lesson().Steps)-1 || !strings.Contains(p.notice, "steps 1 to 3") {
		t.Errorf("step 9 of 3: step index %d, notice %q", p.stepIndex, p.notice)
	}
	p.open(mustURL(t, "/learn?lesson=hot-customer"))
	if p.stepIndex != 0 || p.notice != "" {
		t.Errorf("no step: step index %d, notice %q; want the first step, quietly", p.stepIndex, p.notice)
	}
}

// The lesson's own values are what the controls start at, so the step
// runs exactly as written until the learner moves one.
func TestControlsStartAtTheLessonsValues(t *testing.T) {
	l, err := lessons.ByID("thread-pool-trap")
	if err != nil {
		t.Fatal(err)
	}
	st := newLessonState(l)
	for si, s := range l.Steps {
		if sets := st.sets(s, si); len(sets) != 0 {
			t.Errorf("step %d starts with changes %q", si+1, sets)
		}
		for ci, c := range s.Controls {
			if st.defaults[si][ci] == nil || st.typed[si][ci] == "" {
				t.Errorf("step %d: control %s has no starting value", si+1, c.Path)
			}
		}
	}
	s := l.Steps[0]
	c := s.Controls[0]
	st.values[0][0] = c.Values[len(c.Values)-1]
	if sets := st.sets(s, 0); len(sets) != 1 || sets[0] != c.Set(c.Values[len(c.Values)-1]) {
		t.Errorf("after a change: %q", sets)
	}
}

func TestTypedNumbersAreChecked(t *testing.T) {
	lo, hi, step := 1.0, 12.0, 1.0
	c := lessons.Control{Label: "Consumer threads", Min: &lo, Max: &hi, Step: &step}
	for text, want := range map[string]string{
		"6": "", "12": "", "0": "out of range", "13": "out of range", "2.5": "between two steps", "x": "not a number", "": "not a number",
	} {
		_, err := controlNumber(i18n.For(i18n.English), c, text)
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", text, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "from 1 to 12")):
			t.Errorf("%q: error %v, want one saying %q and the range", text, err, want)
		}
	}
}
