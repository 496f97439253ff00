package share

import (
	"bytes"
	"testing"

	"partitionlab/sim/scenario"
)

// FuzzParseLink feeds arbitrary addresses to the link reader: it explains
// or decodes, never panics, and what it decodes is bounded. A scenario it
// decodes and the engine accepts makes a link that brings it back.
func FuzzParseLink(f *testing.F) {
	for _, name := range []string{"order-events", "thread-pool", "vip-partitioner"} {
		sc, _ := scenario.Preset(name)
		f.Add("http://host/#" + Fragment(sc, ""))
		sc.Seed = 7
		f.Add("https://example.org/lab/?" + Fragment(sc, "a."))
	}
	f.Add("#s=" + Encode(bytes.Repeat([]byte(" "), 100)))
	f.Add("#s=%zz")
	f.Add("http://[::1/#preset=x")
	f.Fuzz(func(t *testing.T, raw string) {
		for _, prefix := range []string{"", "a."} {
			l, err := Parse(raw, prefix)
			if err != nil {
				continue
			}
			if len(l.Document) > maxDocument {
				t.Fatalf("decoded %d bytes, over the limit", len(l.Document))
			}
			sc, err := scenario.ParseScenario(l.Document)
			if l.Document == nil || err != nil {
				continue
			}
			back, err := Parse("#"+Fragment(sc, prefix), prefix)
			if err != nil {
				t.Fatalf("a link of an accepted scenario does not read back: %v", err)
			}
			doc := back.Document
			if back.Preset != "" {
				doc, _ = scenario.PresetJSON(back.Preset)
			}
			again, err := scenario.ParseScenario(doc)
			if err != nil || !bytes.Equal(scenario.MarshalScenario(again), scenario.MarshalScenario(sc)) {
				t.Fatalf("a scenario changed through its link: %v", err)
			}
		}
	})
}

// FuzzDecode feeds arbitrary text as a link's compressed scenario.
func FuzzDecode(f *testing.F) {
	f.Add(Encode([]byte(`{"seed": 1}`)))
	f.Add("")
	f.Add("!!!")
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := Decode(s)
		if err == nil && len(doc) > maxDocument {
			t.Fatalf("decoded %d bytes", len(doc))
		}
	})
}
