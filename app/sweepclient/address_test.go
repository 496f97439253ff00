package sweepclient

import (
	"bytes"
	"reflect"
	"testing"

	"partitionlab/sim/scenario"
)

// A sweep's address gives back the scenario and the form it was written
// from, whether the scenario is a preset or an edited document.
func TestAddressRoundTrip(t *testing.T) {
	preset, err := scenario.Preset("hot-customer-salted")
	if err != nil {
		t.Fatal(err)
	}
	edited := preset
	edited.Topic.Partitions, edited.Seed = 7, 42
	form := Form{
		Vary:    []Vary{{"producers.0.salting.buckets", "1,2,4,8"}, {"consumer.concurrency", "1..12:3"}},
		Seeds:   3,
		Require: []string{"violations.customer=0", "load<=1.3", "p99_ms<=500"},
		Scope:   "customer",
	}
	for _, sc := range []scenario.Scenario{preset, edited} {
		raw := "https://example.org/lab/sweep?lang=fr#" + Fragment(sc, form)
		link, got, err := Parse(raw)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if !reflect.DeepEqual(got, form) {
			t.Errorf("form %+v, want %+v", got, form)
		}
		var back scenario.Scenario
		if link.Preset != "" {
			back, err = scenario.Preset(link.Preset)
		} else {
			back, err = scenario.ParseScenario(link.Document)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(scenario.MarshalScenario(back), scenario.MarshalScenario(sc)) {
			t.Errorf("the scenario came back changed:\n%s\nwant\n%s", scenario.MarshalScenario(back), scenario.MarshalScenario(sc))
		}
	}
}

// A form whose fields are wrong names each one, in the library's words.
func TestFormErrorsNameTheirField(t *testing.T) {
	doc, _ := scenario.PresetJSON("order-events")
	f := Form{Vary: []Vary{{"topic.partitions", "24..6"}, {"consumer.concurrency", ""}}, Seeds: 11,
		Require: []string{"load<=1.3", "speed<=2"}, Scope: "country"}
	_, errs := f.Definition(doc)
	got := map[string]string{}
	for _, e := range errs {
		got[e.Field] = e.Message
	}
	for field, want := range map[string]string{
		"vary.0": "topic.partitions=24..6: from 24 is above to 6", "seeds": "seeds: 11 is not in 1..10",
		"require.1": `"speed" is not a measure`, "scope": `scope: "country"`,
	} {
		if !bytes.Contains([]byte(got[field]), []byte(want)) {
			t.Errorf("%s: %q, want it to say %q", field, got[field], want)
		}
	}
	if _, ok := got["vary.1"]; ok {
		t.Errorf("a common setting with no values takes its usual ones: %q", got["vary.1"])
	}
	if _, ok := got["require.0"]; ok {
		t.Errorf("load<=1.3 refused: %q", got["require.0"])
	}
}
