package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// ParseScenario reads a scenario document, fills the defaults of every field
// it leaves out and validates the result. Unknown fields and values of the
// wrong JSON type are reported with their path, like range errors.
func ParseScenario(data []byte) (Scenario, error) {
	sc, nums, err := withDefaults(data)
	if err != nil {
		return Scenario{}, err
	}
	return sc, nums.explain(Validate(sc))
}

// withDefaults decodes a shape-checked document over the defaults, without
// validating the values. The numbers checkShape rewrote are the second
// result, whose explain puts them back into validation's messages.
func withDefaults(data []byte) (Scenario, rewritten, error) {
	raw, err := decodeRaw(data)
	if err != nil {
		return Scenario{}, nil, err
	}
	var c shapeChecker
	checkShape(&c, raw, reflect.TypeOf(Scenario{}), "")
	if err := c.err(); err != nil {
		return Scenario{}, nil, err
	}
	sc, err := fromRaw(raw)
	emptyListsAsAbsent(&sc)
	return sc, c.rewritten, err
}

// emptyListsAsAbsent makes an empty list the same as no list ("timeline":
// [] and no timeline mean one thing): the lists MarshalScenario leaves out
// when empty are nil, so a scenario read back from its own document is the
// scenario it was (FuzzParseScenario found "timeline": [] did not).
func emptyListsAsAbsent(sc *Scenario) {
	if len(sc.Timeline) == 0 {
		sc.Timeline = nil
	}
	for i := range sc.Timeline {
		if len(sc.Timeline[i].Assignors) == 0 {
			sc.Timeline[i].Assignors = nil
		}
	}
	for i := range sc.Producers {
		if len(sc.Producers[i].Events) == 0 {
			sc.Producers[i].Events = nil
		}
	}
}

// DecodeStrict decodes a JSON document into v (a pointer) as encoding/json
// does, after checking it against v's type: an unknown field or a value of
// the wrong JSON type is a FieldError naming its path. Every JSON format
// Partition Lab reads goes through this check (scenarios, lesson files).
func DecodeStrict(data []byte, v any) error {
	raw, err := decodeRaw(data)
	if err != nil {
		return err
	}
	var c shapeChecker
	checkShape(&c, raw, reflect.TypeOf(v).Elem(), "")
	if err := c.err(); err != nil {
		return err
	}
	if err := c.rewritten.explain(nil); err != nil {
		return err
	}
	return remarshal(raw, v)
}

// fromRaw decodes a shape-checked document over the defaults. Array
// elements (producers, timeline actions) each start from their own default.
func fromRaw(raw any) (Scenario, error) {
	m := raw.(map[string]any)
	sc := DefaultScenario()
	if err := remarshal(m, &sc); err != nil {
		return Scenario{}, err
	}
	if ps, ok := m["producers"].([]any); ok {
		sc.Producers = make([]Producer, len(ps))
		for i, p := range ps {
			sc.Producers[i] = DefaultProducer()
			if err := remarshal(p, &sc.Producers[i]); err != nil {
				return Scenario{}, err
			}
			if s := sc.Producers[i].Salting; s != nil {
				d := DefaultSalting()
				remarshal(p.(map[string]any)["salting"], &d)
				*s = d
			}
		}
	}
	return sc, nil
}

func remarshal(v any, into any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, into); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return FieldErrors{newFieldError(te.Field, "shape.type", argText("value", te.Value), argText("type", te.Type.String()))}
		}
		return FieldErrors{newFieldError("", "text", argText("text", err.Error()))}
	}
	return nil
}

// checkShape compares a decoded JSON value with the Go type it must fill,
// reporting unknown fields and wrong JSON types with their paths. It returns
// the value to keep: whole numbers are rewritten in digits (1e3 is 1000),
// and a number too large for its type is replaced by the nearest that fits
// and noted in c.rewritten.
func checkShape(c *shapeChecker, v any, t reflect.Type, path string) any {
	if t == rawMessage || t.Kind() == reflect.Interface {
		return v // any JSON value, checked by whoever reads it
	}
	if v == nil {
		if t.Kind() != reflect.Pointer && t.Kind() != reflect.Slice {
			c.add(path, "shape.null")
		}
		return v
	}
	switch t.Kind() {
	case reflect.Pointer:
		return checkShape(c, v, t.Elem(), path)
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			c.add(path, "shape.object", jsonKind(v))
			return v
		}
		fields := jsonFields(t)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ft, ok := fields[k]
			if !ok {
				code, args := suggest(k, fields)
				c.add(join(path, k), code, args...)
				continue
			}
			m[k] = checkShape(c, m[k], ft, join(path, k))
		}
	case reflect.Slice:
		a, ok := v.([]any)
		if !ok {
			c.add(path, "shape.array", jsonKind(v))
			return v
		}
		for i, e := range a {
			a[i] = checkShape(c, e, t.Elem(), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			c.add(path, "shape.string", jsonKind(v))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			c.add(path, "shape.bool", jsonKind(v))
		}
	case reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			c.add(path, "shape.number", jsonKind(v))
			return v
		}
		return c.float(n, path)
	case reflect.Int, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			c.add(path, "shape.whole", jsonKind(v))
			return v
		}
		return c.whole(n, t.Kind() == reflect.Uint64, path)
	}
	return v
}

