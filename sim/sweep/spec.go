package sweep

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
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
	step := big.NewRat(1, 1)
	if hasStep {
		if step, problem = decimal(stepText, "step"); problem != "" {
			return nil, problem
		}
		if step.Sign() <= 0 {
			return nil, fmt.Sprintf("the step %s is not above 0", strings.TrimSpace(stepText))
		}
	} else {
		for _, b := range []struct {
			text string
			v    *big.Rat
		}{{fromText, from}, {toText, to}} {
			if !b.v.IsInt() {
				return nil, fmt.Sprintf("%s is not a whole number (a..b counts in steps of 1; give a step, as a..b:0.5)", strings.TrimSpace(b.text))
			}
		}
	}
	if from.Cmp(to) > 0 {
		return nil, fmt.Sprintf("from %s is above to %s; want a..b with a ≤ b", strings.TrimSpace(fromText), strings.TrimSpace(toText))
	}
	// n = floor((to-from)/step) + 1, computed exactly.
	q := new(big.Rat).Quo(new(big.Rat).Sub(to, from), step)
	n := new(big.Int).Quo(q.Num(), q.Denom())
	n.Add(n, big.NewInt(1))
	if !n.IsInt64() || n.Int64() > MaxValues {
		return nil, fmt.Sprintf("gives %s values; a setting takes at most %d", n, MaxValues)
	}
	places := max(decimalPlaces(from), decimalPlaces(step))
	out := make([]Value, n.Int64())
	v := new(big.Rat).Set(from)
	for i := range out {
		out[i] = Value(formatDecimal(v, places))
		v.Add(v, step)
	}
	return out, ""
}

// decimal reads one number of a range; what names it in the message.
func decimal(text, what string) (*big.Rat, string) {
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, fmt.Sprintf("the range has no %q value; want %s", what, specForms)
	}
	if !Value(t).Number() {
		return nil, fmt.Sprintf("%q is not a number", t)
	}
	// big.Rat would work out 1e999999999 digit by digit.
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		if e, err := strconv.Atoi(t[i+1:]); err != nil || e > 30 || e < -30 {
			return nil, fmt.Sprintf("%s is beyond what a range counts (exponents -30..30)", t)
		}
	}
	r, ok := new(big.Rat).SetString(t)
	if !ok {
		return nil, fmt.Sprintf("%q is not a number", t)
	}
	if decimalPlaces(r) > maxPlaces {
		return nil, fmt.Sprintf("%s has more than %d decimal places", t, maxPlaces)
	}
	return r, ""
}

// maxPlaces is the most decimal places a range's numbers have: more than
// any setting needs.
const maxPlaces = 12

// decimalPlaces is how many decimal places write r exactly, or
// maxPlaces+1 when it takes more.
func decimalPlaces(r *big.Rat) int {
	x := new(big.Rat).Set(r)
	ten := big.NewRat(10, 1)
	for d := 0; d <= maxPlaces; d++ {
		if x.IsInt() {
			return d
		}
		x.Mul(x, ten)
	}
	return maxPlaces + 1
}

// formatDecimal writes r with places decimals, without trailing zeros.
func formatDecimal(r *big.Rat, places int) string {
	s := r.FloatString(places)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
