package app

import (
	"encoding/json"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/app/share"
	"partitionlab/app/sweepclient"
	"partitionlab/sim/sweep"
)

// perWorker is how many runs a worker holds at once: the next waits in
// its queue while the page handles the reply of the last.
const perWorker = 2

// sweepRun is a sweep running in Web Workers, one per core the browser
// reports (at most sweepclient.MaxWorkers), each the engine-only module
// Simulate runs in (web/engine.js's spawn). Workers stay for the next
// sweep, warm; a cancelled sweep is dropped by each worker within a slice.
type sweepRun struct {
	workers []app.Value
	hears   []app.Func
	id      int
	plan    *sweep.Plan
	def     sweep.Definition
	pool    *sweepclient.Pool
	running bool
	err     string
	started time.Time
	tookMs  float64
	drawn   time.Time
	update  func(ctx app.Context, s *sweep.Sweep, final bool)
	// links open each point's first seed in Simulate, made as it
	// arrives (a link costs a compression: all at once would hold the
	// page).
	links []string
}

// start runs plan, calling update with the sweep assembled as runs come
// in (the charts at most every sweepRedrawEvery) and once at the end.
func (r *sweepRun) start(ctx app.Context, plan *sweep.Plan, update func(ctx app.Context, s *sweep.Sweep, final bool)) {
	r.cancel()
	e := engine()
	if !e.Truthy() || !e.Get("spawn").Truthy() {
		r.err = tr().T("engine.notLoaded")
		return
	}
	n := sweepclient.Workers(cores(), plan.Runs())
	for len(r.workers) < n {
		w := len(r.workers)
		hear := app.FuncOf(func(_ app.Value, args []app.Value) any {
			data := args[0].String()
			ctx.Dispatch(func(ctx app.Context) { r.hear(ctx, w, data) })
			return nil
		})
		r.hears = append(r.hears, hear)
		r.workers = append(r.workers, e.Call("spawn", hear))
	}
	r.id = e.Call("newID").Int()
	r.plan, r.def, r.update = plan, plan.Definition(), update
	r.pool = sweepclient.NewPool(plan.Runs())
	r.links = make([]string, plan.Points())
	r.running, r.err, r.started, r.tookMs, r.drawn = true, "", time.Now(), 0, time.Time{}
	for w := range n {
		for range perWorker {
			r.give(w)
		}
	}
	r.assemble(ctx, false)
}

// give sends worker w the next run, if any is left.
func (r *sweepRun) give(w int) {
	i, ok := r.pool.Take()
	if !ok {
		return
	}
	req, _ := json.Marshal(runner.Request{Kind: runner.KindSweep, ID: r.id, Sweep: &r.def, Runs: []int{i}})
	r.workers[w].Call("post", string(req))
}

// hear takes one reply of worker w.
func (r *sweepRun) hear(ctx app.Context, w int, data string) {
	var rep runner.Reply
	if err := json.Unmarshal([]byte(data), &rep); err != nil {
		rep = runner.Reply{Kind: runner.KindCrash, Error: err.Error()}
	}
	if rep.Kind == runner.KindCrash {
		// The worker is gone: a fresh one replaces it for the next sweep.
		r.workers[w].Call("terminate")
		r.workers[w] = engine().Call("spawn", r.hears[w])
		if r.running {
			r.fail(ctx, tr().T("engine.stopped", i18n.S("why", crashWords(tr(), rep.Error))))
		}
		return
	}
	if !r.running || rep.ID != r.id {
		return // a sweep replaced or cancelled since
	}
	switch rep.Kind {
	case runner.KindError:
		r.fail(ctx, rep.Error)
	case runner.KindSweepRun:
		if rep.SweepRun == nil || !r.pool.Put(rep.Index, *rep.SweepRun) {
			return
		}
		r.give(w)
		if seeds := r.def.Seeds; rep.Index%seeds == 0 {
			if sc, err := r.plan.Scenario(rep.Index); err == nil {
				r.links[rep.Index/seeds] = href("/") + "#" + share.Fragment(sc, "")
			}
		}
		final := r.pool.Finished()
		if final {
			r.running, r.tookMs = false, float64(time.Since(r.started).Microseconds())/1000
		}
		r.assemble(ctx, final)
	}
}

// assemble puts the runs in so far together and hands them to update:
// at every reply the progress, the charts when due.
func (r *sweepRun) assemble(ctx app.Context, final bool) {
	if !final && time.Since(r.drawn) < sweepRedrawEvery {
		return
	}
	s, err := r.plan.Assemble(r.pool.Runs())
	if err != nil {
		r.fail(ctx, fieldErrorsText(tr(), err))
		return
	}
	r.drawn = time.Now()
	r.update(ctx, s, final)
}

func (r *sweepRun) fail(ctx app.Context, why string) {
	r.pool.Fail(why)
	r.err = why
	r.cancel()
}

// cancel stops the sweep in flight: each worker drops its runs.
func (r *sweepRun) cancel() {
	if !r.running {
		return
	}
	r.running = false
	req, _ := json.Marshal(runner.Request{Kind: runner.KindCancel, ID: r.id})
	for _, w := range r.workers {
		w.Call("post", string(req))
	}
}

// stop ends the workers (the page goes away).
func (r *sweepRun) stop() {
	r.running = false
	for _, w := range r.workers {
		w.Call("terminate")
	}
	for _, h := range r.hears {
		h.Release()
	}
	r.workers, r.hears = nil, nil
}

// percent is the share of the runs in.
func (r *sweepRun) percent() int {
	if r.pool == nil || r.pool.Total() == 0 {
		return 0
	}
	return r.pool.Done() * 100 / r.pool.Total()
}
