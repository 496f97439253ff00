// Package runner runs a scenario a slice at a time, so a browser tab can
// draw and answer clicks between slices (WebAssembly has one thread: a run
// done in one go would freeze the page), and then runs it once more to
// trace the keys whose ordering broke, for the violation timeline. Service
// is the worker's side of the protocol between the page and the engine's
// Web Worker, Client the page's.
//
// runner is plain Go with no UI: it must never import go-app (or net/http),
// so it tests natively and under node. The caller owns the clock: it says
// how long a slice may take and how to read the time.
package runner

import (
	"time"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// Phase is what a Job is doing.
type Phase int

// The phases of a Job, in order.
const (
	// Simulating is the run itself; Result is nil until it ends.
	Simulating Phase = iota
	// Tracing re-runs the scenario recording every processing of the keys
	// in the violation examples. The engine is deterministic, so it is the
	// same run, seen in more detail.
	Tracing
	// Done: Result and Trace are final.
	Done
)

// TraceLimit bounds the traced events: a hot key can have tens of
// thousands, and the timeline shows a window around one violation anyway.
const TraceLimit = 20000

// Job is one run of a scenario in slices.
type Job struct {
	sc     scenario.Scenario
	s      *sim.Sim
	phase  Phase
	result *sim.Result
	trace  []sim.TraceEvent
	// steps is how many engine steps one Advance call takes; it adapts so
	// the clock is read often enough to keep a slice near its budget.
	steps   int
	noTrace bool
	// limits are the place's (the run stops above their MaxHeld); err is
	// why the run stopped without a result. The traced run sets partitions
	// apart as the first one does and holds the same events, so it stops
	// only where the first did, and never runs then.
	limits scenario.Limits
	err    error
}

// Start prepares a run within the command line's limits. The scenario must
// be valid (see scenario.ParseScenario); the engine's FieldErrors are
// returned otherwise.
func Start(sc scenario.Scenario) (*Job, error) { return StartWithin(sc, scenario.CommandLineLimits()) }

// StartWithin is Start within the limits of the place the run runs.
func StartWithin(sc scenario.Scenario, l scenario.Limits) (*Job, error) {
	s, err := sim.NewWithOptions(sc, sim.Options{Limits: &l})
	if err != nil {
		return nil, err
	}
	return &Job{sc: sc, s: s, steps: 4096, limits: l}, nil
}

// Err is why the run stopped before its end without a result (it held
// more events than its limits allow: scenario.HeldError), or nil.
func (j *Job) Err() error { return j.err }

// StartUntraced prepares a run that ends with its result, without the
// second, traced run (a comparison shows no violation timeline).
func StartUntraced(sc scenario.Scenario) (*Job, error) {
	j, err := Start(sc)
	if j != nil {
		j.noTrace = true
	}
	return j, err
}

// Phase is what the job is doing.
func (j *Job) Phase() Phase { return j.phase }

// Result is the run's result, nil while the first phase runs.
func (j *Job) Result() *sim.Result { return j.result }

// Trace is every processing of the traced keys, once the job is Done
// (empty when the run had no ordering violation).
func (j *Job) Trace() []sim.TraceEvent { return j.trace }

// Progress is how far the current phase is, from 0 to 1 (never above).
func (j *Job) Progress() float64 {
	if j.phase == Done || j.s == nil {
		return 1
	}
	return min(max(j.s.Progress(), 0), 1)
}

// Step runs the job for about budget, reading the time with now, and
// reports whether the phase changed (so the caller draws the result as
// soon as there is one). It returns at once when the job is Done.
func (j *Job) Step(budget time.Duration, now func() time.Time) (phaseChanged bool) {
	if j.phase == Done {
		return false
	}
	start := now()
	for {
		t0 := now()
		finished := j.s.Advance(j.steps)
		took := now().Sub(t0)
		if finished {
			j.finishPhase()
			return true
		}
		// Aim at a few clock readings per slice: a reading costs little,
		// a step a few hundred nanoseconds.
		switch target := budget / 4; {
		case took < target/2 && j.steps < 1<<20:
			j.steps *= 2
		case took > target && j.steps > 64:
			j.steps /= 2
		}
		if now().Sub(start) >= budget {
			return false
		}
	}
}

func (j *Job) finishPhase() {
	switch j.phase {
	case Simulating:
		if j.err = j.s.Err(); j.err != nil {
			j.phase, j.s = Done, nil
			return
		}
		j.result = j.s.Result()
		keys := TraceKeys(j.result)
		if len(keys) == 0 || j.noTrace {
			j.phase, j.s = Done, nil
			return
		}
		s, err := sim.NewWithOptions(j.sc, sim.Options{Trace: keys, TraceLimit: TraceLimit, Limits: &j.limits})
		if err != nil { // cannot happen: the same scenario was accepted
			j.phase, j.s = Done, nil
			return
		}
		j.phase, j.s = Tracing, s
	case Tracing:
		j.trace = j.s.Result().Trace
		j.phase, j.s = Done, nil
	}
}

// TraceKeys are the scope keys of a result's violation examples, each once,
// in the order of the examples.
func TraceKeys(r *sim.Result) []sim.TraceKey {
	var keys []sim.TraceKey
	seen := map[sim.TraceKey]bool{}
	for _, v := range r.Ordering.Examples {
		k := sim.TraceKey{Scope: v.Scope, Key: v.Key}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// RunAll runs a job to the end in one go, for tests and the command line.
func RunAll(sc scenario.Scenario) (*Job, error) {
	j, err := Start(sc)
	if err != nil {
		return nil, err
	}
	for j.Phase() != Done {
		j.Step(time.Hour, time.Now)
	}
	return j, nil
}
