package lessons

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
)

// CheckOutcome is a check held against an output, with a message a person
// can read: "expected load.hottest_share ≥ 0.4, got 0.31".
type CheckOutcome struct {
	Check  Check
	Passed bool
	// Got is the value the path found (a list when it has a *); nil when
	// it could not be evaluated.
	Got     any
	Message string
	// Measure is Message in parts, for a page in another language.
	Measure Measure
}

// Ops are the comparison operators a check may use.
func Ops() []string { return []string{"==", "!=", "<", "<=", ">", ">=", "contains"} }

func opSymbol(op string) string {
	switch op {
	case "==":
		return "="
	case "!=":
		return "≠"
	case "<=":
		return "≤"
	case ">=":
		return "≥"
	}
	return op
}

// Evaluate holds each of the step's checks against its output. earlier are
// the outputs of the steps before it, in order, for checks that compare
// with them (step1.load.max_over_mean); an entry may be nil for a step that
// was not run, as long as no check names it (see References).
func (s Step) Evaluate(out *Output, earlier []*Output) []CheckOutcome {
	sc := scope{doc: out.doc}
	for _, e := range earlier {
		var d map[string]any
		if e != nil {
			d = e.doc
		}
		sc.earlier = append(sc.earlier, d)
	}
	res := make([]CheckOutcome, len(s.Checks))
	for i, c := range s.Checks {
		res[i] = c.evaluate(sc)
	}
	return res
}

func (c Check) evaluate(sc scope) CheckOutcome {
	o := CheckOutcome{Check: c}
	done := func(m Measure) CheckOutcome {
		m.Path = c.Path
		o.Measure, o.Message = m, m.String()
		return o
	}
	fail := func(format string, args ...any) CheckOutcome {
		return done(Measure{Result: Unchecked, Rel: opSymbol(c.Op), Detail: fmt.Sprintf(format, args...)})
	}
	lhs, err := parseExpr(c.Path)
	if err != nil {
		return fail("%v", err)
	}
	got, err := sc.eval(lhs)
	if err != nil {
		return fail("%v", err)
	}
	if len(got) == 0 {
		o := fail("%s found no values", c.Path)
		o.Measure.NoValues = true
		return o
	}
	want, wantText, err := c.want(sc)
	if err != nil {
		return fail("%v", err)
	}
	many := hasWildcard(lhs)
	rel := opSymbol(c.Op) + " " + wantText
	if c.Tolerance > 0 {
		rel += " ± " + show(c.Tolerance)
	}
	values := make([]any, len(got))
	for i, g := range got {
		values[i] = g.v
	}
	if many {
		o.Got = values
	} else {
		o.Got = values[0]
	}
	for _, g := range got {
		if ok, why := compare(g.v, c.Op, want, c.Tolerance); !ok {
			m := Measure{Result: NotHeld, Every: many, Rel: rel, Got: show(g.v), Why: why}
			if many {
				m.At = g.at
			}
			if why == ReasonUnknownOp {
				m.Detail = c.Op
			}
			return done(m)
		}
	}
	o.Passed = true
	if many {
		shown, all := showSome(values)
		m := Measure{Result: Held, Every: true, Rel: rel, Got: strings.Join(shown, ", "), Shown: shown}
		if all > 0 {
			m.All = all
			m.Got += fmt.Sprintf(", … (%d in all)", all)
		}
		return done(m)
	}
	return done(Measure{Result: Held, Rel: rel, Got: show(values[0])})
}

// want is the value to compare with and how to write it: the JSON value,
// or the expression with what it came to.
func (c Check) want(sc scope) (any, string, error) {
	if c.Expr == "" {
		var v any
		if err := json.Unmarshal(c.Value, &v); err != nil {
			return nil, "", fmt.Errorf("value: %v", err)
		}
		return v, show(v), nil
	}
	e, err := parseExpr(c.Expr)
	if err != nil {
		return nil, "", err
	}
	items, err := sc.eval(e)
	if err != nil {
		return nil, "", err
	}
	if len(items) != 1 {
		return nil, "", fmt.Errorf("%s gives %d values, want one", c.Expr, len(items))
	}
	if _, isLit := e.(numberLit); isLit {
		return items[0].v, show(items[0].v), nil
	}
	return items[0].v, fmt.Sprintf("%s (= %s)", c.Expr, show(items[0].v)), nil
}

// compare holds one value against the check; why gives a reason when the
// value is not even comparable.
func compare(got any, op string, want any, tol float64) (ok bool, why Reason) {
	switch op {
	case "==":
		return equal(got, want, tol), ReasonNone
	case "!=":
		return !equal(got, want, tol), ReasonNone
	case "contains":
		switch g := got.(type) {
		case string:
			w, isText := want.(string)
			return isText && strings.Contains(g, w), ReasonNone
		case []any:
			for _, x := range g {
				if equal(x, want, 0) {
					return true, ReasonNone
				}
			}
			return false, ReasonNone
		}
		return false, ReasonNotTextOrList
	}
	g, ok1 := got.(float64)
	w, ok2 := want.(float64)
	if !ok1 || !ok2 {
		return false, ReasonNotNumber
	}
	switch op {
	case "<":
		return g < w, ReasonNone
	case "<=":
		return g <= w, ReasonNone
	case ">":
		return g > w, ReasonNone
	case ">=":
		return g >= w, ReasonNone
	}
	return false, ReasonUnknownOp
}

func equal(a, b any, tol float64) bool {
	x, ok1 := a.(float64)
	y, ok2 := b.(float64)
	if ok1 && ok2 {
		return math.Abs(x-y) <= tol
	}
	return reflect.DeepEqual(a, b)
}

// References lists, in order, the earlier steps (counted from 1) whose
// outputs the step's checks compare with: a page that opens on this step
// must run those first.
func (s Step) References() []int {
	seen := map[int]bool{}
	var walk func(e expr)
	walk = func(e expr) {
		switch e := e.(type) {
		case negation:
			walk(e.x)
		case binaryOp:
			walk(e.l)
			walk(e.r)
		case call:
			walk(e.arg)
		case pathExpr:
			if n, ok := stepRef(e.root); ok {
				seen[n] = true
			}
			for _, seg := range e.segs {
				if seg.inner != nil {
					walk(seg.inner)
				}
			}
		}
	}
	for _, c := range s.Checks {
		for _, src := range []string{c.Path, c.Expr} {
			if e, err := parseExpr(src); err == nil {
				walk(e)
			}
		}
	}
	var refs []int
	for n := range seen {
		refs = append(refs, n)
	}
	slices.Sort(refs)
	return refs
}

func hasWildcard(e expr) bool {
	switch e := e.(type) {
	case pathExpr:
		for _, s := range e.segs {
			if s.wild {
				return true
			}
		}
	case call:
		return e.fn != "sum" && e.fn != "min" && e.fn != "max" && hasWildcard(e.arg)
	}
	return false
}

// showSome writes up to six values, so a message stays one line, and how
// many there are when it leaves some out (0 when it shows them all).
func showSome(values []any) (shown []string, all int) {
	for i, v := range values {
		if i == 6 {
			return shown, len(values)
		}
		shown = append(shown, show(v))
	}
	return shown, 0
}
