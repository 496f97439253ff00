package lessons

import (
	"fmt"
	"strings"

	"partitionlab/sim/scenario"
)

// FieldError is a problem with one field of a lesson file or of a step's
// input. Field is the path a person would look for, such as
// "steps[1].checks[0].path".
type FieldError struct {
	File    string `json:"file,omitempty"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e FieldError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File + ": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// FieldErrors is every problem found; a lesson with one does not load.
type FieldErrors []FieldError

func (es FieldErrors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// fieldErrors collects problems as validation walks a lesson.
type fieldErrors struct{ list FieldErrors }

func (c *fieldErrors) add(field, format string, args ...any) {
	c.list = append(c.list, FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
}

// addErr files err under field: a FieldErrors from a step's input or the
// engine keeps its own field names, prefixed.
func (c *fieldErrors) addErr(field string, err error) {
	switch e := err.(type) {
	case nil:
	case scenario.FieldErrors:
		for _, fe := range e {
			c.list = append(c.list, FieldError{Field: joinField(field, fe.Field), Message: fe.Message})
		}
	case FieldErrors:
		for _, fe := range e {
			c.list = append(c.list, FieldError{Field: joinField(field, fe.Field), Message: fe.Message})
		}
	default:
		c.add(field, "%v", err)
	}
}

func (c *fieldErrors) err() error {
	if len(c.list) == 0 {
		return nil
	}
	return c.list
}

func joinField(prefix, field string) string {
	switch {
	case prefix == "":
		return field
	case field == "":
		return prefix
	}
	return prefix + "." + field
}
