package lessons

import (
	"strings"
	"testing"
	"testing/fstest"
)

// minimal is a valid one-step lesson that the cases below break one
// field at a time.
const minimal = `{
  "id": "tiny", "number": 1, "title": "Tiny", "question": "Does it load?",
  "steps": [ {
    "title": "One step", "text": "A text.",
    "scenario": { "preset": "order-events", "sets": ["duration_s=1"] },
    "controls": [ { "path": "topic.partitions", "label": "Partitions", "setting": "partition count", "values": [6, 12] } ],
    "look_at": ["load"],
    "expect": "Something.",
    "checks": [ { "claim": "records arrive", "path": "events_produced", "op": ">", "value": 0 } ]
  } ]
}`

func TestParseAcceptsTheMinimalLesson(t *testing.T) {
	l, err := Parse("01-tiny.json", []byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if l.File != "01-tiny.json" || l.Steps[0].Kind() != KindSimulate {
		t.Errorf("parsed %+v", l)
	}
}

func TestParseRejectsBrokenLessons(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		field, msg     string
	}{
		{"unknown field", `"look_at"`, `"look_at_this": [], "look_at"`, "steps[0].look_at_this", "unknown field"},
		{"misspelt check field", `"op": ">"`, `"opp": ">", "op": ">"`, "steps[0].checks[0].opp", "unknown field"},
		{"missing text", `"text": "A text."`, `"text": " "`, "steps[0].text", "is missing"},
		{"missing expect", `"expect": "Something."`, `"expect": ""`, "steps[0].expect", "is missing"},
		{"missing claim", `"claim": "records arrive"`, `"claim": ""`, "steps[0].checks[0].claim", "is missing"},
		{"question without ?", `"Does it load?"`, `"Does it load"`, "question", "question mark"},
		{"bad id", `"id": "tiny"`, `"id": "Tiny Lesson"`, "id", "not a slug"},
		{"wrong type", `"number": 1`, `"number": "one"`, "number", "whole number"},
		{"misspelt path", `"path": "events_produced"`, `"path": "load.hotest_share"`, "steps[0].checks[0].path", `load has no field "hotest_share" (it has max_over_mean, cv, empty_partitions, hottest_partition, hottest_share)`},
		{"path into a number", `"path": "events_produced"`, `"path": "events_produced.total"`, "steps[0].checks[0].path", "nothing inside it"},
		{"name on a list", `"path": "events_produced"`, `"path": "consumers.members.name"`, "steps[0].checks[0].path", "is a list"},
		{"bad syntax", `"path": "events_produced"`, `"path": "len(events_produced"`, "steps[0].checks[0].path", "want )"},
		{"unknown function", `"path": "events_produced"`, `"path": "avg(partitions.*.produced)"`, "steps[0].checks[0].path", "unknown function avg"},
		{"unknown operator", `"op": ">"`, `"op": "=>"`, "steps[0].checks[0].op", `"=>" is not an operator`},
		{"ordering a list", `"path": "events_produced"`, `"path": "partitions"`, "steps[0].checks[0]", "orders numbers, not a list and a number"},
		{"wrong value type", `"op": ">", "value": 0`, `"op": "==", "value": "many"`, "steps[0].checks[0]", "a number compared with a string"},
		{"value and expr", `"value": 0`, `"value": 0, "expr": "1"`, "steps[0].checks[0]", "not both or neither"},
		{"reference to a later step", `"value": 0`, `"expr": "step2.events_produced"`, "steps[0].checks[0].expr", "only steps 1..0 come before this one"},
		{"many values in expr", `"value": 0`, `"expr": "partitions.*.produced"`, "steps[0].checks[0].expr", "gives many values"},
		{"tolerance on >", `"value": 0`, `"value": 0, "tolerance": 1`, "steps[0].checks[0].tolerance", "a tolerance is a positive number for == or !="},
		{"unknown view", `["load"]`, `["loads"]`, "steps[0].look_at[0]", `"loads" is not a view`},
		{"view of another kind", `["load"]`, `["key-table"]`, "steps[0].look_at[0]", "cannot show a simulate step"},
		{"unknown preset", `"preset": "order-events"`, `"preset": "order-event"`, "steps[0].scenario.preset", "is not a preset"},
		{"set without =", `"duration_s=1"`, `"duration_s"`, "steps[0].scenario.sets[0]", "want path=value"},
		{"two kinds", `"look_at"`, `"sizing": {"target_per_s": 1, "consumer_per_s": 1, "safety_factor": 1}, "look_at"`, "steps[0]", "exactly one of"},
		{"control path", `"path": "topic.partitions"`, `"path": "topic.partition"`, "steps[0].controls[0].path", `topic has no field "partition"`},
		{"control path with *", `"path": "topic.partitions"`, `"path": "producers.*.key"`, "steps[0].controls[0].path", "want a plain path"},
		{"control value type", `"values": [6, 12]`, `"values": ["six", 12]`, "steps[0].controls[0].values[0]", "a number compared with a string"},
		{"range on text", `"path": "topic.partitions", "label": "Partitions", "setting": "partition count", "values": [6, 12]`, `"path": "producers.0.key", "label": "Key", "setting": "record key", "min": 1, "max": 2, "step": 1`, "steps[0].controls[0]", "has a range, but producers.0.key is a string"},
		{"range and values", `"values": [6, 12]`, `"values": [6, 12], "min": 1`, "steps[0].controls[0]", "values and a range"},
		{"no checks", `"checks": [ { "claim": "records arrive", "path": "events_produced", "op": ">", "value": 0 } ]`, `"checks": []`, "steps[0].checks", "has no checks"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := strings.Replace(minimal, c.old, c.new, 1)
			if doc == minimal {
				t.Fatalf("%q is not in the minimal lesson", c.old)
			}
			_, err := Parse("01-tiny.json", []byte(doc))
			wantFieldError(t, err, c.field, c.msg)
		})
	}
}

