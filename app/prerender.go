package app

import (
	"encoding/json"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/runner"
	"partitionlab/sim"
)

// The Simulate page comes with the default scenario's results already in
// it: the server (and the static site) runs the scenario natively and draws
// the page, so the first paint shows the results while app.wasm still
// loads. The result travels in the page too (prerenderedID), so the app
// shows the same result on start without running it again: the engine is
// deterministic, and the digest is the same in the browser.

// prerenderedID is the hidden element whose text carries the result for
// the app (go-app writes attribute values with Go quoting, which HTML does
// not read back; text it escapes as HTML);
// web/engine.js reads it before go-app replaces the page.
const prerenderedID = "prerendered-result"

// defaultRun is the default scenario's run, done once per process (the
// server pre-renders every request of the page). It holds no state that
// changes: the same scenario gives the same result.
var defaultRun = sync.OnceValues(func() (*sim.Result, error) {
	sc, err := sim.Preset(defaultPreset)
	if err != nil {
		return nil, err
	}
	j, err := runner.RunAll(sc)
	if err != nil {
		return nil, err
	}
	return j.Result(), nil
})

// prerenderedRun is what the page carries: the scenario's key (runKeyOf)
// and its result.
type prerenderedRun struct {
	Key    string      `json:"key"`
	Result *sim.Result `json:"result"`
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
	p.view = newResultView(p.ed.sc, r, p.views)
	p.view.traced = true
	b, _ := json.Marshal(prerenderedRun{Key: runKeyOf(p.ed.sc), Result: r})
	p.prerendered = string(b)
}

// renderPrerendered is the element that carries the result, on the server.
func (p *simulatePage) renderPrerendered() app.UI {
	if p.prerendered == "" {
		return app.Text("")
	}
	return app.Div().ID(prerenderedID).Hidden(true).Text(p.prerendered)
}

// prerenderedResult is the page's pre-rendered result when it is that of
// sc, or nil.
func prerenderedResult(sc sim.Scenario) *sim.Result {
	e := engine()
	if !e.Truthy() || !e.Get("prerendered").Truthy() {
		return nil
	}
	var run prerenderedRun
	if json.Unmarshal([]byte(e.Get("prerendered").String()), &run) != nil || run.Result == nil || run.Key != runKeyOf(sc) {
		return nil
	}
	return run.Result
}
