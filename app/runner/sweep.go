package runner

import (
	"time"

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
// holds its headline numbers. A run that cannot start answers KindError
// with its Index.
const KindSweepRun = "sweep-run"

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
			sw.job, err = StartUntraced(sc)
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
	run := sweep.Headline(sw.job.Result())
	sw.job, sw.queue = nil, sw.queue[1:]
	return []Reply{{Kind: KindSweepRun, ID: sw.id, Index: i, SweepRun: &run, Progress: 1, Phase: Done}}
}
