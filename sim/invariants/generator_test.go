package invariants

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"partitionlab/sim/scenario"
)

// TestGeneratedWorldsAreValidAndRoundTrip: every world passes validation
// within its limits and the command line's, and reads back from its own
// document as the same scenario (so a shrunk world kept as a file replays
// exactly).
func TestGeneratedWorldsAreValidAndRoundTrip(t *testing.T) {
	n := 1000
	if testing.Short() || runtime.GOOS == "js" {
		n = 200
	}
	g := NewGenerator(1, TestLimits())
	actions := map[string]int{}
	values := map[string]map[string]bool{}
	for range n {
		w, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if err := scenario.Validate(w.Scenario); err != nil {
			t.Fatalf("%s: %v", w.Origin, err)
		}
		back, err := scenario.ParseScenario(scenario.MarshalScenario(w.Scenario))
		if err != nil || !reflect.DeepEqual(back, w.Scenario) {
			t.Fatalf("%s: does not read back: %v\n%s", w.Origin, err, scenario.MarshalScenario(w.Scenario))
		}
		for _, a := range w.Scenario.Timeline {
			actions[a.Action]++
			noteValues(values, "timeline[].", a)
		}
		noteValues(values, "topic.", w.Scenario.Topic)
		noteValues(values, "workload.", w.Scenario.Workload)
		noteValues(values, "consumer.", w.Scenario.Consumer)
		for _, p := range w.Scenario.Producers {
			noteValues(values, "producers[].", p)
		}
	}
	for _, a := range scenario.Actions() {
		if actions[a] == 0 {
			t.Errorf("no world has the timeline action %s", a)
		}
	}
	for field, seen := range values {
		if notGeneratedYet[field] != "" {
			t.Logf("%s: not generated yet: %s", field, notGeneratedYet[field])
			continue
		}
		if len(seen) < 2 {
			t.Errorf("%s is the same in every world: %v", field, seen)
		}
	}
}

// noteValues notes the value of every field of a scenario part (embedded
// structs' fields included), by its Go name.
func noteValues(values map[string]map[string]bool, prefix string, part any) {
	v := reflect.ValueOf(part)
	for _, f := range settableFields(v.Type(), nil) {
		name := prefix + v.Type().FieldByIndex(f).Name
		if values[name] == nil {
			values[name] = map[string]bool{}
		}
		fv := v.FieldByIndex(f)
		if fv.Kind() == reflect.Pointer {
			values[name][fmt.Sprint(fv.IsNil())] = true
			continue
		}
		values[name][fmt.Sprint(fv.Interface())] = true
	}
}

// notGeneratedYet are the scenario's fields the generator leaves at their
// defaults, each with why.
var notGeneratedYet = map[string]string{}

// TestForkCheckIsMeasured: determinism.fork forces the fork through
// sim.Options.ForkAfterRecords, so it holds (or breaks) on a world instead
// of being "not measurable".
func TestForkCheckIsMeasured(t *testing.T) {
	w, err := NewGenerator(1, TestLimits()).Next()
	if err != nil {
		t.Fatal(err)
	}
	inv, ok := ByName("determinism.fork")
	if !ok {
		t.Fatal("no invariant determinism.fork")
	}
	for _, v := range RunAndCheck(w.Scenario, []Invariant{inv}) {
		if v.Outcome != Held {
			t.Errorf("%s on %s: %s (%s)", v.Invariant, w.Origin, v.Outcome, v.Detail)
		}
	}
}
