package app

import (
	"testing"

	"partitionlab/sim/scenario"
)

// The preset menu lists every built-in scenario exactly once, each with a
// title in words (not its slug) and a one-line summary.
func TestPresetThemesListEveryPresetOnce(t *testing.T) {
	seen := map[string]int{}
	for _, th := range presetThemes() {
		if th.title == "" || len(th.presets) == 0 {
			t.Errorf("theme %q is empty or has no title", th.title)
		}
		for _, e := range th.presets {
			seen[e.name]++
			if th.title != "More scenarios" && (e.title == e.name || e.title == "") {
				t.Errorf("%s: its title %q is its slug", e.name, e.title)
			}
			if e.line == "" || len(e.line) > 240 {
				t.Errorf("%s: one line summary %q is empty or longer than a line", e.name, e.line)
			}
		}
	}
	for _, n := range scenario.PresetNames() {
		if seen[n] != 1 {
			t.Errorf("preset %s appears %d times in the menu", n, seen[n])
		}
	}
	if len(seen) != len(scenario.PresetNames()) {
		t.Errorf("the menu lists %d presets, there are %d", len(seen), len(scenario.PresetNames()))
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One. Two.":                         "One.",
		"Kafka 3.0 changed it. More.":       "Kafka 3.0 changed it.",
		"Set e.g. max.poll.records. Then.":  "Set e.g. max.poll.records.",
		"No full stop":                      "No full stop",
		"The fix: max.poll.records=50. Ok.": "The fix: max.poll.records=50.",
	} {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}
