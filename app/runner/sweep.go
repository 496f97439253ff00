package runner

import (
	"errors"
	"time"

	"partitionlab/app/share"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// A sweep runs in several workers at once, one per core: the page sends
// each worker some of the sweep's runs by index, and the worker answers
// each with its headline numbers. A worker that is sent more runs of the
// same sweep (the same ID) queues them; a sweep with another ID replaces
// the one in flight.

// KindSweep asks the worker to run some of a sweep's runs: Sweep is the
// whole definition, Runs their indices (sweep.Plan.Run's).
const KindSweep = "sweep"

// KindSweepRun is one run of a sweep done: Index says which, SweepRun
// holds its headline numbers, and Link (for a point's first seed) the
// address fragment that opens the run in Simulate (share.Fragment). A run that cannot start answers KindError
// with its Index.
const KindSweepRun = "sweep-run"

// KindPlan asks the worker to check a sweep (Sweep) as sweep.NewPlan
// checks it, building every point's scenario: the page's thread never
// parses the points. The worker answers KindPlanned at once.
const KindPlan = "plan"

// KindPlanned answers KindPlan: Checked holds the plan's facts
// (sweep.NewCheckedPlan makes the page's plan from them), or Problems
// say why the sweep cannot run, each naming its field or point.
const KindPlanned = "planned"

// handlePlan checks a sweep.
func handlePlan(req Request) []Reply {
	if req.Sweep == nil {
		return []Reply{{Kind: KindError, ID: req.ID, Error: "plan: the request has no sweep"}}
	}
	p, err := sweep.NewPlan(*req.Sweep, scenario.BrowserLimits())
	if err != nil {
		var in *sweep.InputError
		problems := []string{err.Error()}
		if errors.As(err, &in) {
			problems = in.Problems
		}
		return []Reply{{Kind: KindPlanned, ID: req.ID, Problems: problems}}
	}
	c := p.Checked()
	return []Reply{{Kind: KindPlanned, ID: req.ID, Checked: &c}}
}

// sweepJob is the sweep in flight in this worker.
type sweepJob struct {
	id    int
	plan  *sweep.Plan
	queue []int
	job   *Job // the run in flight, index the head of queue
}

// busy says the worker has sweep runs to make.
func (s *sweepJob) busy() bool { return s.plan != nil && (s.job != nil || len(s.queue) > 0) }

// handleSweep takes a KindSweep request.
func (s *Service) handleSweep(req Request) []Reply {
	sw := &s.sweep
	if sw.plan == nil || sw.id != req.ID {
		if req.Sweep == nil {
			return []Reply{{Kind: KindError, ID: req.ID, Error: "sweep: the request has no sweep"}}
		}
		p, err := sweep.NewWorkerPlan(*req.Sweep, scenario.BrowserLimits())
		if err != nil {
			return []Reply{{Kind: KindError, ID: req.ID, Error: err.Error()}}
		}
		*sw = sweepJob{id: req.ID, plan: p}
	}
	var out []Reply
	for _, i := range req.Runs {
		if i < 0 || i >= sw.plan.Runs() {
			out = append(out, Reply{Kind: KindError, ID: req.ID, Index: i, Error: "sweep: no such run"})
			continue
		}
		sw.queue = append(sw.queue, i)
	}
	return out
}

// cancelSweep drops sweep id, if it is the one in flight.
func (s *Service) cancelSweep(id int) {
	if s.sweep.plan != nil && s.sweep.id == id {
		s.sweep = sweepJob{}
	}
}

// stepSweep runs the sweep's run in flight for about budget, starting
// the next one when there is none, and returns its reply when it ends.
func (s *Service) stepSweep(budget time.Duration, now func() time.Time) []Reply {
	sw := &s.sweep
	i := sw.queue[0]
	if sw.job == nil {
		sc, err := sw.plan.Scenario(i)
		if err == nil {
			sw.job, err = StartWithin(sc, s.limits())
		}
		if sw.job != nil {
			sw.job.noTrace = true
		}
		if err != nil {
			sw.queue = sw.queue[1:]
			return []Reply{{Kind: KindError, ID: sw.id, Index: i, Error: err.Error()}}
		}
	}
	sw.job.Step(budget, now)
	if sw.job.Phase() != Done {
		return nil
	}
	if err := sw.job.Err(); err != nil {
		sw.job, sw.queue = nil, sw.queue[1:]
		return []Reply{{Kind: KindError, ID: sw.id, Index: i, Error: err.Error(), Refusal: refusalOf(err)}}
	}
	run := sweep.Headline(sw.job.Result())
	sw.job, sw.queue = nil, sw.queue[1:]
	reply := Reply{Kind: KindSweepRun, ID: sw.id, Index: i, SweepRun: &run, Progress: 1, Phase: Done}
	if i%sw.plan.Definition().Seeds == 0 {
		// The point's link, made here where its scenario is at hand: the
		// page's thread never compresses one.
		if sc, err := sw.plan.Scenario(i); err == nil {
			reply.Link = share.Fragment(sc, "")
		}
	}
	return []Reply{reply}
}
