package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestSetKeepsSeedsExact: --set used to read numbers as float64, so
// seed=9007199254740993 ran seed 9007199254740992 and the largest seed was
// refused.
func TestSetKeepsSeedsExact(t *testing.T) {
	for _, seed := range []uint64{9007199254740993, 1<<64 - 1} {
		sc, err := ParseScenarioWithSets([]byte(`{}`), []string{fmt.Sprintf("seed=%d", seed)})
		if err != nil {
			t.Fatalf("seed=%d: %v", seed, err)
		}
		if sc.Seed != seed {
			t.Errorf("--set seed=%d ran seed %d", seed, sc.Seed)
		}
	}
	_, err := ParseScenarioWithSets([]byte(`{}`), []string{"seed=18446744073709551616"})
	if err == nil || err.Error() != "seed: 18446744073709551616 is not in 0..18446744073709551615" {
		t.Errorf("seed 2^64: got %v", err)
	}
}

// TestSetReadsNumbersAsTheFileDoes: "--set topic.partitions=1e3" was
// accepted while the same value in a file was refused.
func TestSetReadsNumbersAsTheFileDoes(t *testing.T) {
	for _, v := range []string{"1e3", "1000.0", "1.5", "2.5e1", "99999999999999999999", "1e309", "-0"} {
		fromSet, errSet := ParseScenarioWithSets([]byte(`{}`), []string{"topic.partitions=" + v})
		fromFile, errFile := ParseScenario([]byte(`{"topic": {"partitions": ` + v + `}}`))
		if fmt.Sprint(errSet) != fmt.Sprint(errFile) || fromSet.Topic.Partitions != fromFile.Topic.Partitions {
			t.Errorf("topic.partitions=%s: --set gives %d, %v; the file gives %d, %v",
				v, fromSet.Topic.Partitions, errSet, fromFile.Topic.Partitions, errFile)
		}
	}
	sc, err := ParseScenario([]byte(`{"topic": {"partitions": 1e5}}`))
	if err == nil || err.Error() != "topic.partitions: 1e5 is not in 1..10000" {
		t.Errorf("1e5 partitions gave %v, %v", sc.Topic.Partitions, err)
	}
	sc, err = ParseScenario([]byte(`{"topic": {"partitions": 2.4e1}}`))
	if err != nil || sc.Topic.Partitions != 24 {
		t.Errorf("2.4e1 partitions gave %d, %v; want exactly 24", sc.Topic.Partitions, err)
	}
}

var namesARange = regexp.MustCompile(`-?[0-9][0-9.e+]*\.\.-?[0-9]`)

// TestEveryOutOfRangeMessageNamesTheRange sets every number of every preset
// (defaults filled) to values beyond any range, and expects each message
// about that field to quote the value as written and name the allowed
// range. "99999999999999999999 is not a whole number" was neither.
func TestEveryOutOfRangeMessageNamesTheRange(t *testing.T) {
	probes := []string{"99999999999999999999", "-99999999999999999999", "1e309", "-1e309", "1e99999999999"}
	seen := map[string]bool{}
	for _, name := range PresetNames() {
		sc, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		doc := MarshalScenario(sc)
		for _, path := range numberPaths(t, doc) {
			if seen[path] {
				continue
			}
			seen[path] = true
			for _, probe := range probes {
				changed := setNumber(t, doc, path, probe)
				_, err := ParseScenario(changed)
				var fe FieldErrors
				if !errors.As(err, &fe) {
					t.Errorf("%s: %s=%s: accepted or not a field error: %v", name, path, probe, err)
					continue
				}
				// A float field prints 99999999999999999999 as 1e+20.
				written := []string{probe, strings.TrimPrefix(fmt.Sprint(json.Number(probe)), "+")}
				if f, err := json.Number(probe).Float64(); err == nil {
					written = append(written, FormatFloat(f))
				}
				msgs, ranged := fe.For(path), false
				for _, m := range msgs {
					for _, w := range written {
						ranged = ranged || (strings.HasPrefix(m, w+" ") && namesARange.MatchString(m))
					}
					if strings.Contains(m, "whole number") {
						t.Errorf("%s: %s=%s: %q", name, path, probe, m)
					}
				}
				if !ranged {
					t.Errorf("%s: %s=%s: no message quotes the value and names the range: %q", name, path, probe, msgs)
				}
			}
		}
	}
	if len(seen) < 40 {
		t.Fatalf("only %d numeric fields probed", len(seen))
	}
}

// numberPaths lists the paths of the numbers in a document, as FieldError
// names them.
func numberPaths(t *testing.T, doc []byte) []string {
	var raw any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch v := v.(type) {
		case json.Number:
			out = append(out, path)
		case []any:
			for i, e := range v {
				walk(e, fmt.Sprintf("%s[%d]", path, i))
			}
		case map[string]any:
			for k, e := range v {
				walk(e, join(path, k))
			}
		}
	}
	walk(raw, "")
	sort.Strings(out)
	return out
}

