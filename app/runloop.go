package app

import (
	"encoding/json"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// runLoop is one view's runs. Every run goes to the engine's Web Worker
// (web/engine.js, app/engineworker), so the page's thread only sends the
// scenario and draws the replies: it answers input whatever the engine
// does. Starting a run replaces the one in flight.
//
// The protocol with the worker is runner.Client's; runLoop is the glue
// between it, go-app and the worker: it applies the client's effects
// (posts, performance marks, the browser's storage, drawing).
type runLoop struct {
	client runner.Client
	hooks  runHooks
	out    *runOutcome
	err    string
	// stopped says err is why the engine stopped a run before its end (it
	// held too many events), not why a run could not start.
	stopped bool
	// gate is a run that waits for a click (see gate.go); crashed says why
	// the engine stopped during the last run.
	gate    *runGate
	crashed string
	// listener hears the worker for this view, registered at each start.
	listener app.Func
	progress progressViews
}

// runHooks are what the owner does when a result is ready (draw it), when
// the run is done (the trace is there) and when the worker says it failed
// (optional; a run refused before it starts leaves the reason in err).
type runHooks struct {
	// charts are the ids of the result's charts the owner shows: the
	// engine's worker draws them with the result (runOutcome.Charts).
	charts []string
	result func(ctx app.Context, o *runOutcome)
	done   func(ctx app.Context, o *runOutcome)
	failed func(ctx app.Context, err string)
}

// runOutcome is what a run gave: its result and its charts, then its
// trace.
type runOutcome struct {
	result *sim.Result
	charts givenCharts
	trace  []sim.TraceEvent
}

// Result is the run's result.
func (o *runOutcome) Result() *sim.Result { return o.result }

// Charts are the result's charts the engine's worker drew, by id (those
// runHooks.charts named), and why any could not be drawn.
func (o *runOutcome) Charts() givenCharts { return o.charts }

// Trace is every processing of the traced keys, once the run is done (nil
// when there was nothing to trace).
func (o *runOutcome) Trace() []sim.TraceEvent { return o.trace }

// engine is the page's link to the worker, set up by web/engine.js.
func engine() app.Value { return app.Window().Get("partitionlabEngine") }

// start cancels any run in flight and starts sc, or holds it behind a
// click when it is long or stopped the engine before.
func (l *runLoop) start(ctx app.Context, sc scenario.Scenario, traced bool, h runHooks) {
	l.cancel()
	l.err, l.stopped, l.crashed, l.gate = "", false, "", nil
	// Too much work for a browser tab: refused at once, naming the fields.
	// (l.err says why; failed is for what the worker says later.)
	if err := scenario.EstimateWork(sc).Check(scenario.BrowserLimits()); err != nil {
		l.err = fieldErrorsText(tr(), err)
		return
	}
	l.bind(ctx)
	// A run seen to its end before is shown again at once, however long.
	if !l.client.Seen(sc, traced, h.charts) {
		if g := newRunGate(ctx, sc, traced, h); g != nil {
			l.gate = g
			return
		}
	}
	l.send(ctx, sc, traced, h)
}

// send puts the run to the worker.
func (l *runLoop) send(ctx app.Context, sc scenario.Scenario, traced bool, h runHooks) {
	e := engine()
	if !e.Truthy() {
		l.err = tr().T("engine.notLoaded")
		return
	}
	l.bind(ctx)
	e.Call("listen", l.listener)
	id := e.Call("newID").Int()
	l.hooks, l.out = h, &runOutcome{}
	postWords(e)
	l.apply(ctx, l.client.Start(id, runKeyOf(sc), sc, traced, h.charts, time.Now()))
}

// prefetch runs sc ahead of its asking while the worker is idle (see
// runner.Client.Prefetch), unless it is long or stopped the engine before:
// a start of the same run later shows it at once.
func (l *runLoop) prefetch(ctx app.Context, sc scenario.Scenario, traced bool, charts []string) {
	e := engine()
	if !e.Truthy() || l.client.Running() || l.gate != nil ||
		scenario.EstimateWork(sc).Check(scenario.BrowserLimits()) != nil || newRunGate(ctx, sc, traced, runHooks{}) != nil {
		return
	}
	l.bind(ctx)
	e.Call("listen", l.listener)
	postWords(e)
	for _, f := range l.client.Prefetch(e.Call("newID").Int(), sc, traced, charts) {
		l.toWorker(f)
	}
}

// bind makes the listener that hears the worker, once, in ctx: replies
// are handled in ctx's element, and go-app drops them once that element
// is gone. start binds it in its caller's context (the view's), before a
// run may wait for a click: a run sent from the click's button would
// otherwise bind it to the button, which goes with the click.
func (l *runLoop) bind(ctx app.Context) {
	if l.listener != nil {
		return
	}
	l.client.Lang = string(tr().Lang()) // English when the page's words did not load
	l.client.Unreadable = func(err error) string {
		return tr().T("engine.unreadableReply", i18n.S("error", err.Error()))
	}
	l.listener = app.FuncOf(func(_ app.Value, args []app.Value) any {
		data := args[0].String()
		if runner.IsResult(data) {
			perfMark(markHeard, 0)
		}
		ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: ctx.Src(), Function: func(ctx app.Context) { l.hear(ctx, data) }})
		return nil
	})
}

// warmEngine asks the worker to warm the engine up while it is idle (see
// runner.KindWarm): the first edits then run as fast as the later ones.
// The worker does it once; a run asked for meanwhile goes first.
func warmEngine() {
	if e := engine(); e.Truthy() {
		req, _ := json.Marshal(runner.Request{Kind: runner.KindWarm, ID: e.Call("newID").Int()})
		e.Call("post", string(req))
	}
}

