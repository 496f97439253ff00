package lessons

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"partitionlab/sim/scenario"
)

// A step's input is the document its controls change: the scenario of a
// simulation step, or the calculator's input. Changes are path=value
// strings, as the command line's --set writes them (Control.Set makes one).

// Scenario is the scenario a simulation step runs, defaults filled, with
// the learner's changes applied after the step's own sets.
func (s Step) Scenario(sets ...string) (scenario.Scenario, error) {
	r := s.ScenarioRef
	if r == nil {
		return scenario.Scenario{}, fmt.Errorf("this step runs no scenario: it is a %s step", s.Kind())
	}
	doc := []byte(r.Document)
	if r.Preset != "" {
		var err error
		if doc, err = scenario.PresetJSON(r.Preset); err != nil {
			return scenario.Scenario{}, err
		}
	}
	return scenario.ParseScenarioWithSets(doc, append(slices.Clone(r.Sets), sets...))
}

// ScenarioJSON is the scenario document for "try it yourself": the step's
// scenario with every field written out, ready for the full editor.
func (s Step) ScenarioJSON(sets ...string) ([]byte, error) {
	sc, err := s.Scenario(sets...)
	if err != nil {
		return nil, err
	}
	return scenario.MarshalScenario(sc), nil
}

// Input is the step's input document as JSON, with changes applied: the
// full scenario of a simulation step, or the calculator's input.
func (s Step) Input(sets ...string) ([]byte, error) {
	var in any
	var err error
	switch s.Kind() {
	case KindSimulate:
		return s.ScenarioJSON(sets...)
	case KindKeyTable:
		in, err = withSets(*s.KeyTable, sets)
	case KindMovedKeys:
		in, err = withSets(*s.MovedKeys, sets)
	case KindSizing:
		in, err = withSets(*s.Sizing, sets)
	default:
		return nil, errors.New("the step names no scenario or calculator")
	}
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(in, "", "  ")
}

// Value is the current value at path in the step's input, such as
// "consumer.concurrency": what a control shows before the learner moves it.
// For a scenario the engine refuses, it reads the step's own sets and
// the document as written.
func (s Step) Value(path string) (any, error) {
	doc, err := s.Input()
	if r := s.ScenarioRef; err != nil && r != nil {
		for i := len(r.Sets) - 1; i >= 0; i-- {
			if p, v, _ := strings.Cut(r.Sets[i], "="); p == path {
				return setText(v), nil
			}
		}
		if doc, err = r.Document, nil; r.Preset != "" {
			doc, err = scenario.PresetJSON(r.Preset)
		}
	}
	if err != nil {
		return nil, err
	}
	return lookup(doc, path)
}

// setText reads a --set value as the engine does: JSON when it parses
// (except null, which is also a key strategy's name), text otherwise.
func setText(v string) any {
	var x any
	if err := json.Unmarshal([]byte(v), &x); err != nil || x == nil {
		return v
	}
	return x
}

func lookup(doc []byte, path string) (any, error) {
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, err
	}
	e, err := parseExpr(path)
	if err != nil {
		return nil, err
	}
	p, ok := e.(pathExpr)
	if !ok {
		return nil, fmt.Errorf("%q is not a path", path)
	}
	items, err := scope{doc: m}.path(p)
	if err != nil {
		return nil, err
	}
	if len(items) != 1 {
		return nil, fmt.Errorf("%s names %d values, want one", path, len(items))
	}
	return items[0].v, nil
}

// Set is the change that gives the control this value, for Step.Run.
func (c Control) Set(v any) string {
	if s, ok := v.(string); ok {
		return c.Path + "=" + s
	}
	b, _ := json.Marshal(v)
	return c.Path + "=" + string(b)
}

// withSets applies path=value changes to a calculator's input. Only fields
// that exist can be changed; a value is taken as text where the field is
// text and as JSON elsewhere.
func withSets[T any](in T, sets []string) (T, error) {
	if len(sets) == 0 {
		return in, nil
	}
	var zero T
	b, _ := json.Marshal(in)
	var node any
	if err := json.Unmarshal(b, &node); err != nil {
		return zero, err
	}
	for _, set := range sets {
		path, value, ok := strings.Cut(set, "=")
		if !ok || path == "" {
			return zero, fmt.Errorf("%q: want path=value", set)
		}
		var err error
		if node, err = setValue(node, strings.Split(path, "."), value); err != nil {
			return zero, FieldErrors{{Field: path, Message: err.Error()}}
		}
	}
	b, _ = json.Marshal(node)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var out T
	if err := dec.Decode(&out); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return zero, FieldErrors{{Field: te.Field, Message: fmt.Sprintf("%s does not fit in %s", te.Value, te.Type)}}
		}
		return zero, err
	}
	return out, nil
}

func setValue(node any, parts []string, value string) (any, error) {
	if len(parts) == 0 {
		if _, text := node.(string); text {
			return value, nil
		}
		var v any
		if err := json.Unmarshal([]byte(value), &v); err != nil {
			return nil, fmt.Errorf("%q is not a JSON value", value)
		}
		return v, nil
	}
	switch n := node.(type) {
	case map[string]any:
		child, ok := n[parts[0]]
		if !ok {
			return nil, fmt.Errorf("no field %q here", parts[0])
		}
		v, err := setValue(child, parts[1:], value)
		n[parts[0]] = v
		return n, err
	case []any:
		i, err := strconv.Atoi(parts[0])
		if err != nil || i < 0 || i >= len(n) {
			return nil, fmt.Errorf("%q is not an index in 0..%d", parts[0], len(n)-1)
		}
		v, err := setValue(n[i], parts[1:], value)
		n[i] = v
		return n, err
	}
	return nil, fmt.Errorf("%q is inside a value that has no fields", parts[0])
}
