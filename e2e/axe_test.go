package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axePath is where make tools installs axe-core from the npm registry. The
// tests inject it into each page; the app never loads it.
const axePath = "../.tools/node_modules/axe-core/axe.min.js"

// axeViolation is one rule axe-core reports broken, with where.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// Every page has no accessibility violation axe-core can find, on a laptop
// (1366 px) and on a phone (390 px), with its results on screen.
func TestAxeFindsNoViolation(t *testing.T) {
	src, err := os.ReadFile(filepath.FromSlash(axePath))
	if err != nil {
		t.Fatalf("axe-core is not installed (%v): run make tools", err)
	}
	pages := []struct{ name, path, ready string }{
		{"simulate", "", `document.getElementById("run-status").dataset.state === "done" && document.getElementById("results") !== null`},
		{"simulate-violations", "#preset=thread-pool", `document.getElementById("trace-status") !== null && document.getElementById("trace-status").dataset.traced === "true"`},
		// The rebalance table marks scale-out-cooperative's own results: the
		// page comes from thread-pool's, which has none.
		{"simulate-group", "#preset=scale-out-cooperative", `document.getElementById("run-status").dataset.state === "done" && document.getElementById("rebalances") !== null`},
		{"compare", "compare#a.preset=thread-pool&b.preset=per-key-queues", `document.querySelector("#diff") !== null`},
		{"learn", "learn", `document.querySelector("main h1") !== null`},
		{"learn-step", "learn?lesson=hot-customer&step=1", `document.querySelector("#learn-results #results, #learn-results .card") !== null`},
		{"learn-calculator", "learn?lesson=same-key-same-partition&step=1", `document.querySelector("#learn-results .card") !== null`},
		// A finished sweep: its charts, its table (laid out only near the
		// screen) and its downloads.
		{"sweep", "sweep#" + sweepFragment("order-events", []string{"topic.partitions=1..6"}), `(document.getElementById("sweep-outcome") || {dataset: {}}).dataset.final === "true"`},
		{"keys", "keys", `document.getElementById("result-table") !== null`},
		{"simplified", "simplified", `document.querySelector("main h1") !== null`},
	}
	widths := []struct {
		width, height int64
		mobile        bool
	}{{1366, 900, false}, {390, 844, true}}
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	for _, w := range widths {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: w.width, Height: w.height, DeviceScaleFactor: 1, Mobile: w.mobile}); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			t.Run(p.name+"-"+strconv.FormatInt(w.width, 10), func(t *testing.T) {
				open(t, ctx, env.baseURL+p.path)
				waitFor(t, ctx, p.ready)
				// Results fade while a run is under way and come back over
				// 0.2 s: axe measures contrast as drawn, so wait for full strength.
				waitFor(t, ctx, `Array.from(document.querySelectorAll(".results-panel")).every(e => getComputedStyle(e).opacity === "1")`)
				eval[bool](t, ctx, `(()=>{ if (!window.axe) { (0, eval)(`+js(string(src))+`); } return true; })()`)
				vs := eval[[]axeViolation](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
					id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map(n => n.target.join(" "))})))`,
					chromedp.EvalAwaitPromise)
				for _, v := range vs {
					t.Errorf("%s (%s): %s, at %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, " | "))
				}
			})
		}
	}
}
