package scenarioform

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// richScenario uses every optional part of a scenario: two producers, one
// salted and one with a VIP partitioner, zipf skew, a timeline with every
// action.
func richScenario(t *testing.T) scenario.Scenario {
	t.Helper()
	d := FromScenario(scenario.DefaultScenario())
	formField(t, "producers", "key").Set(d, "producers[0].key", scenario.KeySaltedCustomerID)
	AddProducer(d)
	formField(t, "producers", "vip").SetChecked(d, "producers[1].vip", true)
	d.Set("workload.customer_skew.kind", "zipf")
	d.Set("workload.customer_skew.s", 1.1)
	d.Set("consumer.static_membership", true)
	for _, a := range scenario.Actions() {
		AddAction(d)
		SetAction(d, Item("timeline", d.Len("timeline")-1), a)
	}
	sc, err := d.Scenario()
	if err != nil {
		t.Fatalf("the rich scenario is refused: %v\n%s", err, d.JSON())
	}
	return sc
}

func formField(t *testing.T, section, key string) Field {
	t.Helper()
	for _, s := range Sections() {
		if s.ID != section {
			continue
		}
		for _, f := range s.Fields {
			if f.Key == key {
				return f
			}
		}
	}
	t.Fatalf("no field %s in section %s", key, section)
	return Field{}
}

// leaves lists the paths of a document's values; list fields (arrays of
// values) count as one leaf.
func leaves(v any, path string, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			leaves(e, Join(path, k), out)
		}
	case []any:
		if len(x) > 0 {
			if _, isObj := x[0].(map[string]any); isObj {
				for i, e := range x {
					leaves(e, Item(path, i), out)
				}
				return
			}
		}
		*out = append(*out, path)
	default:
		*out = append(*out, path)
	}
}

// Every value of a scenario can be edited: nothing is left to hand-written
// JSON except the version and the description.
func TestEveryScenarioFieldHasAnInput(t *testing.T) {
	d := FromScenario(richScenario(t))
	var inputs []string
	for _, s := range Sections() {
		for i := range s.Items(d) {
			for _, f := range s.Fields {
				inputs = append(inputs, s.Path(f, i))
			}
		}
	}
	var all []string
	leaves(d.root, "", &all)
	for _, p := range all {
		if p == "version" || p == "description" {
			continue
		}
		covered := false
		for _, in := range inputs {
			if _, ok := within(p, in); ok && !strings.HasSuffix(in, "]") && in != "producers" && in != "timeline" {
				covered = true
			}
		}
		if !covered {
			t.Errorf("%s has no input", p)
		}
	}
}

func TestEveryFieldSaysWhatItIs(t *testing.T) {
	ids := map[string]string{}
	d := FromScenario(richScenario(t))
	for _, p := range Targets(d) {
		id := InputID("a-", p)
		if other, dup := ids[id]; dup {
			t.Errorf("%s and %s share the input id %s", p, other, id)
		}
		ids[id] = p
	}
	for _, s := range Sections() {
		for _, f := range s.Fields {
			if f.Label == "" || f.Hint == "" {
				t.Errorf("%s.%s lacks a label or a hint", s.ID, f.Key)
			}
			if (f.Kind == Choice) != (len(f.Options) > 0) {
				t.Errorf("%s.%s: options only for choices", s.ID, f.Key)
			}
			if strings.HasSuffix(f.Key, "_ms") && !strings.HasPrefix(f.Unit, "ms") {
				t.Errorf("%s.%s is in milliseconds but its unit is %q", s.ID, f.Key, f.Unit)
			}
		}
	}
	if got := formField(t, "consumers", "consumer.max_poll_records").Describe(); !strings.HasPrefix(got, "max.poll.records · records — ") {
		t.Errorf("Describe = %q", got)
	}
}

