package sweep

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"partitionlab/sim/scenario"
)

// MaxValues is the most values one setting takes in a sweep, and
// MaxPoints the most points (values, or pairs of values for two settings).
const (
	MaxValues = 100
	MaxPoints = 400
)

// specForms names the forms a SPEC takes, for the messages.
const specForms = "a..b, a..b:step or a list a,b,c"

// Axis is one setting a sweep varies: its path, as --set writes it
// (topic.partitions, producers.0.salting.buckets), and its values in the
// order given.
type Axis struct {
	Path   string  `json:"path"`
	Values []Value `json:"values"`
}

// Value is one value of a setting, as written: a number ("12", "0.25") or
// a word ("java", "order_id"). It is given to the scenario as --set gives
// a value: JSON when it reads as JSON, a string otherwise.
type Value string

// Number says the value is written as a JSON number.
func (v Value) Number() bool {
	s := string(v)
	return s != "" && (s[0] == '-' || s[0] >= '0' && s[0] <= '9') && json.Valid([]byte(s))
}

// MarshalJSON writes a number as a number and a word as a string.
func (v Value) MarshalJSON() ([]byte, error) {
	if v.Number() {
		return []byte(v), nil
	}
	return json.Marshal(string(v))
}

// UnmarshalJSON reads a number or a string.
func (v *Value) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*v = Value(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("a value is a number or a string, not %s", b)
	}
	*v = Value(n)
	return nil
}

// SpecError is a --vary argument that cannot be read: it names the
// setting, the SPEC as written and what is wrong with it.
type SpecError struct {
	Path, Spec, Problem string
}

func (e *SpecError) Error() string {
	if e.Path == "" && e.Spec == "" {
		return e.Problem
	}
	return fmt.Sprintf("%s=%s: %s", e.Path, e.Spec, e.Problem)
}

// ParseVary reads PATH=SPEC, where SPEC is a..b (whole numbers, step 1),
// a..b:step (any numbers) or a list a,b,c (numbers or words). A doubling
// series is a list: 6,12,24,48. A common setting's path alone takes its
// values (see CommonSettings).
func ParseVary(arg string) (Axis, error) {
	path, spec, ok := strings.Cut(arg, "=")
	path = strings.TrimSpace(path)
	if !ok && commonSpec(path) != "" {
		spec = commonSpec(path)
	} else if !ok || path == "" {
		return Axis{}, &SpecError{Problem: fmt.Sprintf("%q: want PATH=SPEC, such as topic.partitions=6..24:6 (SPEC is %s), or a common setting's path alone (%s)",
			arg, specForms, commonPaths())}
	}
	fail := func(format string, args ...any) (Axis, error) {
		return Axis{}, &SpecError{Path: path, Spec: spec, Problem: fmt.Sprintf(format, args...)}
	}
	if strings.ContainsAny(path, " \t=") {
		return fail("%q is not a setting's path (a path is dotted, as topic.partitions or producers.0.key)", path)
	}
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return fail("no values; want %s", specForms)
	}
	var values []Value
	var problem string
	if strings.Contains(spec, "..") {
		values, problem = parseRange(spec)
	} else {
		values, problem = parseList(spec)
	}
	if problem != "" {
		return fail("%s", problem)
	}
	return Axis{Path: path, Values: values}, nil
}

// parseList reads a,b,c.
func parseList(spec string) ([]Value, string) {
	items := strings.Split(spec, ",")
	if len(items) > MaxValues {
		return nil, fmt.Sprintf("%d values; a setting takes at most %d", len(items), MaxValues)
	}
	seen := map[string]bool{}
	var out []Value
	for i, it := range items {
		it = strings.TrimSpace(it)
		switch {
		case it == "":
			return nil, fmt.Sprintf("value %d of the list is empty; want %s", i+1, specForms)
		case strings.Contains(it, ":"):
			return nil, fmt.Sprintf("%q: a step belongs to a range (a..b:step), not to a list", it)
		case seen[it]:
			return nil, fmt.Sprintf("%s is given twice", it)
		}
		seen[it] = true
		out = append(out, Value(it))
	}
	return out, ""
}

// parseRange reads a..b and a..b:step exactly (0.1..0.9:0.1 gives 0.1,
// 0.2, ... 0.9, not 0.30000000000000004).
func parseRange(spec string) ([]Value, string) {
	bounds, stepText, hasStep := strings.Cut(spec, ":")
	fromText, toText, _ := strings.Cut(bounds, "..")
	if strings.Contains(toText, "..") || strings.Contains(spec, ",") {
		return nil, fmt.Sprintf("%q mixes a range with something else; want %s", spec, specForms)
	}
	from, problem := decimal(fromText, "from")
	if problem != "" {
		return nil, problem
	}
	to, problem := decimal(toText, "to")
	if problem != "" {
		return nil, problem
	}
	step := number{n: fixedOf(false, "1", 0)}
	places := from.places
	if hasStep {
		if step, problem = decimal(stepText, "step"); problem != "" {
			return nil, problem
		}
		if step.n.negative() || step.n.zero() {
			return nil, fmt.Sprintf("the step %s is not above 0", strings.TrimSpace(stepText))
		}
		places = max(places, step.places)
	} else {
		for _, b := range []struct {
			text string
			v    number
		}{{fromText, from}, {toText, to}} {
			if b.v.places > 0 {
				return nil, fmt.Sprintf("%s is not a whole number (a..b counts in steps of 1; give a step, as a..b:0.5)", strings.TrimSpace(b.text))
			}
		}
	}
	if from.n.cmp(to.n) > 0 {
		return nil, fmt.Sprintf("from %s is above to %s; want a..b with a ≤ b", strings.TrimSpace(fromText), strings.TrimSpace(toText))
	}
	// n = floor((to-from)/step) + 1, computed exactly.
	n := to.n.sub(from.n).quo(step.n).add(fixed{1}) // a count, not in units of 10^-maxPlaces
	if n.cmp(fixed{MaxValues}) > 0 {
		return nil, fmt.Sprintf("gives %s values; a setting takes at most %d", n.digits(), MaxValues)
	}
	count := int(n[0])
	out := make([]Value, count)
	v := from.n
	for i := range out {
		out[i] = Value(v.format(places))
		v = v.add(step.n)
	}
	return out, ""
}

// number is one number of a range: its value and how many decimal places
// write it.
type number struct {
	n      fixed
	places int
}

// decimal reads one number of a range; what names it in the message.
func decimal(text, what string) (number, string) {
	t := strings.TrimSpace(text)
	if t == "" {
		return number{}, fmt.Sprintf("the range has no %q value; want %s", what, specForms)
	}
	d, ok := scenario.ParseDecimal(t)
	if !ok {
		return number{}, fmt.Sprintf("%q is not a number", t)
	}
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		if e, err := strconv.Atoi(t[i+1:]); err != nil || e > 30 || e < -30 {
			return number{}, fmt.Sprintf("%s is beyond what a range counts (exponents -30..30)", t)
		}
	}
	if d.Places() > maxPlaces {
		return number{}, fmt.Sprintf("%s has more than %d decimal places", t, maxPlaces)
	}
	if d.IntDigits() > maxIntDigits {
		return number{}, fmt.Sprintf("%s is beyond what a range counts (at most %d digits before the point)", t, maxIntDigits)
	}
	return number{n: fixedOf(d.Neg, d.Digits, d.Exp), places: int(d.Places())}, ""
}

// maxPlaces is the most decimal places a range's numbers have: more than
// any setting needs.
const maxPlaces = 12
