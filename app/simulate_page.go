package app

import (
	"errors"
	"net/url"
	"reflect"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/app/share"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// debounce is the quiet time after an edit before the run starts: typing
// "24" runs once, not for "2" and again for "24". An edit after a quiet
// spell runs at once.
const debounce = 150 * time.Millisecond

// warmAfter is how long after the first result the engine warms up (see
// warmEngine).
const warmAfter = time.Second

// defaultPreset is what the page shows with no scenario in the address.
const defaultPreset = "order-events"

// firstResultMark is the Performance API mark set when the first result is
// on screen; the browser tests report it with the time to interactive.
const firstResultMark = "partitionlab-first-result"

// storedScenario is the local-storage key of the last scenario that ran,
// which the Compare page offers to load.
const storedScenario = "partitionlab.scenario"

// simulatePage is the home page: the scenario editor beside the results.
type simulatePage struct {
	app.Compo

	editor *editor
	loop   runLoop
	view   *resultView
	// views counts results, so each new view has a new version.
	views int

	wait      debouncer
	ran       *scenario.Scenario // the scenario of the last run started
	link      string             // the address fragment of the result shown
	cancelled bool
	drawMs    float64
	share     shareState
	// start shows the three ways in (renderStart): the page was opened
	// without a scenario in its address. lessons is how many lessons
	// there are, counted once.
	start   bool
	lessons string
	// prerendered is the result drawn on the server, for the app (see
	// prerender.go).
	prerendered string
}

func newSimulatePage() *simulatePage {
	sc, _ := scenario.Preset(defaultPreset)
	return &simulatePage{editor: newEditor("", sc), share: shareState{compare: "/compare", sweep: "/sweep"}}
}

func (p *simulatePage) OnMount(ctx app.Context) {
	ctx.Handle(actionEdited, p.onEdited)
	if p.view != nil {
		p.shown(ctx) // the page's own result (see OnInit)
	}
}

// OnNav reads the scenario from the address: on the first load, and when
// a person pastes another link into the same tab.
func (p *simulatePage) OnNav(ctx app.Context) {
	l, err := share.Parse(ctx.Page().URL().String(), "")
	switch {
	case errors.Is(err, share.ErrNoScenario):
		if p.view != nil || p.loop.client.Running() {
			p.writeURL() // a fragment such as #main must not lose the scenario
			return
		}
		p.start, p.lessons = true, lessonCount()
	case err != nil:
		p.editor.notice = tr().T("results.link.unreadableDefault", i18n.S("error", fieldErrorsText(tr(), err)), i18n.S("preset", defaultPreset))
	case p.sameAs(l):
		return
	default:
		if l.Preset != "" {
			err = p.editor.loadPreset(l.Preset)
		} else {
			err = p.editor.loadJSON(l.Document)
		}
		if err != nil {
			p.editor.notice = tr().T("results.link.unreadable", i18n.S("error", fieldErrorsText(tr(), err)))
		}
	}
	// The page came with this scenario's result (the default's): show it.
	if p.view == nil && p.takePrerendered() {
		p.shown(ctx)
		return
	}
	p.startRun(ctx)
}

// sameAs reports whether a link names the scenario already shown.
func (p *simulatePage) sameAs(l share.Link) bool {
	if p.view == nil && !p.loop.client.Running() {
		return false
	}
	if l.Preset != "" {
		return l.Preset == p.editor.presetName()
	}
	sc, err := scenario.ParseScenario(l.Document)
	return err == nil && p.editor.valid && string(share.Minimal(sc)) == string(share.Minimal(p.editor.sc))
}

// onEdited reruns after an edit. An invalid scenario stops the run in
// flight (it is stale) and leaves the last result on screen.
func (p *simulatePage) onEdited(ctx app.Context, a app.Action) {
	if perf := performance(); perf.Truthy() {
		perf.Call("clearMarks", markEdited)
	}
	perfMark(markEdited, 0)
	p.share.message = ""
	if p.editor.valid && p.showsOrRuns(p.editor.sc) {
		return // the same scenario again (a field set to its value): nothing to run
	}
	// A change while a run is in flight cancels that run.
	p.loop.cancel()
	if !p.editor.valid {
		p.wait.cancel()
		return
	}
	p.wait.after(ctx, p.startRun)
}

// showsOrRuns reports whether sc is the scenario running now or, with no
// run in flight, the one whose result is shown.
func (p *simulatePage) showsOrRuns(sc scenario.Scenario) bool {
	if p.loop.client.Running() {
		return p.ran != nil && reflect.DeepEqual(*p.ran, sc)
	}
	return p.view != nil && reflect.DeepEqual(p.view.sc, sc)
}

func (p *simulatePage) startRun(ctx app.Context) {
	if !p.editor.valid {
		return
	}
	sc := p.editor.sc
	p.ran = &sc
	p.cancelled = false
	p.loop.start(ctx, sc, true, runHooks{
		charts: chart.ResultIDs,
		result: func(ctx app.Context, j *runOutcome) {
			p.wait.settle()
			p.showResult(ctx, sc, j.Result(), j.Charts())
		},
		done: func(ctx app.Context, j *runOutcome) {
			if p.view != nil && p.view.result == j.Result() && j.Trace() != nil {
				p.view.setTrace(j.Trace())
			} else if p.view != nil && p.view.result == j.Result() {
				p.view.traced = true
			}
		},
	})
}

// showResult shows a result of sc, with the charts the engine's worker
// drew (the page asks for any missing).
func (p *simulatePage) showResult(ctx app.Context, sc scenario.Scenario, r *sim.Result, drawn givenCharts) {
	t0 := time.Now()
	p.views++
	p.view = newResultViewWith(sc, r, p.views, drawn)
	p.drawMs = float64(time.Since(t0).Microseconds()) / 1000
	p.shown(ctx)
}

// shown follows a new result view: the first is marked for the
// benchmarks and warms the engine up, and each is remembered once painted.
func (p *simulatePage) shown(ctx app.Context) {
	sc, r := p.view.sc, p.view.result
	if p.views == 1 {
		app.Window().Get("performance").Call("mark", firstResultMark)
		// A second after: an edit made at once (before the engine is
		// compiled) should not have to wait for the warm-up's first slice
		// and share the CPU with it.
		ctx.After(warmAfter, func(app.Context) { warmEngine() })
	}
	// Once the result is on screen (painted): building a link costs a few
	// JSON round trips, which the browser's thread should not pay before.
	afterPaint(ctx, func(ctx app.Context) {
		if p.view != nil && p.view.result == r {
			p.remember(ctx, sc)
		}
	})
}

// remember puts the scenario of the result shown in the address, so a
// reload or a copied link gives the same run, in the Compare link, and in
// the browser's storage for the Compare page.
func (p *simulatePage) remember(ctx app.Context, sc scenario.Scenario) {
	name, value := share.Param(sc)
	p.link = url.Values{name: {value}}.Encode()
	p.writeURL()
	p.share.compare, p.share.sweep = compareHref(name, value), sweepHref(name, value)
	p.share.param, p.share.value = name, value
	ctx.LocalStorage().Set(storedScenario, string(share.Minimal(sc)))
	ctx.Dispatch(func(app.Context) {}) // draw the new Compare link
}

// writeURL puts the link of the result shown in the address.
func (p *simulatePage) writeURL() {
	if p.link == "" {
		return
	}
	u := url.URL{Path: addressPath(), RawQuery: langQuery(), Fragment: p.link}
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

func (p *simulatePage) onCancel(ctx app.Context, _ app.Event) {
	p.loop.cancel()
	p.wait.cancel()
	p.cancelled = true
}

func (p *simulatePage) Render() app.UI {
	perfMark(markRender, 0)
	c := tr()
	var results app.UI = app.P().Class("card").ID("results-placeholder").Text(c.T(p.placeholderID()))
	if p.view != nil {
		results = newResultsPanel(p.view)
	}
	return layout("simulate",
		app.H1().Text(c.T("simulate.title")),
		app.P().Class("lead").Text(c.T("simulate.lead")),
		skipLink("results-column", c.T("skip.results")),
		p.renderStart(),
		p.renderShareBar(),
		app.Div().Class("workbench").Body(
			app.Section().Class("card editor-card").Aria("label", c.T("results.scenario")).Body(newEditorPanel(p.editor)),
			app.Div().Class("results-column").ID("results-column").TabIndex(-1).Body(
				p.renderStatus(),
				results,
				p.renderPrerendered(),
			),
		),
	)
}

// placeholderID is the catalog id of what stands where the results will
// be before the first one: the first run is on its way, or it was refused
// (a scenario the editor marks, too much work for the browser) and nothing
// runs until the scenario is fixed.
func (p *simulatePage) placeholderID() string {
	switch {
	case !p.editor.valid:
		return "simulate.placeholder.invalid"
	case p.loop.err != "":
		return "simulate.placeholder.refused"
	}
	return "simulate.placeholder"
}

// renderStatus is the run's progress bar and Cancel button, or what the
// results on screen are.
func (p *simulatePage) renderStatus() app.UI {
	l := &p.loop
	c := tr()
	state, text := "done", ""
	switch {
	case l.err != "":
		state, text = l.errorStatus(c, "results.status.error")
	case l.gate != nil:
		state, text = "waiting", c.T("results.status.waiting")
	case l.crashed != "":
		state, text = "crashed", c.T("results.status.crashed")
	case l.client.Running() && l.client.Phase() == runner.Simulating:
		state, text = "running", c.T("results.status.simulating")
	case l.client.Running():
		state, text = "tracing", c.T("results.status.tracing")
	case !p.editor.valid:
		state, text = "invalid", c.T("results.status.invalid")
	case p.cancelled:
		state, text = "cancelled", c.T("results.status.cancelled")
	case p.view != nil:
		text = c.T("results.status.done")
	}
	return app.Div().ID("run-status").Class("run-status").DataSet("state", state).Aria("live", "polite").
		DataSet("sim-ms", l.client.SimMs()).DataSet("engine-ms", l.client.EngineMs()).DataSet("draw-ms", p.drawMs).DataSet("trace-ms", l.client.TraceMs()).
		DataSet("replayed", l.client.Replayed()).Body(
		app.If(l.client.Running(),
			newRunProgress(l, text),
			app.Button().Type("button").ID("cancel-run").Text(c.T("results.status.cancel")).OnClick(p.onCancel),
		).Else(
			app.Span().Class("progress-text").Text(text),
		),
		l.renderNotice(),
	)
}