// What the person typed stays as typed; the engine's message lands next to
// the input that holds it.
func TestInvalidValuesStayAndAreExplainedAtTheirInput(t *testing.T) {
	d := FromScenario(scenario.DefaultScenario())
	formField(t, "topic", "topic.partitions").Set(d, "topic.partitions", "12x")
	formField(t, "consumers", "consumer.processing_ms").Set(d, "consumer.processing_ms", "1.50")
	if got := Display(d, "topic.partitions"); got != "12x" {
		t.Errorf("the partitions input shows %q, want what was typed", got)
	}
	if got := Display(d, "consumer.processing_ms"); got != "1.50" {
		t.Errorf("the processing input shows %q, want 1.50 as typed", got)
	}
	_, err := d.Scenario()
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want field errors", err)
	}
	p := Place(fe, Targets(d))
	if msgs := p.For("topic.partitions"); len(msgs) != 1 || !strings.Contains(msgs[0], `"12x"`) {
		t.Errorf("at topic.partitions: %q (all: %v)", msgs, fe)
	}

	formField(t, "topic", "topic.partitions").Set(d, "topic.partitions", "0")
	_, err = d.Scenario()
	errors.As(err, &fe)
	if msgs := Place(fe, Targets(d)).For("topic.partitions"); len(msgs) != 1 || msgs[0] != "0 is not in 1..10000" {
		t.Errorf("at topic.partitions: %q", msgs)
	}
}

func TestMessagesAboutListElementsGoToTheList(t *testing.T) {
	errs := scenario.FieldErrors{
		{Field: "producers[0].events[1]", Message: `"X" is not in workload.events_per_order`},
		{Field: "producers", Message: "no producer sends \"PAID\""},
		{Field: "producers[0].salting", Message: "is set, but key is sku"},
		{Field: "", Message: "the scenario is not valid JSON"},
		{Field: "nowhere.at_all", Message: "odd"},
	}
	d := FromScenario(scenario.DefaultScenario())
	p := Place(errs, Targets(d))
	if got := p.For("producers[0].events"); !slices.Equal(got, []string{`item 2: "X" is not in workload.events_per_order`}) {
		t.Errorf("at the events input: %q", got)
	}
	if got := p.For("producers"); len(got) != 1 {
		t.Errorf("at the producers list: %q", got)
	}
	if got := p.For("producers[0]"); !slices.Equal(got, []string{"salting: is set, but key is sku"}) {
		t.Errorf("at the first producer: %q", got)
	}
	if got := p.Top(); len(got) != 2 || p.Count() != len(errs) {
		t.Errorf("top %q, count %d: every message must be shown once", got, p.Count())
	}
}

func TestSaltingFollowsTheKey(t *testing.T) {
	d := FromScenario(scenario.DefaultScenario())
	key := formField(t, "producers", "key")
	key.Set(d, "producers[0].key", scenario.KeySaltedCustomerID)
	if sc, err := d.Scenario(); err != nil || sc.Producers[0].Salting == nil {
		t.Fatalf("a salted key: %v", err)
	}
	if !formField(t, "producers", "salting.buckets").Visible(producersSection().ItemValues(d, 0)) {
		t.Errorf("the salting inputs are hidden for a salted key")
	}
	key.Set(d, "producers[0].key", scenario.KeyOrderID)
	if sc, err := d.Scenario(); err != nil || sc.Producers[0].Salting != nil {
		t.Errorf("back to order_id: salting %v, %v", sc.Producers[0].Salting, err)
	}
}

func TestAddedItemsKeepTheScenarioValid(t *testing.T) {
	sc := richScenario(t)
	if len(sc.Producers) != 2 || len(sc.Timeline) != len(scenario.Actions()) {
		t.Fatalf("%d producers, %d actions", len(sc.Producers), len(sc.Timeline))
	}
	for i, a := range sc.Timeline {
		if a.Action != scenario.Actions()[i] {
			t.Errorf("action %d is %s", i, a.Action)
		}
	}
	if sc.Timeline[0].Partitions != 24 {
		t.Errorf("set_partitions proposes %d partitions, want twice the 12 the topic has", sc.Timeline[0].Partitions)
	}
}

