package sweepclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"partitionlab/sim/sweep"
)

// Field names of the form, for the errors shown next to each field.
const (
	FieldSeeds = "seeds"
	FieldScope = "scope"
)

// FieldVary and FieldRequire name the form's i-th setting and
// requirement.
func FieldVary(i int) string    { return "vary." + strconv.Itoa(i) }
func FieldRequire(i int) string { return "require." + strconv.Itoa(i) }

// FieldError is what is wrong with one field of the form, in the
// library's words (they name the setting, the value and the allowed
// range).
type FieldError struct {
	Field, Message string
}

// Definition makes the sweep of the scenario document doc from the form,
// or says what is wrong with each field. The sweep's own checks (its
// points' scenarios, the work) are sweep.NewPlan's.
func (f Form) Definition(doc json.RawMessage) (sweep.Definition, []FieldError) {
	def := sweep.Definition{Scenario: doc, Seeds: f.Seeds, Scope: f.Scope}
	var errs []FieldError
	for i, v := range f.Vary {
		arg := v.Path
		if v.Spec != "" {
			arg = v.String()
		}
		a, err := sweep.ParseVary(arg)
		if err != nil {
			errs = append(errs, FieldError{FieldVary(i), err.Error()})
			continue
		}
		if i == 1 && len(def.Vary) == 1 && a.Path == def.Vary[0].Path {
			errs = append(errs, FieldError{FieldVary(i), fmt.Sprintf("%s: the same setting twice; vary two different settings", a.Path)})
			continue
		}
		def.Vary = append(def.Vary, a)
	}
	if len(f.Vary) == 0 || len(f.Vary) > 2 {
		errs = append(errs, FieldError{FieldVary(0), fmt.Sprintf("vary: %d settings; a sweep varies 1 or 2", len(f.Vary))})
	}
	if f.Seeds < 1 || f.Seeds > sweep.MaxSeeds {
		errs = append(errs, FieldError{FieldSeeds, fmt.Sprintf("seeds: %d is not in 1..%d", f.Seeds, sweep.MaxSeeds)})
	}
	for i, r := range f.Require {
		q, err := sweep.ParseRequirement(r)
		if err != nil {
			errs = append(errs, FieldError{FieldRequire(i), err.Error()})
			continue
		}
		def.Require = append(def.Require, q)
	}
	if s := f.Scope; s != "" && s != "order" && s != "customer" && s != "key" {
		errs = append(errs, FieldError{FieldScope, fmt.Sprintf("scope: %q is not one of order, customer, key", s)})
	}
	return def, errs
}

// Problems are the lines of a sweep the library refused (an
// *sweep.InputError), or the error's text.
func Problems(err error) []string {
	var in *sweep.InputError
	if errors.As(err, &in) {
		return in.Problems
	}
	return []string{err.Error()}
}
