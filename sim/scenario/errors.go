package scenario

import (
	"fmt"
	"strings"
)

// FieldError is a problem with one field of a scenario. Field is the path a
// person would write, such as "producers[0].salting.buckets".
//
// Code names the message (see Messages) and Args fill its placeholders, so
// the app can say it in the reader's language; Message is the English
// text, the one the command line prints. Code and Args are left out of
// JSON, which stays as it was.
type FieldError struct {
	Field   string   `json:"field"`
	Message string   `json:"message"`
	Code    string   `json:"-"`
	Args    []MsgArg `json:"-"`
}

func (e FieldError) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// FieldErrors is every problem found in a scenario; nothing runs while there
// is one.
type FieldErrors []FieldError

func (es FieldErrors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// For returns the messages about one field, for showing next to it.
func (es FieldErrors) For(field string) []string {
	var out []string
	for _, e := range es {
		if e.Field == field {
			out = append(out, e.Message)
		}
	}
	return out
}

// checker collects field errors as validation walks a scenario.
type checker struct{ errs FieldErrors }

// add records the message code gives field (see messages.go).
func (c *checker) add(field, code string, args ...MsgArg) {
	c.errs = append(c.errs, newFieldError(field, code, args...))
}

func (c *checker) intIn(field string, v, lo, hi int) {
	if v < lo || v > hi {
		c.add(field, "range", argInt("value", v), argInt("min", lo), argInt("max", hi))
	}
}

func (c *checker) floatIn(field string, v, lo, hi float64) {
	if !(v >= lo && v <= hi) { // also refuses NaN
		c.add(field, "range", argFloat("value", v), argFloat("min", lo), argFloat("max", hi))
	}
}

func (c *checker) oneOf(field, v string, allowed ...string) {
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	c.add(field, "one_of", argQuoted("value", v), argText("allowed", strings.Join(allowed, ", ")))
}

func (c *checker) err() error {
	if len(c.errs) == 0 {
		return nil
	}
	return c.errs
}

// FormatFloat writes a scenario value as messages and timeline marks show
// it: the shortest form, without a trailing ".0".
func FormatFloat(f float64) string { return strings.TrimSuffix(fmt.Sprintf("%g", f), ".0") }