// setNumber writes a number, as written, at a path of numberPaths.
func setNumber(t *testing.T, doc []byte, path, number string) []byte {
	var raw any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	node := raw
	parts := regexp.MustCompile(`[^.\[\]]+`).FindAllString(path, -1)
	for i, p := range parts {
		last := i == len(parts)-1
		switch n := node.(type) {
		case map[string]any:
			if last {
				n[p] = json.Number(number)
			}
			node = n[p]
		case []any:
			var j int
			fmt.Sscan(p, &j)
			if last {
				n[j] = json.Number(number)
			}
			node = n[j]
		}
	}
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSyntaxErrorsGiveLineAndColumn(t *testing.T) {
	cases := []struct{ doc, want string }{
		{"{\"seed\": 1,\n  , }", "not valid JSON at line 2, column 3: invalid character ','"},
		{"{\n\"topic\": {\"partitions\": 6x}}", "not valid JSON at line 2, column 26: invalid character 'x'"},
		{"{\"seed\": 1,\n  \"topic\": ", "not valid JSON: it ends at line 2, column 12"},
		{"", "not valid JSON: it ends at line 1, column 1"},
		{"{\"name\": \"é\", \"seed\": 1} {}", "more than one JSON value: the first ends at line 1, column 25"},
	}
	for _, c := range cases {
		_, err := ParseScenario([]byte(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.doc, err, c.want)
		}
	}
}

// TestDuplicateKeysAreRefused: encoding/json keeps the last of two equal
// keys, while a person reading the file sees the first.
func TestDuplicateKeysAreRefused(t *testing.T) {
	cases := []struct{ doc, want string }{
		{"{\"seed\": 1,\n \"seed\": 2}", "seed: is given twice, at line 1, column 2 and line 2, column 2"},
		{`{"producers": [{"name": "a", "key": "order_id", "key": "sku"}]}`, "producers[0].key: is given twice"},
		{`{"name": "a\"b", "name": "c"}`, "name: is given twice, at line 1, column 2 and line 1, column 18"},
	}
	for _, c := range cases {
		_, err := ParseScenario([]byte(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.doc, err, c.want)
		}
		var v struct{}
		if err := DecodeStrict([]byte(c.doc), &v); err == nil {
			t.Errorf("DecodeStrict accepted %s", c.doc)
		}
	}
}

// TestNullEventsGiveOneError: "events_per_order": null also blamed the
// catch-all producer for sending nothing.
func TestNullEventsGiveOneError(t *testing.T) {
	_, err := ParseScenario([]byte(`{"workload": {"events_per_order": null}}`))
	var fe FieldErrors
	if !errors.As(err, &fe) || len(fe) != 1 || fe[0].Field != "workload.events_per_order" {
		t.Errorf("got %v, want one error about workload.events_per_order", err)
	}
}

func TestDeepNestingIsRefused(t *testing.T) {
	doc := `{"name": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	_, err := ParseScenario([]byte(doc))
	if err == nil || !strings.Contains(err.Error(), "nests deeper than 64 levels") {
		t.Errorf("got %v", err)
	}
}

func TestQuoteWrittenNamesTheRightNumber(t *testing.T) {
	cases := []struct{ msg, stored, written, want string }{
		{"100000 is not in 1..10000", "100000", "1e5", "1e5 is not in 1..10000"},
		{"1 instances × 10 threads is more than 10000", "10", "1e1", "1 instances × 1e1 threads is more than 10000"},
		{"has 100 in 1000", "10", "1e1", "has 100 in 1000"},
	}
	for _, c := range cases {
		if got := quoteWritten(c.msg, c.stored, c.written); got != c.want {
			t.Errorf("quoteWritten(%q, %q, %q) = %q, want %q", c.msg, c.stored, c.written, got, c.want)
		}
	}
}

// A preset is known by its own name only: a path that leads to a preset's
// file is refused with the names there are, whatever it leads to.
func TestPresetJSONTakesNamesNotPaths(t *testing.T) {
	if _, err := PresetJSON("order-events"); err != nil {
		t.Fatalf("order-events: %v", err)
	}
	for _, name := range []string{"x/../order-events", "./order-events", "presets/../presets/order-events", `x\..\order-events`, "", ".", "..", "/order-events"} {
		_, err := PresetJSON(name)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("unknown preset %q (want one of order-events, ", name)) {
			t.Errorf("PresetJSON(%q) = %v, want it refused with the preset names", name, err)
		}
		if _, err := Preset(name); err == nil {
			t.Errorf("Preset(%q) gave a scenario", name)
		}
	}
}
