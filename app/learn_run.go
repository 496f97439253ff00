package app

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/sim"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// lessonState is what the page keeps about the lesson on screen: the
// learner's value for each control of each step, and the runs done, so
// Back shows a step at once and a step's checks can compare with the
// steps before it.
type lessonState struct {
	// lesson values per step and control: what the lesson itself uses.
	defaults [][]any
	values   [][]any
	// typed is the text of number inputs, which may not be a valid value
	// (then errs says why and the step keeps its last valid value).
	typed  [][]string
	errs   [][]string
	reveal []bool
	// runs are keyed by runKey. A step keeps its run with the lesson's
	// values and the latest with the learner's.
	runs map[string]*stepRun
}

func newLessonState(l lessons.Lesson) *lessonState {
	st := &lessonState{runs: map[string]*stepRun{}, reveal: make([]bool, len(l.Steps))}
	for _, s := range l.Steps {
		vals := make([]any, len(s.Controls))
		typed := make([]string, len(s.Controls))
		for i, c := range s.Controls {
			vals[i], _ = s.Value(c.Path) // Verify (a test) reads every control
			typed[i] = valueText(vals[i])
		}
		st.defaults = append(st.defaults, vals)
		st.values = append(st.values, slices.Clone(vals))
		st.typed = append(st.typed, typed)
		st.errs = append(st.errs, make([]string, len(s.Controls)))
	}
	return st
}

// sets are the learner's changes to step si, one path=value for each
// control moved away from the lesson's value.
func (st *lessonState) sets(s lessons.Step, si int) []string {
	var sets []string
	for i, c := range s.Controls {
		if !reflect.DeepEqual(st.values[si][i], st.defaults[si][i]) {
			sets = append(sets, c.Set(st.values[si][i]))
		}
	}
	return sets
}

// keep stores a finished run, dropping the step's earlier run with other
// values of the learner's: memory stays at two runs per step.
func (st *lessonState) keep(r *stepRun) {
	for k, old := range st.runs {
		if old.stepIndex == r.stepIndex && len(old.sets) > 0 {
			delete(st.runs, k)
		}
	}
	st.runs[r.key] = r
}

// stepRun is one step run with some values and checked.
type stepRun struct {
	stepIndex int
	sets      []string
	key       string
	out       *lessons.Output
	err       string
	// checks are held when the run is shown: they may compare with earlier
	// steps, which run first.
	checks []lessons.CheckOutcome

	// A simulation's scenario, result and trace; the view is drawn when
	// the run is first shown.
	sc     scenario.Scenario
	res    *sim.Result
	charts givenCharts // drawn by the engine's worker
	trace  []sim.TraceEvent
	traced bool
	view   *resultView
}

func runKey(si int, sets []string) string {
	return strconv.Itoa(si) + "\x00" + strings.Join(sets, "\x00")
}

// learnJob is a step to run: the earlier steps a step's checks compare
// with run first, with the lesson's values.
type learnJob struct {
	stepIndex int
	sets      []string
}

// showStep shows the current step with the learner's values: at once when
// that run is done, otherwise after running what it needs.
func (p *learnPage) showStep(ctx app.Context) {
	p.gen++
	p.loop.cancel()
	p.wait.cancel()
	step := p.step()
	sets := p.state.sets(step, p.stepIndex)
	p.want = runKey(p.stepIndex, sets)
	p.try, p.tryErr, p.embed, p.curve = "", "", nil, ""
	if step.Kind() == lessons.KindSimulate {
		p.curve = curveHref(step, sets)
		if h, err := tryHref(step, sets); err != nil {
			p.tryErr = fieldErrorsText(tr(), err)
		} else {
			p.try = h
		}
		p.embed = stepEmbed(step, sets)
	}
	if p.shown != nil && p.shown.stepIndex != p.stepIndex {
		p.shown = nil // another step's result must not stand for this one
	}
	var jobs []learnJob
	for _, n := range step.References() {
		if n-1 < p.stepIndex {
			jobs = append(jobs, learnJob{stepIndex: n - 1})
		}
	}
	p.runJobs(ctx, p.gen, append(jobs, learnJob{stepIndex: p.stepIndex, sets: sets}))
}

