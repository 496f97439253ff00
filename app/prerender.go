package app

import (
	"encoding/json"
	"errors"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/app/share"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// The Simulate page comes with the default scenario's results already in
// it: the server (and the static site) runs the scenario natively and draws
// the page, so the first paint shows the results while app.wasm still
// loads. The result travels in the page too (prerenderedID), so the app
// shows the same result on start without running it again: the engine is
// deterministic, and the digest is the same in the browser. Its charts are
// not drawn again either: the app takes their pictures from the page
// (web/engine.js keeps them), and only where each chart's data area lies
// travels with the result.

// prerenderedID is the hidden element whose text carries the result for
// the app (go-app writes attribute values with Go quoting, which HTML does
// not read back; text it escapes as HTML);
// web/engine.js reads it before go-app replaces the page.
const prerenderedID = "prerendered-result"

// defaultRun is the default scenario's run, done once per process (the
// server pre-renders every request of the page). It holds no state that
// changes: the same scenario gives the same result.
func defaultRun() (*sim.Result, error) {
	defaultRunOnce.Do(func() {
		sc, err := scenario.Preset(defaultPreset)
		if err == nil {
			defaultRunOnce.r, err = runOnServer(sc)
		}
		defaultRunOnce.err = err
	})
	return defaultRunOnce.r, defaultRunOnce.err
}

// defaultRunOnce holds defaultRun's result. It is a zero value, not a
// sync.OnceValues built at start: a variable set up by code at start keeps
// that code in every module, and the embed's (app/embedmain) would carry
// the whole engine for a page it never pre-renders.
var defaultRunOnce struct {
	sync.Once
	r   *sim.Result
	err error
}

// prerenderedRun is what the page carries: the scenario's key (runKeyOf),
// its result, the language the page was drawn in, and its charts without
// their pictures (chart.Chart with SVG empty), by chart id.
type prerenderedRun struct {
	Key    string                 `json:"key"`
	Result *sim.Result            `json:"result"`
	Lang   i18n.Lang              `json:"lang"`
	Charts map[string]chart.Chart `json:"charts,omitempty"`
}

// OnPreRender runs on the server only: the page is drawn as the app first
// draws an address without a scenario (the server never sees the part after
// #), with the default scenario's results.
func (p *simulatePage) OnPreRender(ctx app.Context) {
	p.start, p.lessons = true, lessonCount()
	r, err := defaultRun()
	if err != nil || runner.TraceKeys(r) != nil {
		return // a result still to be traced is left to the app
	}
	p.views++
	p.view = newResultView(p.editor.sc, r, p.views)
	p.view.traced = true
	run := prerenderedRun{Key: runKeyOf(p.editor.sc), Result: r, Lang: pageLang(), Charts: map[string]chart.Chart{}}
	for _, nc := range append([]namedChart{p.view.assign}, p.view.charts...) {
		if nc = nc.resolve(nil); nc.err == "" {
			c := nc.chart
			c.SVG = ""
			run.Charts[nc.id] = c
		}
	}
	b, _ := json.Marshal(run)
	p.prerendered = string(b)
}

// OnInit, in the browser, takes the page's result when the address names
// no scenario (the page as the server drew it): the app's first render
// then draws the page with it, as the server did, rather than without
// results and then again with them.
func (p *simulatePage) OnInit() {
	if !app.IsClient || p.view != nil {
		return
	}
	if _, err := share.Parse(app.Window().URL().String(), ""); !errors.Is(err, share.ErrNoScenario) {
		return // OnNav reads the scenario
	}
	if p.takePrerendered() {
		p.start, p.lessons = true, lessonCount()
	}
}

// renderPrerendered is the element that carries the result, on the server.
func (p *simulatePage) renderPrerendered() app.UI {
	if p.prerendered == "" {
		return app.Text("")
	}
	return app.Div().ID(prerenderedID).Hidden(true).Text(p.prerendered)
}

// takePrerendered shows the page's pre-rendered result when it is that of
// the scenario in the editor, with the charts the page drew when it is in
// the page's language, and reports whether it did.
func (p *simulatePage) takePrerendered() bool {
	e := engine()
	if !e.Truthy() || !e.Get("prerendered").Truthy() || !p.editor.valid {
		return false
	}
	var run prerenderedRun
	if json.Unmarshal([]byte(e.Get("prerendered").String()), &run) != nil || run.Result == nil || run.Key != runKeyOf(p.editor.sc) {
		return false
	}
	var drawn map[string]chart.Chart
	if run.Lang == pageLang() && e.Get("prerenderedChart").Truthy() {
		drawn = map[string]chart.Chart{}
		for id, c := range run.Charts {
			c.SVG = e.Call("prerenderedChart", id).String()
			drawn[id] = c
		}
	}
	p.views++
	p.view = newResultViewWith(p.editor.sc, run.Result, p.views, givenCharts{charts: drawn})
	p.view.traced = true
	return true
}
