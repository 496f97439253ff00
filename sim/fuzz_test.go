package sim

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// fuzzLimits keep each run the fuzzer makes to a few milliseconds.
var fuzzLimits = scenario.Limits{Where: "in the fuzzer", MaxEvents: 20_000, MaxAssignment: 100_000, EventsPerS: 1e6, AssignmentPerS: 1e6}

// FuzzParseScenario feeds arbitrary documents to the scenario decoder. It
// must never panic; a document it accepts must come back the same through
// MarshalScenario, and, when small enough, run twice to the same digest.
func FuzzParseScenario(f *testing.F) {
	for _, name := range scenario.PresetNames() {
		doc, _ := scenario.PresetJSON(name)
		f.Add(doc)
	}
	f.Add([]byte(`{"seed": 18446744073709551615, "topic": {"partitions": 1e3}}`))
	f.Add([]byte(`{"seed": 1, "seed": 2}`))
	f.Add([]byte(`{"workload": {"events_per_order": null}}`))
	f.Add([]byte(`{"duration_s": 2, "workload": {"orders_per_s": 200}, "consumer": {"mode": "thread_pool"}}`))
	f.Add([]byte(`{"duration_s": 3, "workload": {"orders_per_s": 100}, "timeline": [{"at_s": 1, "action": "set_partitions", "partitions": 12}]}`))
	f.Add([]byte(`{"producers": [{"name": "p", "instances": 1, "key": "order_id", "client": "java", "serializer": "string", "events": []}], "timeline": [{"at_s": 1, "action": "add_consumer", "assignors": []}]}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		sc, err := scenario.ParseScenario(doc)
		if err != nil {
			if _, ok := err.(scenario.FieldErrors); !ok {
				t.Fatalf("not a FieldErrors: %T %v", err, err)
			}
			return
		}
		again, err := scenario.ParseScenario(scenario.MarshalScenario(sc))
		if err != nil || !reflect.DeepEqual(again, sc) {
			t.Fatalf("an accepted scenario does not survive MarshalScenario: %v", err)
		}
		if scenario.ValidateWithin(sc, fuzzLimits) != nil {
			return
		}
		a, errA := Run(sc)
		b, errB := Run(sc)
		if (errA == nil) != (errB == nil) || (errA == nil && a.Digest != b.Digest) {
			t.Fatalf("two runs of one scenario differ: %v %v", errA, errB)
		}
	})
}

// FuzzSet feeds arbitrary --set arguments. A change is refused with a
// message or gives a valid scenario; never a panic.
func FuzzSet(f *testing.F) {
	for _, s := range []string{"seed=9007199254740993", "topic.partitions=1e3", "producers.0.key=sku",
		"producers.1.name=b", "timeline.0.at_s=1", "consumer.assignors=[\"range\"]", "a..b=1", "=1", ".=2",
		"workload.events_per_order=null", "producers.99.key=x", "duration_s=1e309"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, set string) {
		sc, err := scenario.ParseScenarioWithSets([]byte(`{}`), []string{set})
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatal("an empty message")
			}
			return
		}
		if err := scenario.Validate(sc); err != nil {
			t.Fatalf("--set %q gave an invalid scenario: %v", set, err)
		}
		if !bytes.Equal(scenario.MarshalScenario(sc), scenario.MarshalScenario(mustParse(t, scenario.MarshalScenario(sc)))) {
			t.Fatalf("--set %q: the scenario does not round-trip", set)
		}
	})
}

func mustParse(t *testing.T, doc []byte) scenario.Scenario {
	sc, err := scenario.ParseScenario(doc)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}