// runJobs runs the jobs in order, one at a time (the page has one
// thread), skipping those already done, and shows the last.
func (p *learnPage) runJobs(ctx app.Context, gen int, jobs []learnJob) {
	if gen != p.gen || len(jobs) == 0 {
		return
	}
	j, rest := jobs[0], jobs[1:]
	last := len(rest) == 0
	key := runKey(j.stepIndex, j.sets)
	finished := func(ctx app.Context, r *stepRun) {
		p.state.keep(r)
		if last {
			p.show(ctx, r)
			p.prefetchNext(ctx)
		} else {
			p.runJobs(ctx, gen, rest)
		}
	}
	if r := p.state.runs[key]; r != nil {
		finished(ctx, r)
		return
	}
	r := &stepRun{stepIndex: j.stepIndex, sets: j.sets, key: key}
	step := p.lesson().Steps[j.stepIndex]
	sc, err := step.Scenario(j.sets...)
	if step.Kind() != lessons.KindSimulate || err != nil {
		// A calculation, or a scenario the engine refuses: either takes
		// no time to run.
		var runErr error
		if r.out, runErr = step.Calculate(j.sets...); runErr != nil {
			r.err = fieldErrorsText(tr(), runErr)
		}
		finished(ctx, r)
		return
	}
	p.loop.start(ctx, sc, true, runHooks{
		charts: chart.ResultIDs,
		result: func(ctx app.Context, job *runOutcome) {
			r.sc, r.res, r.charts = sc, job.Result(), job.Charts()
			var outErr error
			if r.out, outErr = lessons.SimOutput(sc, r.res); outErr != nil {
				r.err = fieldErrorsText(tr(), outErr)
			}
			if last {
				p.show(ctx, r) // at once; the trace follows
			}
		},
		// Kept only once traced, so a run shown again from memory never
		// waits for a trace that was cancelled.
		done: func(ctx app.Context, job *runOutcome) {
			r.trace, r.traced = job.Trace(), true
			if r.view != nil {
				attachTrace(r.view, r.trace)
			}
			finished(ctx, r)
		},
		failed: func(ctx app.Context, err string) {
			r.err = err
			finished(ctx, r)
		},
	})
	if p.loop.err != "" {
		r.err = p.loop.err
		finished(ctx, r)
	}
}

// prefetchNext runs the next step, with the learner's values, while the
// reader reads this one, when it is a simulation whose earlier steps are
// done: Next then shows it at once (runLoop.prefetch).
func (p *learnPage) prefetchNext(ctx app.Context) {
	next := p.stepIndex + 1
	if next >= len(p.lesson().Steps) {
		return
	}
	step := p.lesson().Steps[next]
	sets := p.state.sets(step, next)
	if step.Kind() != lessons.KindSimulate || p.state.runs[runKey(next, sets)] != nil {
		return
	}
	for _, n := range step.References() {
		if n-1 < next && p.state.runs[runKey(n-1, nil)] == nil {
			return
		}
	}
	if sc, err := step.Scenario(sets...); err == nil {
		p.loop.prefetch(ctx, sc, true, chart.ResultIDs)
	}
}

// show puts a run on screen, holding the step's checks against it.
func (p *learnPage) show(ctx app.Context, r *stepRun) {
	step := p.lesson().Steps[r.stepIndex]
	if r.out != nil && r.checks == nil {
		r.checks = step.Evaluate(r.out, p.earlier(r.stepIndex))
	}
	if r.res != nil && r.view == nil {
		p.views++
		r.view = newResultViewWith(r.sc, r.res, p.views, r.charts)
		if r.traced {
			attachTrace(r.view, r.trace)
		}
	}
	p.shown = r
	ctx.Defer(func(app.Context) { openDetailsFor(step.LookAt) })
}

// attachTrace gives a view its traced run, as the Simulate page does: an
// empty trace still means tracing is over.
func attachTrace(v *resultView, trace []sim.TraceEvent) {
	if trace != nil {
		v.setTrace(trace)
	} else {
		v.traced = true
	}
}

// earlier are the outputs of the steps before si with the lesson's values,
// nil for those not run (no check of step si names them).
func (p *learnPage) earlier(si int) []*lessons.Output {
	outs := make([]*lessons.Output, si)
	for k := range outs {
		if r := p.state.runs[runKey(k, nil)]; r != nil {
			outs[k] = r.out
		}
	}
	return outs
}

// current reports whether the run on screen is the one the learner's
// values ask for.
func (p *learnPage) current() bool { return p.shown != nil && p.shown.key == p.want }
