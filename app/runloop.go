package app

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// redrawEvery is how often the page draws a run's progress: drawing it at
// every message from the engine would cost more than the messages.
const redrawEvery = 100 * time.Millisecond

// restartAfter is how long a run goes on before cancelling it replaces the
// worker instead of asking it: a fresh worker costs tens of milliseconds
// (engine.wasm is compiled and cached), a stuck one much more.
const restartAfter = time.Second

// runLoop is one view's runs. Every run goes to the engine's Web Worker
// (web/engine.js, app/engineworker), so the page's thread only sends the
// scenario and draws the replies: it answers input whatever the engine
// does. Starting a run replaces the one in flight.
type runLoop struct {
	id      int // the run in flight, or the last one
	running bool
	share   float64 // of the run done, 0..1
	phase   runner.Phase
	partial *runner.Partial
	hooks   runHooks
	out     *runOutcome
	key     string // runKey of the run in flight
	started time.Time
	drawn   time.Time // when the page was last drawn during the run
	// simMs is the time from the request to the result, traceMs from the
	// result to the trace, and engineMs the engine's own time in the
	// worker, for the performance figures.
	simMs    float64
	traceMs  float64
	engineMs float64
	err      string
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
	result func(ctx app.Context, o *runOutcome)
	done   func(ctx app.Context, o *runOutcome)
	failed func(ctx app.Context, err string)
}

// runOutcome is what a run gave: its result, then its trace.
type runOutcome struct {
	result *sim.Result
	trace  []sim.TraceEvent
}

// Result is the run's result.
func (o *runOutcome) Result() *sim.Result { return o.result }

// Trace is every processing of the traced keys, once the run is done (nil
// when there was nothing to trace).
func (o *runOutcome) Trace() []sim.TraceEvent { return o.trace }

// engine is the page's link to the worker, set up by web/engine.js.
func engine() app.Value { return app.Window().Get("partitionlabEngine") }

// start cancels any run in flight and starts sc, or holds it behind a
// click when it is long or stopped the engine before.
func (l *runLoop) start(ctx app.Context, sc scenario.Scenario, traced bool, h runHooks) {
	l.cancel()
	l.err, l.crashed, l.gate = "", "", nil
	// Too much work for a browser tab: refused at once, naming the fields.
	// (l.err says why; failed is for what the worker says later.)
	if err := scenario.EstimateWork(sc).Check(scenario.BrowserLimits()); err != nil {
		l.err = fieldErrorsText(tr(), err)
		return
	}
	if g := newRunGate(ctx, sc, traced, h); g != nil {
		l.gate = g
		return
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
	if l.listener == nil {
		l.listener = app.FuncOf(func(_ app.Value, args []app.Value) any {
			data := args[0].String()
			if strings.HasPrefix(data, `{"kind":"`+runner.KindResult+`"`) {
				perfMark(markHeard, 0)
			}
			ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: ctx.Src(), Function: func(ctx app.Context) { l.hear(ctx, data) }})
			return nil
		})
	}
	e.Call("listen", l.listener)
	l.id = e.Call("newID").Int()
	req, _ := json.Marshal(runner.Request{Kind: runner.KindRun, ID: l.id, Scenario: scenario.MarshalScenario(sc), Traced: traced})
	l.key = runKeyOf(sc)
	clearRunMarks()
	e.Call("post", string(req))
	perfMark(markPosted, 0)
	// Noted once the worker has the run, which goes on meanwhile: the
	// reply waits for this task to end, and a run that kills the tab
	// takes far longer than this.
	markInFlight(ctx, l.key)
	l.hooks, l.out = h, &runOutcome{}
	l.running, l.share, l.phase, l.partial = true, 0, runner.Simulating, nil
	l.started, l.drawn, l.simMs, l.traceMs, l.engineMs = time.Now(), time.Now(), 0, 0, 0
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

