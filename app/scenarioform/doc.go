// Package scenarioform describes the scenario editor: every field a person
// can change, grouped the way Kafka people think (topic, workload,
// producers, consumers, group, timeline), each with its label, unit, the
// Kafka setting it stands for and a one-line hint; and the document being
// edited, kept as typed so an invalid value stays on screen with the
// engine's message next to it.
//
// scenarioform is plain Go with no UI: it must never import go-app (or
// net/http), so it tests natively and under node.
package scenarioform

import (
	"bytes"
	"encoding/json"
	"fmt"

	"partitionlab/sim/scenario"
)

// Doc is a scenario document being edited, as generic JSON: objects,
// arrays, json.Number for numbers as typed, strings and booleans. A field
// may hold a value the engine refuses (a number typed as "abc" stays a
// string); Scenario reports it with the field's path.
type Doc struct {
	root map[string]any
}

// FromScenario is the complete document of sc, defaults filled, so every
// field of the editor has a value to show.
func FromScenario(sc scenario.Scenario) *Doc {
	return &Doc{root: tree(scenario.MarshalScenario(sc))}
}

// ParseDoc reads a scenario document (a file, a paste, a link) and fills
// every field it leaves out from the defaults, as the engine does. It fails
// only when the text is not a JSON object; wrong values are kept, for the
// engine to explain.
func ParseDoc(b []byte) (*Doc, error) {
	if len(b) > scenario.MaxDocumentBytes {
		return nil, fmt.Errorf("the scenario is %d bytes, more than the %d a scenario may have", len(b), scenario.MaxDocumentBytes)
	}
	m, err := scenario.DecodeObject(b)
	if err != nil {
		return nil, fmt.Errorf("the scenario: %w", err)
	}
	return &Doc{root: withDefaults(m)}, nil
}

// JSON is the document as the engine reads it.
func (d *Doc) JSON() []byte {
	b, _ := json.Marshal(d.root)
	return b
}

// Scenario asks the engine to read the document: the scenario to run, or
// scenario.FieldErrors naming each field that is wrong. The editor runs in the
// browser, so the work budget is the browser's (scenario.BrowserLimits): a
// scenario with too much work names the browser's limit, not the command
// line's.
func (d *Doc) Scenario() (scenario.Scenario, error) {
	return scenario.ParseScenarioWithin(d.JSON(), nil, scenario.BrowserLimits())
}

// Clone is an independent copy.
func (d *Doc) Clone() *Doc { return &Doc{root: tree(d.JSON())} }

// Get is the value at path (see ParsePath), or nil when there is none.
func (d *Doc) Get(path string) any {
	var node any = d.root
	for _, s := range ParsePath(path) {
		node = s.get(node)
		if node == nil {
			return nil
		}
	}
	return node
}

// Set puts v at path, creating the objects on the way. An index may be the
// array's length, which appends. A path of no steps ("", ".") names the
// document itself, which only an object may replace.
func (d *Doc) Set(path string, v any) {
	if m, ok := setIn(d.root, ParsePath(path), v).(map[string]any); ok {
		d.root = m
	}
}

// Delete removes the field at path (an object field or an array element).
func (d *Doc) Delete(path string) {
	segs := ParsePath(path)
	if len(segs) == 0 {
		return
	}
	parentPath, last := segs[:len(segs)-1], segs[len(segs)-1]
	var parent any = d.root
	for _, s := range parentPath {
		if parent = s.get(parent); parent == nil {
			return
		}
	}
	switch p := parent.(type) {
	case map[string]any:
		delete(p, last.key)
	case []any:
		if last.index >= 0 && last.index < len(p) {
			d.Set(pathString(parentPath), append(p[:last.index:last.index], p[last.index+1:]...))
		}
	}
}

// Len is the length of the array at path (0 when there is none).
func (d *Doc) Len(path string) int {
	a, _ := d.Get(path).([]any)
	return len(a)
}

// Has reports whether path holds a value.
func (d *Doc) Has(path string) bool { return d.Get(path) != nil }

func setIn(node any, segs []segment, v any) any {
	if len(segs) == 0 {
		return v
	}
	s := segs[0]
	if s.index < 0 {
		m, ok := node.(map[string]any)
		if !ok {
			m = map[string]any{}
		}
		m[s.key] = setIn(m[s.key], segs[1:], v)
		return m
	}
	a, _ := node.([]any)
	switch {
	case s.index < len(a):
		a[s.index] = setIn(a[s.index], segs[1:], v)
	case s.index == len(a):
		a = append(a, setIn(nil, segs[1:], v))
	}
	return a
}

// tree decodes JSON keeping numbers as written.
func tree(b []byte) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	dec.Decode(&m)
	return m
}
