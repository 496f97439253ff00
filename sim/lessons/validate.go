package lessons

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"partitionlab/sim/scenario"
)

// Limits that keep a step one idea long.
const (
	MaxSteps    = 4
	MaxControls = 2
	maxTitle    = 80
	maxQuestion = 200
	maxStepText = 900
	maxExpect   = 400
	maxClaim    = 200
	maxLookAt   = 3
)

// validate checks a decoded lesson; c collects every problem.
func validate(c *fieldErrors, l Lesson) {
	if !isSlug(l.ID) {
		c.add("id", "%q is not a slug: lower-case letters and digits in words joined by -", l.ID)
	}
	if l.Number < 1 {
		c.add("number", "%d is not a lesson number (from 1)", l.Number)
	}
	text(c, "title", l.Title, maxTitle)
	text(c, "question", l.Question, maxQuestion)
	if l.Question != "" && !strings.HasSuffix(l.Question, "?") {
		c.add("question", "should end with a question mark")
	}
	if n := len(l.Steps); n < 1 || n > MaxSteps {
		c.add("steps", "has %d steps, want 1..%d", n, MaxSteps)
	}
	var earlier []reflect.Type
	for i, s := range l.Steps {
		validateStep(c, fmt.Sprintf("steps[%d]", i), s, earlier)
		earlier = append(earlier, docType(s))
	}
}

func validateStep(c *fieldErrors, f string, s Step, earlier []reflect.Type) {
	text(c, f+".title", s.Title, maxTitle)
	text(c, f+".text", s.Text, maxStepText)
	text(c, f+".expect", s.Expect, maxExpect)
	if s.Simplification != "" {
		text(c, f+".simplification", s.Simplification, maxExpect)
	}
	kind := s.Kind()
	switch kind {
	case KindSimulate:
		validateScenarioRef(c, f+".scenario", s.ScenarioRef)
	case KindKeyTable:
		c.addErr(f+".key_table", s.KeyTable.validate())
	case KindMovedKeys:
		c.addErr(f+".moved_keys", s.MovedKeys.validate())
	case KindSizing:
		c.addErr(f+".sizing", s.Sizing.validate())
	default:
		c.add(f, "must name exactly one of scenario, key_table, moved_keys and sizing")
		return
	}
	if n := len(s.LookAt); n < 1 || n > maxLookAt {
		c.add(f+".look_at", "names %d views, want 1..%d", n, maxLookAt)
	}
	for j, v := range s.LookAt {
		known, fits := viewFits(v, kind)
		switch {
		case !known:
			c.add(fmt.Sprintf("%s.look_at[%d]", f, j), "%q is not a view (want one of %s)", v, viewNames())
		case !fits:
			c.add(fmt.Sprintf("%s.look_at[%d]", f, j), "%q cannot show a %s step", v, kind)
		}
	}
	if n := len(s.Controls); n < 1 || n > MaxControls {
		c.add(f+".controls", "has %d controls, want 1..%d", n, MaxControls)
	}
	for j, ctl := range s.Controls {
		validateControl(c, fmt.Sprintf("%s.controls[%d]", f, j), inputType(s), ctl)
	}
	if len(s.Checks) == 0 {
		c.add(f+".checks", "has no checks: every promise in expect needs one")
	}
	sch := schema{root: docType(s), earlier: earlier}
	for j, ck := range s.Checks {
		validateCheck(c, fmt.Sprintf("%s.checks[%d]", f, j), ck, sch)
	}
}

// validateScenarioRef checks what can be checked without parsing the
// scenario; Verify runs it.
func validateScenarioRef(c *fieldErrors, f string, r *ScenarioRef) {
	if (r.Preset == "") == (len(r.Document) == 0) {
		c.add(f, "must name a preset or hold a document, not both or neither")
		return
	}
	if r.Preset != "" && !slices.Contains(scenario.PresetNames(), r.Preset) {
		c.add(f+".preset", "%q is not a preset (want one of %s)", r.Preset, strings.Join(scenario.PresetNames(), ", "))
	}
	for i, set := range r.Sets {
		if p, _, ok := strings.Cut(set, "="); !ok || p == "" {
			c.add(fmt.Sprintf("%s.sets[%d]", f, i), "%q: want path=value, such as topic.partitions=24", set)
		}
	}
}

// inputType is the Go type of the document a step's controls change.
func inputType(s Step) reflect.Type {
	switch s.Kind() {
	case KindKeyTable:
		return reflect.TypeFor[KeyTableInput]()
	case KindMovedKeys:
		return reflect.TypeFor[MovedKeysInput]()
	case KindSizing:
		return reflect.TypeFor[SizingInput]()
	}
	return reflect.TypeFor[scenario.Scenario]()
}

