package share

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"sort"

	"partitionlab/sim/scenario"
)

// Minimal is sc as a document that says only what differs from the
// defaults, the way a person would write it: scenario.ParseScenario fills the
// rest back in, so the document means exactly sc. Links stay short, and an
// exported file reads as the design, not as a list of Kafka's defaults.
func Minimal(sc scenario.Scenario) []byte {
	doc := tree(sc)
	base := tree(scenario.DefaultScenario())
	out, _ := diff(doc, base).(map[string]any)
	if out == nil {
		out = map[string]any{}
	}
	out["version"] = doc["version"]
	if ps, ok := doc["producers"].([]any); ok && !reflect.DeepEqual(doc["producers"], base["producers"]) {
		out["producers"] = minimalProducers(ps)
	}
	return marshalOrdered(out)
}

// minimalProducers writes each producer as its differences from
// scenario.DefaultProducer (which is what ParseScenario starts each one from),
// and its salting from scenario.DefaultSalting.
func minimalProducers(ps []any) []any {
	base := tree(scenario.DefaultProducer())
	salting := tree(scenario.DefaultSalting())
	out := make([]any, len(ps))
	for i, p := range ps {
		pm := p.(map[string]any)
		d, _ := diff(pm, base).(map[string]any)
		if d == nil {
			d = map[string]any{}
		}
		if s, ok := pm["salting"].(map[string]any); ok {
			sd, _ := diff(s, salting).(map[string]any)
			if sd == nil {
				sd = map[string]any{}
			}
			d["salting"] = sd
		}
		out[i] = d
	}
	return out
}

// diff is the part of v that differs from base: objects field by field,
// everything else (numbers, strings, arrays) whole. nil means "the same".
func diff(v, base any) any {
	vm, ok := v.(map[string]any)
	bm, bok := base.(map[string]any)
	if !ok || !bok {
		if reflect.DeepEqual(v, base) {
			return nil
		}
		return v
	}
	var out map[string]any
	for k, x := range vm {
		b, present := bm[k]
		var d any = x
		if present {
			d = diff(x, b)
		}
		if d == nil {
			continue
		}
		if m, isMap := d.(map[string]any); isMap && len(m) == 0 {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[k] = d
	}
	if out == nil {
		return nil
	}
	return out
}

// tree is v as generic JSON, numbers kept as written (a seed above 2^53
// must survive).
func tree(v any) map[string]any {
	b, _ := json.Marshal(v)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	dec.Decode(&m)
	return m
}

// marshalOrdered writes a document with its top-level fields in the order
// of scenario.Scenario (version, name, … timeline), which reads better than
// encoding/json's alphabetical map order; nested objects stay sorted.
func marshalOrdered(m map[string]any) []byte {
	order := []string{"version", "name", "description", "seed", "duration_s", "topic", "workload", "producers", "consumer", "timeline"}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := slices.Index(order, keys[i]), slices.Index(order, keys[j])
		if a < 0 || b < 0 {
			return (a >= 0) || (b < 0 && keys[i] < keys[j])
		}
		return a < b
	})
	var buf bytes.Buffer
	buf.WriteString("{\n")
	for i, k := range keys {
		kb, _ := json.Marshal(k)
		vb, _ := json.MarshalIndent(m[k], "  ", "  ")
		buf.WriteString("  ")
		buf.Write(kb)
		buf.WriteString(": ")
		buf.Write(vb)
		if i < len(keys)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("}\n")
	return buf.Bytes()
}
