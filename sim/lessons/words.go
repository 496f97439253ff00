package lessons

import (
	"fmt"
	"strings"

	"partitionlab/sim/scenario"
)

// Words are a lesson's texts in another language: what an overlay file,
// data/<lang>/NN-id.json, holds. They are aligned by index with the
// English lesson of the same file name (the same steps, controls and
// checks in the same order), and hold nothing else: paths, values, checks'
// operators and scenarios come from the English file only, so a
// translation can change the words and never what a step runs or checks.
type Words struct {
	Title    string      `json:"title"`
	Question string      `json:"question"`
	Steps    []StepWords `json:"steps"`
}

// StepWords are one step's texts. Simplification is given exactly where
// the English step has one.
type StepWords struct {
	Title          string         `json:"title"`
	Text           string         `json:"text"`
	Expect         string         `json:"expect"`
	Simplification string         `json:"simplification,omitempty"`
	Controls       []ControlWords `json:"controls"`
	Checks         []CheckWords   `json:"checks"`
}

// ControlWords are a control's texts. Unit is given exactly where the
// English control has one; Setting keeps Kafka's own setting names as
// Kafka spells them (max.poll.records) and translates a concept.
type ControlWords struct {
	Label   string `json:"label"`
	Setting string `json:"setting"`
	Unit    string `json:"unit,omitempty"`
}

// CheckWords is a check's claim.
type CheckWords struct {
	Claim string `json:"claim"`
}

// ParseWords reads an overlay file: unknown fields are errors, as in a
// lesson file. Whether it fits its lesson is Localize's job.
func ParseWords(file string, b []byte) (Words, error) {
	var w Words
	if err := scenario.DecodeStrict(b, &w); err != nil {
		var c fieldErrors
		c.addErr("", err)
		for i := range c.list {
			c.list[i].File = file
		}
		return Words{}, c.list
	}
	return w, nil
}

// Localize is l with w's words laid over it. Every problem of alignment is
// reported, naming the field: a different number of steps, controls or
// checks, an empty text, or a simplification or unit that the English has
// and the overlay lacks (or the other way round). On error l is returned
// unchanged, so a page can fall back to English.
func Localize(l Lesson, w Words, file string) (Lesson, error) {
	var c fieldErrors
	need := func(field, text string) {
		if strings.TrimSpace(text) == "" {
			c.add(field, "is missing or empty")
		}
	}
	same := func(field, english, translated string) {
		switch {
		case english != "" && translated == "":
			c.add(field, "is missing: the English has %q", english)
		case english == "" && translated != "":
			c.add(field, "is %q, but the English has none", translated)
		case english != "":
			need(field, translated)
		}
	}
	need("title", w.Title)
	need("question", w.Question)
	if len(w.Steps) != len(l.Steps) {
		c.add("steps", "has %d steps, the English %d", len(w.Steps), len(l.Steps))
	}
	out := l
	out.Title, out.Question = w.Title, w.Question
	out.Steps = make([]Step, len(l.Steps))
	copy(out.Steps, l.Steps)
	for i := range min(len(w.Steps), len(l.Steps)) {
		f := fmt.Sprintf("steps[%d]", i)
		sw, s := w.Steps[i], &out.Steps[i]
		need(f+".title", sw.Title)
		need(f+".text", sw.Text)
		need(f+".expect", sw.Expect)
		same(f+".simplification", s.Simplification, sw.Simplification)
		s.Title, s.Text, s.Expect, s.Simplification = sw.Title, sw.Text, sw.Expect, sw.Simplification
		if len(sw.Controls) != len(s.Controls) {
			c.add(f+".controls", "has %d controls, the English %d", len(sw.Controls), len(s.Controls))
		}
		ctls := append([]Control(nil), s.Controls...)
		for j := range min(len(sw.Controls), len(ctls)) {
			cf := fmt.Sprintf("%s.controls[%d]", f, j)
			cw := sw.Controls[j]
			need(cf+".label", cw.Label)
			need(cf+".setting", cw.Setting)
			same(cf+".unit", ctls[j].Unit, cw.Unit)
			ctls[j].Label, ctls[j].Setting, ctls[j].Unit = cw.Label, cw.Setting, cw.Unit
		}
		s.Controls = ctls
		if len(sw.Checks) != len(s.Checks) {
			c.add(f+".checks", "has %d checks, the English %d", len(sw.Checks), len(s.Checks))
		}
		checks := append([]Check(nil), s.Checks...)
		for j := range min(len(sw.Checks), len(checks)) {
			need(fmt.Sprintf("%s.checks[%d].claim", f, j), sw.Checks[j].Claim)
			checks[j].Claim = sw.Checks[j].Claim
		}
		s.Checks = checks
	}
	if len(c.list) > 0 {
		for i := range c.list {
			c.list[i].File = file
		}
		return l, c.list
	}
	return out, nil
}

// WordsOf are l's own words, in the overlay's shape: what a translator
// starts from, and what tests compare a translation with.
func WordsOf(l Lesson) Words {
	w := Words{Title: l.Title, Question: l.Question, Steps: make([]StepWords, len(l.Steps))}
	for i, s := range l.Steps {
		sw := StepWords{Title: s.Title, Text: s.Text, Expect: s.Expect, Simplification: s.Simplification,
			Controls: make([]ControlWords, len(s.Controls)), Checks: make([]CheckWords, len(s.Checks))}
		for j, c := range s.Controls {
			sw.Controls[j] = ControlWords{Label: c.Label, Setting: c.Setting, Unit: c.Unit}
		}
		for j, c := range s.Checks {
			sw.Checks[j] = CheckWords{Claim: c.Claim}
		}
		w.Steps[i] = sw
	}
	return w
}