// validateControl checks a control's shape and that its path names a
// field of the step's input whose type fits the values.
func validateControl(c *fieldErrors, f string, input reflect.Type, ctl Control) {
	text(c, f+".label", ctl.Label, 60)
	text(c, f+".setting", ctl.Setting, 80)
	e, err := parseExpr(ctl.Path)
	p, isPath := e.(pathExpr)
	if err == nil && (!isPath || strings.ContainsAny(ctl.Path, "*[")) {
		err = fmt.Errorf("want a plain path such as consumer.concurrency or producers.0.key")
	}
	var leaf typ
	if err == nil {
		leaf, err = schema{root: input}.pathType(p)
	}
	if err != nil {
		c.add(f+".path", "%q is not in the step's input: %v", ctl.Path, err)
		return
	}
	ranged := ctl.Min != nil || ctl.Max != nil || ctl.Step != nil
	switch {
	case len(ctl.Values) > 0 && ranged:
		c.add(f, "has values and a range; want one of them")
	case len(ctl.Values) > 0:
		for j, v := range ctl.Values {
			var vt reflect.Type
			if v != nil {
				vt = reflect.TypeOf(v)
			}
			if msg := comparable("==", leaf.t, vt); msg != "" {
				c.add(fmt.Sprintf("%s.values[%d]", f, j), "%s does not fit %s: %s", show(v), ctl.Path, msg)
			}
		}
	case ctl.Min == nil || ctl.Max == nil || ctl.Step == nil:
		c.add(f, "needs values, or min, max and step")
	case !(*ctl.Min < *ctl.Max) || !(*ctl.Step > 0):
		c.add(f, "min %s, max %s, step %s: want min < max and step > 0", show(*ctl.Min), show(*ctl.Max), show(*ctl.Step))
	case !isNumeric(leaf.t):
		c.add(f, "has a range, but %s is %s", ctl.Path, kindName(leaf.t))
	}
}

func validateCheck(c *fieldErrors, f string, ck Check, sch schema) {
	text(c, f+".claim", ck.Claim, maxClaim)
	if !slices.Contains(Ops(), ck.Op) {
		c.add(f+".op", "%q is not an operator (want one of %s)", ck.Op, strings.Join(Ops(), " "))
	}
	lhs, err := parseExpr(ck.Path)
	if err != nil {
		c.add(f+".path", "%v", err)
		return
	}
	lt, err := sch.typeOf(lhs)
	if err != nil {
		c.add(f+".path", "%v", err)
		return
	}
	var rt reflect.Type
	switch {
	case (len(ck.Value) == 0) == (ck.Expr == ""):
		c.add(f, "needs a value or an expr to compare with, not both or neither")
		return
	case ck.Expr != "":
		e, err := parseExpr(ck.Expr)
		if err == nil {
			var t typ
			if t, err = sch.typeOf(e); err == nil && t.many {
				err = fmt.Errorf("%s gives many values, want one", ck.Expr)
			}
			rt = t.t
		}
		if err != nil {
			c.add(f+".expr", "%v", err)
			return
		}
	default:
		var v any
		if err := json.Unmarshal(ck.Value, &v); err != nil {
			c.add(f+".value", "%v", err)
			return
		}
		if v != nil {
			rt = reflect.TypeOf(v)
		}
	}
	if msg := comparable(ck.Op, lt.t, rt); msg != "" {
		c.add(f, "%s %s: %s", ck.Path, ck.Op, msg)
	}
	if ck.Tolerance < 0 || (ck.Tolerance > 0 && ((ck.Op != "==" && ck.Op != "!=") || !isNumeric(lt.t))) {
		c.add(f+".tolerance", "%s: a tolerance is a positive number for == or != between numbers", show(ck.Tolerance))
	}
}

// comparable says why op cannot compare values of types l and r, or "".
func comparable(op string, l, r reflect.Type) string {
	unknown := func(t reflect.Type) bool { k := kindOf(t); return k == reflect.Invalid || k == reflect.Interface }
	switch {
	case op == "contains":
		switch kindOf(l) {
		case reflect.String:
			if !unknown(r) && kindOf(r) != reflect.String {
				return "text contains text, not " + kindName(r)
			}
		case reflect.Slice, reflect.Array, reflect.Invalid, reflect.Interface:
		default:
			return "contains needs text or a list on the left, not " + kindName(l)
		}
	case op == "==" || op == "!=":
		if !unknown(l) && !unknown(r) && kindName(l) != kindName(r) {
			return fmt.Sprintf("%s compared with %s", kindName(l), kindName(r))
		}
	default:
		if !isNumeric(l) || !isNumeric(r) {
			return fmt.Sprintf("orders numbers, not %s and %s", kindName(l), kindName(r))
		}
	}
	return ""
}

func text(c *fieldErrors, field, s string, limit int) {
	switch n := len([]rune(s)); {
	case strings.TrimSpace(s) == "":
		c.add(field, "is missing")
	case n > limit:
		c.add(field, "has %d characters, want at most %d", n, limit)
	case strings.Contains(s, "TODO"):
		c.add(field, "is not finished (it says TODO)")
	}
}

func isSlug(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

func viewNames() string {
	var names []string
	for _, v := range Views() {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }
