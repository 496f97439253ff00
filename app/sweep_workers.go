package app

import (
	"encoding/json"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
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
	// frags are the address fragments that open each point's first seed
	// in Simulate: the worker that ran it makes one, so the page never
	// compresses one.
	frags []string
	// planID is the plan request awaited (0 none); planned hears its
	// answer.
	planID  int
	planned func(ctx app.Context, rep runner.Reply)
	// progressed redraws the progress alone: a reply that changes
	// nothing else does not redraw the whole page.
	progressed func()
}

// spawn makes sure n workers are up, and says whether the engine is
// there to make them.
func (r *sweepRun) spawn(ctx app.Context, n int) bool {
	e := engine()
	if !e.Truthy() || !e.Get("spawn").Truthy() {
		r.err = tr().T("engine.notLoaded")
		return false
	}
	for len(r.workers) < n {
		w := len(r.workers)
		hear := app.FuncOf(func(_ app.Value, args []app.Value) any {
			data := args[0].String()
			// Mode Next: the reply decides what to redraw.
			ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: ctx.Src(), Function: func(ctx app.Context) {
				if r.hear(ctx, w, data) {
					ctx.Dispatch(func(app.Context) {})
				} else if r.progressed != nil {
					r.progressed()
				}
			}})
			return nil
		})
		r.hears = append(r.hears, hear)
		r.workers = append(r.workers, e.Call("spawn", hear))
	}
	return true
}

// check asks a worker to check def (sweep.NewPlan there, so the page's
// thread never parses the points), spawning the n workers the sweep will
// run in; planned hears the answer, unless another check replaced it.
func (r *sweepRun) check(ctx app.Context, def sweep.Definition, n int, planned func(ctx app.Context, rep runner.Reply)) {
	r.cancel()
	r.planID, r.planned = 0, nil
	if !r.spawn(ctx, max(n, 1)) {
		return
	}
	r.err = ""
	r.planID, r.planned = engine().Call("newID").Int(), planned
	req, _ := json.Marshal(runner.Request{Kind: runner.KindPlan, ID: r.planID, Sweep: &def})
	r.workers[0].Call("post", string(req))
}

// start runs plan, calling update with the sweep assembled as runs come
// in (the charts at most every sweepRedrawEvery) and once at the end.
func (r *sweepRun) start(ctx app.Context, plan *sweep.Plan, update func(ctx app.Context, s *sweep.Sweep, final bool)) {
	r.cancel()
	n := sweepclient.Workers(cores(), plan.Runs())
	if !r.spawn(ctx, n) {
		return
	}
	r.id = engine().Call("newID").Int()
	r.plan, r.def, r.update = plan, plan.Definition(), update
	r.pool = sweepclient.NewPool(plan.Runs())
	r.frags = make([]string, plan.Points())
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

// hear takes one reply of worker w, and says whether the page is to be
// redrawn (else the progress alone).
func (r *sweepRun) hear(ctx app.Context, w int, data string) bool {
	var rep runner.Reply
	if err := json.Unmarshal([]byte(data), &rep); err != nil {
		rep = runner.Reply{Kind: runner.KindCrash, Error: err.Error()}
	}
	if rep.Kind == runner.KindCrash {
		// The worker is gone: a fresh one replaces it for the next sweep.
		r.workers[w].Call("terminate")
		r.workers[w] = engine().Call("spawn", r.hears[w])
		why := tr().T("engine.stopped", i18n.S("why", crashWords(tr(), rep.Error)))
		switch {
		case r.running:
			r.fail(ctx, why)
		case r.planID != 0 && w == 0:
			r.planID, r.err = 0, why
		}
		return true
	}
	if rep.Kind == runner.KindPlanned {
		if rep.ID != r.planID || r.planned == nil {
			return false // a check replaced since
		}
		planned := r.planned
		r.planID, r.planned = 0, nil
		planned(ctx, rep)
		return true
	}
	if !r.running || rep.ID != r.id {
		return false // a sweep replaced or cancelled since
	}
	switch rep.Kind {
	case runner.KindError:
		if e := rep.Refusal.Errors(); e != nil {
			r.fail(ctx, fieldErrorsText(tr(), e))
			return true
		}
		r.fail(ctx, rep.Error)
		return true
	case runner.KindSweepRun:
		if rep.SweepRun == nil || !r.pool.Put(rep.Index, *rep.SweepRun) {
			return false
		}
		r.give(w)
		if k := rep.Index / r.def.Seeds; rep.Link != "" && k < len(r.frags) {
			r.frags[k] = rep.Link
		}
		final := r.pool.Finished()
		if final {
			r.running, r.tookMs = false, float64(time.Since(r.started).Microseconds())/1000
		}
		return r.assemble(ctx, final)
	}
	return false
}

// assemble puts the runs in so far together and hands them to update,
// at most every sweepRedrawEvery and at the end; it says whether it did.
func (r *sweepRun) assemble(ctx app.Context, final bool) bool {
	if !final && time.Since(r.drawn) < sweepRedrawEvery {
		return false
	}
	s, err := r.plan.Assemble(r.pool.Runs())
	if err != nil {
		r.fail(ctx, fieldErrorsText(tr(), err))
		return true
	}
	r.drawn = time.Now()
	r.update(ctx, s, final)
	return true
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

// link is the address that opens point k in Simulate, "" until its
// first seed is in.
func (r *sweepRun) link(k int) string {
	if k >= len(r.frags) || r.frags[k] == "" {
		return ""
	}
	return href("/") + "#" + r.frags[k]
}
