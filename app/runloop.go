package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/runner"
	"partitionlab/sim"
)

// Slices of a run. WebAssembly has one thread: a slice holds the page for
// its whole length, so it stays under a frame's worth of input delay, and
// the pause gives the browser its turn (a timer of 0 would not return to
// the event loop at all). The page is drawn again only every redrawEvery
// during a run: drawing it after every slice cost more than the slices.
const (
	sliceBudget = 16 * time.Millisecond
	slicePause  = time.Millisecond
	redrawEvery = 100 * time.Millisecond
)

// runLoop drives one runner.Job in slices through go-app's dispatcher.
// Starting a new run cancels the one in flight: its next slice sees that
// its generation is stale and stops.
type runLoop struct {
	gen      int
	job      *runner.Job
	running  bool
	progress float64
	phase    runner.Phase
	// simMs and traceMs are how long the phases took, start to end, for
	// the performance figures.
	started time.Time
	drawn   time.Time // when the page was last drawn during the run
	simMs   float64
	traceMs float64
	// engineMs is the time spent inside the engine during the first
	// phase, without the pauses between slices.
	engineMs float64
	err      string
}

// runHooks are what the owner does when a result is ready (draw it) and
// when the job is done (the trace is there).
type runHooks struct {
	result func(ctx app.Context, j *runner.Job)
	done   func(ctx app.Context, j *runner.Job)
}

// start cancels any run in flight and starts sc.
func (l *runLoop) start(ctx app.Context, sc sim.Scenario, traced bool, h runHooks) {
	l.cancel()
	var err error
	if traced {
		l.job, err = runner.Start(sc)
	} else {
		l.job, err = runner.StartUntraced(sc)
	}
	if err != nil {
		l.err = err.Error()
		return
	}
	l.err, l.running, l.progress, l.phase = "", true, 0, runner.Simulating
	l.started, l.drawn, l.engineMs = time.Now(), time.Now(), 0
	// The first slice runs at once: the edit that started the run is drawn
	// after it, in the same frame as the progress.
	l.step(ctx, l.gen, h)
}

// next runs fn once the browser has had its turn, without drawing the page
// afterwards (go-app's Next mode); step asks for a drawing when there is
// something to show.
func (l *runLoop) next(ctx app.Context, fn func(app.Context)) {
	run := func() { ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: ctx.Src(), Function: fn}) }
	if yieldToBrowser(run) {
		return
	}
	ctx.Async(func() {
		time.Sleep(slicePause)
		run()
	})
}

// cancel stops the run in flight, if any.
func (l *runLoop) cancel() {
	l.gen++
	l.running = false
}

func (l *runLoop) step(ctx app.Context, gen int, h runHooks) {
	if gen != l.gen {
		return
	}
	j := l.job
	before := j.Phase()
	t0 := time.Now()
	changed := j.Step(sliceBudget, time.Now)
	if before == runner.Simulating {
		l.engineMs += float64(time.Since(t0).Microseconds()) / 1000
	}
	l.progress, l.phase = j.Progress(), j.Phase()
	if changed {
		ms := float64(time.Since(l.started).Microseconds()) / 1000
		if before == runner.Simulating {
			l.simMs, l.traceMs = ms, 0
			h.result(ctx, j)
		} else {
			l.traceMs = ms - l.simMs
		}
	}
	if j.Phase() == runner.Done {
		l.running = false
		if h.done != nil {
			h.done(ctx, j)
		}
		ctx.Dispatch(func(app.Context) {}) // draw the page
		return
	}
	if changed || time.Since(l.drawn) >= redrawEvery {
		l.drawn = time.Now()
		ctx.Dispatch(func(app.Context) {}) // draw the progress (or the result)
	}
	l.next(ctx, func(ctx app.Context) { l.step(ctx, gen, h) })
}

// percent is the progress bar's value, never above 100.
func (l *runLoop) percent() int { return min(int(l.progress*100), 100) }

// debouncer starts work after an edit: at once after a quiet spell, or
// once the edits pause for debounce. Each call replaces the work waiting.
type debouncer struct {
	pending int
	last    time.Time
}

// cancel drops the work waiting, if any.
func (d *debouncer) cancel() { d.pending++ }

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