var rawMessage = reflect.TypeOf(json.RawMessage(nil))

// jsonFields maps JSON names to field types, flattening embedded structs as
// encoding/json does.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			for k, v := range jsonFields(f.Type) {
				out[k] = v
			}
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out[name] = f.Type
		}
	}
	return out
}

// jsonKind is the {kind} argument of a shape message: the value as
// written, or what it is (an array, an object).
func jsonKind(v any) MsgArg {
	switch v := v.(type) {
	case string:
		return argQuoted("kind", v)
	case json.Number:
		return argNumber("kind", v.String())
	case bool:
		return argText("kind", strconv.FormatBool(v))
	case []any:
		return argPhrase("kind", "kind.array")
	case map[string]any:
		return argPhrase("kind", "kind.object")
	}
	return argText("kind", "null") // never reached: checkShape takes null first
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// suggest is the message about an unknown field: it names the known field
// closest to a misspelt one.
func suggest(k string, fields map[string]reflect.Type) (string, []MsgArg) {
	best, bestD := "", 3
	for f := range fields {
		if d := editDistance(k, f); d < bestD || (d == bestD && best != "" && f < best) {
			best, bestD = f, d
		}
	}
	if best == "" {
		return "shape.unknown", nil
	}
	return "shape.unknown_suggest", []MsgArg{argQuoted("name", best)}
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// MarshalScenario writes a scenario as indented JSON, the form the command
// line and the browser export.
func MarshalScenario(sc Scenario) []byte {
	b, _ := json.MarshalIndent(sc, "", "  ")
	return append(b, '\n')
}

// ParseScenarioWithSets reads a scenario document, applies each path=value
// change as the command line's --set does, then fills defaults and validates.
// A path is dotted (topic.partitions, producers.0.key, consumer.assignors);
// a value is JSON when it parses as JSON and a string otherwise. Paths may
// name fields the document left to their defaults.
func ParseScenarioWithSets(doc []byte, sets []string) (Scenario, error) {
	if len(sets) == 0 {
		return ParseScenario(doc)
	}
	sc, nums, err := withDefaults(doc)
	if err != nil {
		return Scenario{}, err
	}
	if nums.explain(nil) != nil {
		return ParseScenario(doc) // refused whatever the changes say
	}
	full := MarshalScenario(sc)
	for _, set := range sets {
		if full, err = applySet(full, set); err != nil {
			return Scenario{}, err
		}
	}
	return ParseScenario(full)
}

func applySet(doc []byte, set string) ([]byte, error) {
	path, value, ok := strings.Cut(set, "=")
	if !ok || path == "" {
		return nil, FieldErrors{newFieldError("", "set.form", argQuoted("set", set))}
	}
	raw, err := decodeRaw(doc)
	if err != nil {
		return nil, err
	}
	// A value is JSON when it parses as JSON, except null: "null" is also a
	// key strategy's name, and that is what people mean on a command line.
	// Numbers stay as written, so a seed keeps every digit and 1e3 is read
	// exactly as it would be in the file.
	var v any
	dec := json.NewDecoder(strings.NewReader(value))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil || v == nil || dec.More() {
		v = value
	}
	raw, err = setPath(raw, strings.Split(path, "."), v)
	if err != nil {
		var fe FieldError
		if errors.As(err, &fe) {
			fe.Args = append([]MsgArg{argText("path", path)}, fe.Args...)
			return nil, FieldErrors{newFieldError("", fe.Code, fe.Args...)}
		}
		return nil, fmt.Errorf("--set %s: %w", path, err)
	}
	return json.Marshal(raw)
}

// setPath sets the value at parts inside node and returns the new node (an
// array grows by one when the index is its length).
func setPath(node any, parts []string, v any) (any, error) {
	if len(parts) == 0 {
		return v, nil
	}
	switch n := node.(type) {
	case map[string]any:
		child, err := setPath(n[parts[0]], parts[1:], v)
		if err != nil {
			return nil, err
		}
		n[parts[0]] = child
		return n, nil
	case []any:
		i, err := strconv.Atoi(parts[0])
		if err != nil || i < 0 || i > len(n) {
			return nil, newFieldError("", "set.index", argQuoted("part", parts[0]), argInt("max", len(n)))
		}
		if i == len(n) {
			n = append(n, map[string]any{})
		}
		child, err := setPath(n[i], parts[1:], v)
		if err != nil {
			return nil, err
		}
		n[i] = child
		return n, nil
	case nil:
		if _, err := strconv.Atoi(parts[0]); err == nil {
			return setPath([]any{}, parts, v) // timeline.0.at_s on a document without a timeline
		}
		return setPath(map[string]any{}, parts, v)
	}
	return nil, newFieldError("", "set.container", argQuoted("part", parts[0]))
}