func TestRemovingAnItemAndSortingTheTimeline(t *testing.T) {
	d := FromScenario(richScenario(t))
	formField(t, "producers", "events").Set(d, "producers[1].events", " ")
	d.Delete("producers[0]")
	if d.Len("producers") != 1 || Display(d, "producers[0].name") != "service-2" {
		t.Errorf("after removing the first producer: %s", Display(d, "producers"))
	}
	d.Set("timeline[0].at_s", 60)
	if _, err := d.Scenario(); err == nil {
		t.Fatalf("actions out of time order were accepted")
	}
	SortTimeline(d)
	if _, err := d.Scenario(); err != nil || Display(d, "timeline[6].at_s") != "60" {
		t.Errorf("after sorting, the last action is at %s (%v)", Display(d, "timeline[6].at_s"), err)
	}
}

// An imported document may leave fields out or hold wrong values: the
// editor fills the rest as the engine would.
func TestParseDocFillsDefaultsLikeTheEngine(t *testing.T) {
	for _, name := range []string{"order-events", "mixed-clients", "hot-customer-salted", "add-partitions"} {
		raw, _ := scenario.PresetJSON(name)
		d, err := ParseDoc(raw)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := scenario.Preset(name)
		got, err := d.Scenario()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(d.root, FromScenario(want).root) {
			t.Errorf("%s: the editor's document differs from the engine's", name)
		}
	}
	d, err := ParseDoc([]byte(`{"topic": {"partitions": -3}}`))
	if err != nil || Display(d, "topic.partitions") != "-3" || Display(d, "workload.orders_per_s") != "1000" {
		t.Errorf("a wrong value is kept and the rest filled: %v", err)
	}
	for _, bad := range []string{`[1]`, `{`, `{} {}`} {
		if _, err := ParseDoc([]byte(bad)); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
}

func TestPaths(t *testing.T) {
	cases := map[string]string{
		"producers[0].salting.buckets": "producers[0].salting.buckets",
		"consumer.assignors[1]":        "consumer.assignors[1]",
		"a[2][3].b":                    "a[2][3].b",
	}
	for in, want := range cases {
		if got := pathString(ParsePath(in)); got != want {
			t.Errorf("ParsePath(%q) = %q", in, got)
		}
	}
	if _, ok := within("producers[10].key", "producers[1]"); ok {
		t.Errorf("producers[10] is not inside producers[1]")
	}
}

// TestSetNeverPanics: Set used to panic on a path of no steps.
func TestSetNeverPanics(t *testing.T) {
	for _, path := range []string{"", ".", "..", "[", "]", "[0]", "a..b", "[-1]", "a[99]"} {
		d := FromScenario(scenario.DefaultScenario())
		d.Set(path, json.Number("3"))
		d.Delete(path)
		d.Get(path)
		if !bytes.HasPrefix(d.JSON(), []byte("{")) {
			t.Errorf("Set(%q) made the document %s", path, d.JSON())
		}
	}
	d := FromScenario(scenario.DefaultScenario())
	d.Set("", map[string]any{"seed": json.Number("7")})
	if got := Display(d, "seed"); got != "7" {
		t.Errorf("Set(\"\", object) did not replace the document: seed %s", got)
	}
}

// TestParseDocSaysWhereAndRefusesHugeDocuments: a file or a paste is
// bounded like a link, and a syntax error names its line and column.
func TestParseDocSaysWhereAndRefusesHugeDocuments(t *testing.T) {
	huge := append([]byte(`{"name": "`), bytes.Repeat([]byte("x"), scenario.MaxDocumentBytes)...)
	huge = append(huge, `"}`...)
	if _, err := ParseDoc(huge); err == nil || !strings.Contains(err.Error(), "more than the 1048576 a scenario may have") {
		t.Errorf("a %d-byte document: %v", len(huge), err)
	}
	if _, err := ParseDoc([]byte("{\n  \"seed\": 1,\n}")); err == nil || !strings.Contains(err.Error(), "line 3, column 1") {
		t.Errorf("a trailing comma: %v", err)
	}
	if _, err := ParseDoc([]byte(`{"seed": 1, "seed": 2}`)); err == nil || !strings.Contains(err.Error(), "seed: is given twice") {
		t.Errorf("a duplicate key: %v", err)
	}
}
