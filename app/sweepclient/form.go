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

// FieldError is what is wrong with one field of the form. Code says
// which problem it is, for the page to say in its language with Args;
// Message is the library's English (it names the setting, the value and
// the allowed range), the one the page shows for CodeSpec and CodeRequire.
type FieldError struct {
	Field, Code, Message string
	Args                 map[string]string
}

// Codes of the form's errors.
const (
	CodeSpec     = "spec"     // a setting's values cannot be read (sweep.ParseVary)
	CodeRequire  = "require"  // a requirement cannot be read (sweep.ParseRequirement)
	CodeTwice    = "twice"    // the same setting varies twice: path
	CodeSettings = "settings" // not 1 or 2 settings: count
	CodeSeeds    = "seeds"    // seeds out of range: seeds, max
	CodeScope    = "scope"    // an unknown scope: scope
)

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
			errs = append(errs, FieldError{Field: FieldVary(i), Code: CodeSpec, Message: err.Error()})
			continue
		}
		if i == 1 && len(def.Vary) == 1 && a.Path == def.Vary[0].Path {
			errs = append(errs, FieldError{Field: FieldVary(i), Code: CodeTwice, Message: fmt.Errorf("%s: the same setting twice; vary two different settings", a.Path).Error(),
				Args: map[string]string{"path": a.Path}})
			continue
		}
		def.Vary = append(def.Vary, a)
	}
	if len(f.Vary) == 0 || len(f.Vary) > 2 {
		errs = append(errs, FieldError{Field: FieldVary(0), Code: CodeSettings, Message: fmt.Errorf("vary: %d settings; a sweep varies 1 or 2", len(f.Vary)).Error(),
			Args: map[string]string{"settings": strconv.Itoa(len(f.Vary))}})
	}
	if f.Seeds < 1 || f.Seeds > sweep.MaxSeeds {
		errs = append(errs, FieldError{Field: FieldSeeds, Code: CodeSeeds, Message: fmt.Errorf("seeds: %d is not in 1..%d", f.Seeds, sweep.MaxSeeds).Error(),
			Args: map[string]string{"seeds": strconv.Itoa(f.Seeds), "max": strconv.Itoa(sweep.MaxSeeds)}})
	}
	for i, r := range f.Require {
		q, err := sweep.ParseRequirement(r)
		if err != nil {
			errs = append(errs, FieldError{Field: FieldRequire(i), Code: CodeRequire, Message: err.Error()})
			continue
		}
		def.Require = append(def.Require, q)
	}
	if s := f.Scope; s != "" && s != "order" && s != "customer" && s != "key" {
		errs = append(errs, FieldError{Field: FieldScope, Code: CodeScope, Message: fmt.Errorf("scope: %q is not one of order, customer, key", s).Error(),
			Args: map[string]string{"scope": strconv.Quote(s)}})
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
