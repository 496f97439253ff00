package lessons

import (
	"errors"
	"fmt"
	"slices"

	"partitionlab/sim/scenario"
)

// Verify does the checks that loading leaves out because they run the
// engine's parser many times: every step's input is accepted (or, for a
// step that shows a refusal, refused), every control starts at one of its
// values or inside its range, and every value a control offers gives an
// input that runs. Tests call it for every lesson; a lesson author should
// too. It returns FieldErrors naming the file and field.
func Verify(l Lesson) error {
	var c fieldErrors
	for i, s := range l.Steps {
		f := fmt.Sprintf("steps[%d]", i)
		before := len(c.list)
		if s.Kind() == KindSimulate {
			verifyScenario(&c, f+".scenario", s)
		}
		if len(c.list) > before {
			continue // controls cannot be judged on a broken input
		}
		in := inputOf(s)
		for j, ctl := range s.Controls {
			verifyControl(&c, fmt.Sprintf("%s.controls[%d]", f, j), s, in, ctl)
		}
	}
	for i := range c.list {
		c.list[i].File = l.File
	}
	return c.err()
}

func verifyScenario(c *fieldErrors, f string, s Step) {
	r := s.ScenarioRef
	_, err := s.Scenario()
	var fe scenario.FieldErrors
	switch {
	case r.Rejected && err == nil:
		c.add(f+".rejected", "is true, but the engine accepts the scenario")
	case r.Rejected && !errors.As(err, &fe):
		c.add(f, "%v", err)
	case !r.Rejected && err != nil:
		c.addErr(f, err)
	}
}

// stepInput is a step's input, worked out once so that trying every
// control value costs one change each.
type stepInput struct {
	doc []byte                 // the input as JSON; nil for a refused scenario
	try func(set string) error // whether the input still runs with one more change
}

func inputOf(s Step) stepInput {
	if s.Kind() == KindSimulate {
		if s.ScenarioRef.Rejected {
			return stepInput{}
		}
		doc, _ := s.ScenarioJSON()
		return stepInput{doc, func(set string) error {
			_, err := scenario.ParseScenarioWithSets(doc, []string{set})
			return err
		}}
	}
	doc, _ := s.Input()
	return stepInput{doc, func(set string) error {
		_, err := s.Input(set)
		return err
	}}
}

func verifyControl(c *fieldErrors, f string, s Step, in stepInput, ctl Control) {
	var cur any
	var err error
	if in.doc != nil {
		cur, err = lookup(in.doc, ctl.Path)
	} else {
		cur, err = s.Value(ctl.Path)
	}
	if err != nil {
		c.add(f+".path", "%q has no value in the step's input: %v", ctl.Path, err)
		return
	}
	candidates := ctl.Values
	if len(ctl.Values) > 0 {
		if !slices.ContainsFunc(ctl.Values, func(v any) bool { return equal(v, cur, 0) }) {
			c.add(f+".values", "do not include the step's own value %s", show(cur))
		}
	} else if ctl.Min != nil && ctl.Max != nil {
		if x, isNum := cur.(float64); !isNum || x < *ctl.Min || x > *ctl.Max {
			c.add(f+".min", "the step's own value %s is outside %s..%s", show(cur), show(*ctl.Min), show(*ctl.Max))
		}
		candidates = []any{*ctl.Min, *ctl.Max}
	}
	if in.try == nil {
		return // a refused scenario: its values show refusals too
	}
	for _, v := range candidates {
		if err := in.try(ctl.Set(v)); err != nil {
			c.add(f, "%s gives an input that does not run: %v", ctl.Set(v), oneLine(err))
		}
	}
}
