package app

import (
	"testing"

	"partitionlab/app/embedlink"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// A reader's control starts at the scenario's own value, read at the
// path --set writes, so an untouched control changes nothing.
func TestEmbedControlsStartAtTheScenariosValues(t *testing.T) {
	doc, err := scenario.PresetJSON("hot-customer")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.ParseScenario(doc)
	if err != nil {
		t.Fatal(err)
	}
	full := scenario.MarshalScenario(sc)
	for _, ctl := range embedSettings {
		v := valueAtPath(full, ctl.Path)
		if v == "" {
			t.Errorf("%s: no value in hot-customer", ctl.Path)
			continue
		}
		again, err := scenario.ParseScenarioWithSets(doc, []string{ctl.Set(v)})
		if err != nil || string(scenario.MarshalScenario(again)) != string(full) {
			t.Errorf("%s=%s changes the scenario (%v)", ctl.Path, v, err)
		}
	}
	if v := valueAtPath(full, "producers.9.key"); v != "" {
		t.Errorf("a producer that is not there reads %q", v)
	}
}

// Every lesson step's controls can be offered to an embed's readers; a
// step whose scenario the engine refuses (on purpose) has no embed.
func TestLessonControlsMakeEmbedControls(t *testing.T) {
	all, err := lessons.In("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		for i, s := range l.Steps {
			if s.Kind() != lessons.KindSimulate {
				continue
			}
			d := stepEmbed(s, nil)
			if _, err := s.Scenario(); err != nil {
				if d != nil {
					t.Errorf("%s step %d: an embed of a refused scenario", l.ID, i+1)
				}
				continue
			}
			if d == nil {
				t.Errorf("%s step %d: no embed", l.ID, i+1)
				continue
			}
			if len(d.Icontrols) != min(len(s.Controls), embedlink.MaxControls) {
				t.Errorf("%s step %d: %d controls become %d", l.ID, i+1, len(s.Controls), len(d.Icontrols))
			}
		}
	}
}
