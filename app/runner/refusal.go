package runner

import (
	"errors"

	"partitionlab/sim/scenario"
)

// Refusal is a field error of the engine as it crosses from the worker to
// the page: its code and arguments, which the page words in its language
// (a FieldError's Code and Args do not cross as JSON).
type Refusal struct {
	Field string            `json:"field"`
	Code  string            `json:"code"`
	Args  []scenario.MsgArg `json:"args"`
}

// refusalOf is err's first field error as a Refusal, or nil when err is
// not a scenario.FieldErrors.
func refusalOf(err error) *Refusal {
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) || len(fe) == 0 {
		return nil
	}
	return &Refusal{Field: fe[0].Field, Code: fe[0].Code, Args: fe[0].Args}
}

// Errors is the refusal as the engine's error again, nil for none.
func (r *Refusal) Errors() error {
	if r == nil {
		return nil
	}
	return scenario.FieldErrors{scenario.FieldErrorOf(r.Field, r.Code, r.Args)}
}