// wantFieldError fails unless err is FieldErrors with one about field of
// the minimal lesson's file whose message contains msg.
func wantFieldError(t *testing.T, err error, field, msg string) {
	t.Helper()
	fe, ok := err.(FieldErrors)
	if !ok {
		t.Fatalf("got %v (%T), want FieldErrors", err, err)
	}
	for _, e := range fe {
		if e.File == "01-tiny.json" && e.Field == field && strings.Contains(e.Message, msg) {
			return
		}
	}
	t.Errorf("want an error on %s containing %q, got:\n%v", field, msg, err)
}

// TestVerifyRunsWhatLoadingLeavesOut: inputs that the engine refuses and
// control values that do not run are found by Verify, not by loading.
func TestVerifyRunsWhatLoadingLeavesOut(t *testing.T) {
	for _, c := range []struct {
		name       string
		edits      []string // old, new pairs
		field, msg string
	}{
		{"invalid scenario", []string{`"duration_s=1"`, `"duration_s=-1"`}, "steps[0].scenario.duration_s", "is not in 0.001.."},
		{"rejected but valid", []string{`"sets": ["duration_s=1"]`, `"sets": ["duration_s=1"], "rejected": true`,
			`"path": "events_produced", "op": ">", "value": 0`, `"path": "error", "op": "contains", "value": "x"`}, "steps[0].scenario.rejected", "the engine accepts the scenario"},
		{"control value", []string{`"values": [6, 12]`, `"values": [6, 12, 0]`}, "steps[0].controls[0]", "topic.partitions=0 gives an input that does not run"},
		{"control misses own value", []string{`"values": [6, 12]`, `"values": [6, 24]`}, "steps[0].controls[0].values", "do not include the step's own value 12"},
		{"own value out of range", []string{`"values": [6, 12]`, `"min": 1, "max": 6, "step": 1`}, "steps[0].controls[0].min", "the step's own value 12 is outside 1..6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := Parse("01-tiny.json", []byte(strings.NewReplacer(c.edits...).Replace(minimal)))
			if err != nil {
				t.Fatalf("loading should leave this to Verify: %v", err)
			}
			err = Verify(l)
			wantFieldError(t, err, c.field, c.msg)
		})
	}
	l, _ := Parse("01-tiny.json", []byte(minimal))
	if err := Verify(l); err != nil {
		t.Errorf("the minimal lesson: %v", err)
	}
}

func TestLoadChecksTheSetOfLessons(t *testing.T) {
	second := strings.NewReplacer(`"id": "tiny"`, `"id": "second"`, `"number": 1`, `"number": 2`).Replace(minimal)
	third := strings.NewReplacer(`"id": "tiny"`, `"id": "third"`, `"number": 1`, `"number": 3`).Replace(minimal)
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"gap", map[string]string{"01-tiny.json": minimal, "03-third.json": third}, "03-third.json: number: is 3, but lessons are numbered from 1 without gaps or repeats: want 2"},
		{"duplicate id", map[string]string{"01-tiny.json": minimal, "02-tiny.json": strings.Replace(minimal, `"number": 1`, `"number": 2`, 1)}, `02-tiny.json: id: "tiny" is also the id of 01-tiny.json`},
		{"file name", map[string]string{"01-tiny.json": minimal, "2-second.json": second}, "2-second.json: id: lesson 2 with id \"second\" belongs in 02-second.json"},
		{"broken file", map[string]string{"01-tiny.json": minimal, "02-second.json": second[:40]}, "02-second.json: not valid JSON"},
		{"no files", map[string]string{"README.md": "#"}, "no lesson files"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, body := range c.files {
				fsys[name] = &fstest.MapFile{Data: []byte(body)}
			}
			_, err := Load(fsys)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
	fsys := fstest.MapFS{"01-tiny.json": {Data: []byte(minimal)}, "02-second.json": {Data: []byte(second)}}
	if all, err := Load(fsys); err != nil || len(all) != 2 || all[1].ID != "second" {
		t.Errorf("two good lessons: %v, %v", all, err)
	}
}

func TestCountIsHowManyLessonsLoad(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if Count() != len(all) {
		t.Errorf("Count() = %d, but %d lessons load", Count(), len(all))
	}
}