// cancel stops the run in flight, if any (runner.Client.Cancel says how),
// and drops a run waiting for a click.
func (l *runLoop) cancel() {
	l.gate = nil
	for _, f := range l.client.Cancel(time.Now()) {
		l.toWorker(f)
	}
}

// hear takes one reply from the worker.
func (l *runLoop) hear(ctx app.Context, data string) {
	l.apply(ctx, l.client.Hear(data, time.Now()))
}

// runMarks are the Performance API marks of the client's marks.
var runMarks = map[runner.PerfMark]string{
	runner.MarkPosted: markPosted, runner.MarkReceived: markReceived,
	runner.MarkResult: markResult, runner.MarkDecoded: markDecoded,
}

// toWorker applies an effect on the worker, if the page has one.
func (l *runLoop) toWorker(f runner.Effect) {
	e := engine()
	if !e.Truthy() {
		return
	}
	switch f.Kind {
	case runner.Post:
		e.Call("post", f.Request)
	case runner.RestartWorker:
		e.Call("restart")
	}
}

// apply does what the client says, in order.
func (l *runLoop) apply(ctx app.Context, effects []runner.Effect) {
	for _, f := range effects {
		switch f.Kind {
		case runner.Post, runner.RestartWorker:
			l.toWorker(f)
		case runner.Replay:
			// Each reply after the page's update, as the worker's come.
			for _, data := range f.Replies {
				id := f.ID
				ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: ctx.Src(), Function: func(ctx app.Context) {
					l.apply(ctx, l.client.HearReplay(id, data, time.Now()))
				}})
			}
		case runner.ClearMarks:
			clearRunMarks()
		case runner.Mark:
			perfMarkDetail(runMarks[f.Mark], f.At, f.Detail)
		case runner.NoteInFlight:
			markInFlight(ctx, f.Key)
		case runner.ClearInFlight:
			clearInFlight(ctx)
		case runner.RememberCrash:
			rememberCrash(ctx, f.Key, f.Why)
		case runner.LearnSpeed:
			events, engineMs := f.Events, f.EngineMs
			afterPaint(ctx, func(ctx app.Context) { learnSpeed(ctx, events, engineMs) }) // the storage can wait
		case runner.ShowProgress:
			if v := l.progress; v.view != nil {
				v.ctx.Dispatch(func(app.Context) {}) // the progress alone
			} else {
				l.redraw(ctx)
			}
		case runner.ShowResult:
			l.out.result, l.out.charts = f.Result, givenCharts{charts: f.Charts, failed: f.ChartErrors}
			// Deferred work runs after go-app's next update of the page, in
			// order: this mark first, then what the result hook deferred.
			ctx.Defer(func(app.Context) { perfMark(markRendered, 0) })
			l.hooks.result(ctx, l.out)
			perfMark(markDrawn, 0)
			l.redraw(ctx)
		case runner.ShowDone:
			l.out.trace = f.Trace
			if l.hooks.done != nil {
				l.hooks.done(ctx, l.out)
			}
			l.redraw(ctx)
		case runner.ShowError:
			l.err, l.stopped = f.Error, f.Refused != nil
			if f.Refused != nil {
				l.err = fieldErrorsText(tr(), f.Refused)
			}
			l.failed(ctx, l.err)
		case runner.ShowCrash:
			// The page says so; the client had the scenario remembered,
			// so a reload does not run it again.
			l.crashed = f.Why
			l.failed(ctx, tr().T("engine.stopped", i18n.S("why", crashWords(tr(), f.Why))))
		}
	}
}

// failed tells the owner that the run failed, and draws the page.
func (l *runLoop) failed(ctx app.Context, why string) {
	if l.hooks.failed != nil {
		l.hooks.failed(ctx, why)
	}
	l.redraw(ctx)
}

// redraw draws the page with what the run has now.
func (l *runLoop) redraw(ctx app.Context) { ctx.Dispatch(func(app.Context) {}) }

// errorStatus is the run status's state and words for err: a run that
// could not start, or one the engine stopped before its end.
func (l *runLoop) errorStatus(c *i18n.Catalog, couldNotStart string) (state, text string) {
	if l.stopped {
		return "stopped", c.T("results.status.stopped", i18n.S("error", l.err))
	}
	return "error", c.T(couldNotStart, i18n.S("error", l.err))
}

// percent is the progress bar's value, never above 100.
func (l *runLoop) percent() int { return l.client.Percent() }

// debouncer starts work after an edit: at once after a quiet spell, or
// once the edits pause for debounce. Each call replaces the work waiting.
type debouncer struct {
	pending int
	last    time.Time
}

// cancel drops the work waiting, if any.
func (d *debouncer) cancel() { d.pending++ }

// settle says the last edit's work is done (its result is on screen):
// there is nothing left to spare, so the next edit runs at once however
// soon it comes. Without it an edit made within debounce of the one
// before waits although the engine is idle.
func (d *debouncer) settle() { d.last = time.Time{} }

// after schedules fn.
func (d *debouncer) after(ctx app.Context, fn func(ctx app.Context)) {
	d.pending++
	gen := d.pending
	wait := time.Duration(0)
	if time.Since(d.last) < debounce {
		wait = debounce
	}
	d.last = time.Now()
	ctx.After(wait, func(ctx app.Context) {
		if gen == d.pending {
			fn(ctx)
		}
	})
}
