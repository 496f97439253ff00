package sweepclient

import "partitionlab/sim/sweep"

// MaxWorkers is the most Web Workers a sweep runs in.
const MaxWorkers = 8

// Workers is how many workers a sweep of runs runs uses: one per core the
// browser reports (navigator.hardwareConcurrency, 0 when it says
// nothing), at most MaxWorkers, never more than the runs.
func Workers(cores, runs int) int {
	return max(min(max(cores, 1), MaxWorkers, runs), 0)
}

// Pool hands a sweep's runs out, one at a time, in the sweep's order (a
// worker asks for the next when it answers, so a fast worker takes more),
// and gathers the replies in whatever order they come.
type Pool struct {
	runs   []sweep.Run
	have   []bool
	next   int
	done   int
	failed string
}

// NewPool is the schedule of a sweep of total runs.
func NewPool(total int) *Pool {
	return &Pool{runs: make([]sweep.Run, total), have: make([]bool, total)}
}

// Take is the next run to hand out, or false when all are out.
func (p *Pool) Take() (int, bool) {
	if p.next >= len(p.runs) || p.failed != "" {
		return 0, false
	}
	p.next++
	return p.next - 1, true
}

// Put keeps run i's numbers; a reply for a run not asked for or already
// in is ignored (false).
func (p *Pool) Put(i int, r sweep.Run) bool {
	if i < 0 || i >= p.next || p.have[i] || r.Digest == "" {
		return false
	}
	p.runs[i], p.have[i] = r, true
	p.done++
	return true
}

// Fail stops handing runs out: a run could not be made (why).
func (p *Pool) Fail(why string) {
	if p.failed == "" {
		p.failed = why
	}
}

// Failed says why the sweep stopped, "" when it did not.
func (p *Pool) Failed() string { return p.failed }

// Done and Total count the runs in and the runs of the sweep.
func (p *Pool) Done() int  { return p.done }
func (p *Pool) Total() int { return len(p.runs) }

// Finished says every run is in.
func (p *Pool) Finished() bool { return p.done == len(p.runs) }

// Runs are the runs so far, for sweep.Plan.Assemble: a run not in yet is
// zero (its point pending).
func (p *Pool) Runs() []sweep.Run { return append([]sweep.Run(nil), p.runs...) }