// cancel stops the run in flight, if any, and drops a run waiting for a
// click. A short run is asked to stop (the worker looks between slices);
// a run that has gone on for restartAfter is stopped by replacing the
// worker, so a step that holds it for long, or much memory, goes at once.
func (l *runLoop) cancel() {
	l.gate = nil
	if !l.running {
		return
	}
	l.running = false
	e := engine()
	switch {
	case !e.Truthy():
	case time.Since(l.started) >= restartAfter:
		e.Call("restart")
	default:
		req, _ := json.Marshal(runner.Request{Kind: runner.KindCancel, ID: l.id})
		e.Call("post", string(req))
	}
}

// hear takes one reply from the worker.
func (l *runLoop) hear(ctx app.Context, data string) {
	var r runner.Reply
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		r = runner.Reply{Kind: runner.KindCrash, Error: tr().T("engine.unreadableReply", i18n.S("error", err.Error()))}
	}
	if r.Kind == runner.KindCrash {
		l.onCrash(ctx, r.Error)
		return
	}
	if !l.running || r.ID != l.id {
		return // a run replaced or cancelled since
	}
	switch r.Kind {
	case runner.KindProgress:
		l.share, l.phase = r.Progress, r.Phase
		if r.Partial != nil {
			l.partial = r.Partial
		}
		if time.Since(l.drawn) < redrawEvery {
			break
		}
		if v := l.progress; v.view != nil {
			l.drawn = time.Now()
			v.ctx.Dispatch(func(app.Context) {}) // the progress alone
		} else {
			l.redraw(ctx)
		}
	case runner.KindResult:
		perfMark(markDecoded, 0)
		if t := r.Timing; t != nil {
			perfMark(markReceived, t.Received)
			perfMarkDetail(markResult, t.Result, map[string]any{"start_ms": t.StartMs, "slices": t.Slices, "engine_ms": r.EngineMs})
		}
		l.simMs = ms(time.Since(l.started))
		l.engineMs, l.share, l.phase = r.EngineMs, r.Progress, r.Phase
		events, engineMs := r.Result.EventsProduced, r.EngineMs
		afterPaint(ctx, func(ctx app.Context) { learnSpeed(ctx, events, engineMs) }) // the storage can wait
		l.out.result = r.Result
		// Deferred work runs after go-app's next update of the page, in
		// order: this mark first, then what the result hook deferred.
		ctx.Defer(func(app.Context) { perfMark(markRendered, 0) })
		l.hooks.result(ctx, l.out)
		perfMark(markDrawn, 0)
		l.redraw(ctx)
	case runner.KindDone:
		l.traceMs = ms(time.Since(l.started)) - l.simMs
		l.running, l.share, l.phase = false, 1, runner.Done
		l.out.trace = r.Trace
		clearInFlight(ctx)
		if l.hooks.done != nil {
			l.hooks.done(ctx, l.out)
		}
		l.redraw(ctx)
	case runner.KindError:
		l.running, l.err = false, r.Error
		clearInFlight(ctx)
		if l.hooks.failed != nil {
			l.hooks.failed(ctx, r.Error)
		}
		l.redraw(ctx)
	}
}

// onCrash is the worker gone: the page says so, remembers the scenario so
// a reload does not run it again, and starts a fresh worker.
func (l *runLoop) onCrash(ctx app.Context, why string) {
	if e := engine(); e.Truthy() {
		e.Call("restart")
	}
	if !l.running {
		return
	}
	l.running, l.crashed = false, why
	rememberCrash(ctx, l.key, why)
	clearInFlight(ctx)
	if l.hooks.failed != nil {
		l.hooks.failed(ctx, tr().T("engine.stopped", i18n.S("why", crashWords(tr(), why))))
	}
	l.redraw(ctx)
}

// redraw draws the page with what the run has now.
func (l *runLoop) redraw(ctx app.Context) {
	l.drawn = time.Now()
	ctx.Dispatch(func(app.Context) {})
}

// percent is the progress bar's value, never above 100.
func (l *runLoop) percent() int { return min(int(l.share*100), 100) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

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
