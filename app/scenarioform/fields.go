package scenarioform

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of input a field needs.
type Kind int

// The kinds of input.
const (
	Text    Kind = iota // free text
	Int                 // a whole number
	Float               // a number
	Bool                // a checkbox
	Choice              // one of Options
	List                // words separated by commas (event types, assignors)
	IntList             // whole numbers separated by commas
	Present             // a checkbox that adds or removes an optional object
)

// Option is one choice of a Choice field.
type Option struct {
	Value string
	Label string
}

// Field is one input of the editor.
type Field struct {
	// Key is the field's path inside its section's item ("salting.buckets"),
	// or from the document's root for a section without items.
	Key   string
	Label string
	// Unit is what the number counts ("ms", "records"); empty for none.
	Unit string
	// Setting is the Kafka configuration (or API) the field stands for;
	// empty when it is the simulator's own knob (the workload, say).
	Setting string
	// Hint says in one line what the field changes.
	Hint    string
	Kind    Kind
	Options []Option
	// Show reports whether the field applies to the item; nil means always.
	Show func(item Values) bool
	// set, when not nil, replaces the plain assignment: a change that must
	// keep other fields consistent (a salted key needs its salting).
	set func(d *Doc, path, text string)
	// makeDefault builds the object a Present field adds.
	makeDefault func() any
}

// Values reads the fields of one item (a producer, an action) as text.
type Values func(key string) string

// Visible reports whether f applies, given the values of its item.
func (f Field) Visible(item Values) bool { return f.Show == nil || f.Show(item) }

// Display is the value at path as an input shows it.
func Display(d *Doc, path string) string { return textOf(d.Get(path)) }

func textOf(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = textOf(e)
		}
		return strings.Join(parts, ", ")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Checked reports whether a Bool field is on, or a Present field's object
// is there.
func (f Field) Checked(d *Doc, path string) bool {
	if f.Kind == Present {
		return d.Has(path)
	}
	b, _ := d.Get(path).(bool)
	return b
}

// Set stores what the person typed (or chose) into the field at path.
// Numbers are kept as typed when they are numbers and as text otherwise,
// so the engine can say "must be a number, not "12x"" next to the field.
func (f Field) Set(d *Doc, path, text string) {
	if f.set != nil {
		f.set(d, path, text)
		return
	}
	d.Set(path, f.value(text))
}

// SetChecked turns a Bool field on or off, or adds or removes a Present
// field's object.
func (f Field) SetChecked(d *Doc, path string, on bool) {
	switch {
	case f.Kind != Present:
		d.Set(path, on)
	case on && !d.Has(path):
		d.Set(path, f.makeDefault())
	case !on:
		d.Delete(path)
	}
}

func (f Field) value(text string) any {
	switch f.Kind {
	case Int, Float:
		return numberOrText(text)
	case List, IntList:
		var out []any
		for _, part := range strings.Split(text, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if f.Kind == IntList {
				out = append(out, numberOrText(part))
			} else {
				out = append(out, part)
			}
		}
		if out == nil {
			out = []any{}
		}
		return out
	}
	return text
}

// numberOrText keeps a valid JSON number exactly as typed ("1.50" stays
// "1.50"), and anything else as text for the engine to refuse.
func numberOrText(text string) any {
	t := strings.TrimSpace(text)
	if json.Valid([]byte(t)) {
		if _, err := strconv.ParseFloat(t, 64); err == nil {
			return json.Number(t)
		}
	}
	return t
}

// Describe is the line under an input: the Kafka setting, the unit and the
// hint, e.g. "max.poll.records · records — how many records one poll()
// returns at most."
func (f Field) Describe() string {
	var parts []string
	if f.Setting != "" {
		parts = append(parts, f.Setting)
	}
	if f.Unit != "" {
		parts = append(parts, f.Unit)
	}
	head := strings.Join(parts, " · ")
	switch {
	case head == "":
		return f.Hint
	case f.Hint == "":
		return head
	}
	return fmt.Sprintf("%s — %s", head, f.Hint)
}

// Section is a group of fields: fixed ones (Topic, Workload) or one set per
// item of a list (Producers, Timeline).
type Section struct {
	ID    string
	Title string
	Intro string
	// Array, when set, names the list the section edits ("producers").
	Array  string
	Fields []Field
	// Open says whether the section starts unfolded.
	Open bool
}

// Path is the document path of field f of item i (i is ignored for a
// section without items).
func (s Section) Path(f Field, i int) string {
	if s.Array == "" {
		return f.Key
	}
	return Join(Item(s.Array, i), f.Key)
}

// ItemValues reads the fields of item i (or of the document for a section
// without items), for Field.Show.
func (s Section) ItemValues(d *Doc, i int) Values {
	return func(key string) string {
		if s.Array == "" {
			return Display(d, key)
		}
		return Display(d, Join(Item(s.Array, i), key))
	}
}

// Items is how many items the section shows (1 for fixed fields).
func (s Section) Items(d *Doc) int {
	if s.Array == "" {
		return 1
	}
	return d.Len(s.Array)
}

// Sections lists the editor's sections in the order people fill them in.
func Sections() []Section {
	return []Section{runSection(), topicSection(), workloadSection(), producersSection(),
		consumersSection(), groupSection(), timelineSection()}
}

func is(key string, values ...string) func(Values) bool {
	return func(item Values) bool {
		v := item(key)
		for _, w := range values {
			if v == w {
				return true
			}
		}
		return false
	}
}

func options(values ...string) []Option {
	out := make([]Option, len(values))
	for i, v := range values {
		out[i] = Option{Value: v, Label: v}
	}
	return out
}
