package e2e

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// A first visit to the home page sees three ways in: the lessons, the
// built-in scenarios by theme (titles and one line each), and the key
// finder. Choosing a scenario there runs it.
func TestStartShowsThreeDoors(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	waitFor(t, ctx, `document.getElementById("start") !== null`)
	doors := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#start .door h3")).map(h => h.textContent)`)
	if len(doors) != 3 || doors[0] != "Learn" || doors[1] != "Check a design" || doors[2] != "Where does my key go?" {
		t.Fatalf("the start shows doors %q", doors)
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	if txt := eval[string](t, ctx, `document.getElementById("door-learn").textContent`); !strings.Contains(txt, fmt.Sprintf("%d lessons, a few minutes each", len(all))) {
		t.Errorf("the Learn door says %q", txt)
	}
	if h := eval[string](t, ctx, `document.querySelector("#door-learn a").getAttribute("href")`); h != "/learn" {
		t.Errorf("the Learn door goes to %q", h)
	}
	if h := eval[string](t, ctx, `document.querySelector("#door-keys a").getAttribute("href")`); h != "/keys" {
		t.Errorf("the key door goes to %q", h)
	}
	picks := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#door-design .preset-pick")).map(b => b.dataset.preset)`)
	if len(picks) != len(scenario.PresetNames()) {
		t.Errorf("Check a design offers %d scenarios, there are %d", len(picks), len(scenario.PresetNames()))
	}

	want := cliResult(t, "hot-customer")
	eval[bool](t, ctx, `(document.querySelector('#door-design .preset-pick[data-preset="hot-customer"]').click(), true)`)
	waitDigest(t, ctx, "results", want.Digest)
	waitFor(t, ctx, `document.getElementById("start") === null`)
	if v := eval[string](t, ctx, `document.getElementById("preset").value`); v != "hot-customer" {
		t.Errorf("after choosing hot-customer at the start the preset menu shows %q", v)
	}
}

// The preset menu groups the scenarios by theme and names them by title,
// each exactly once.
func TestPresetMenuIsGroupedWithTitles(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	type opt struct {
		Group string `json:"group"`
		Value string `json:"value"`
		Text  string `json:"text"`
	}
	opts := eval[[]opt](t, ctx, `Array.from(document.querySelectorAll("#preset option")).filter(o => o.value).map(o => ({
		group: o.parentElement.tagName === "OPTGROUP" ? o.parentElement.label : "", value: o.value, text: o.textContent}))`)
	seen := map[string]bool{}
	groups := map[string]bool{}
	for _, o := range opts {
		if o.Group == "" {
			t.Errorf("preset %s is outside any group", o.Value)
		}
		if o.Text == o.Value {
			t.Errorf("preset %s is shown by its slug", o.Value)
		}
		if seen[o.Value] {
			t.Errorf("preset %s is listed twice", o.Value)
		}
		seen[o.Value], groups[o.Group] = true, true
	}
	for _, n := range scenario.PresetNames() {
		if !seen[n] {
			t.Errorf("preset %s is missing from the menu", n)
		}
	}
	if len(groups) < 5 {
		t.Errorf("the menu has %d groups: %v", len(groups), groups)
	}
}
