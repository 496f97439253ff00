package sweep

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"partitionlab/sim"
)

// Run runs run i of the sweep (point i / seeds with its seed i % seeds)
// and returns its headline numbers. Runs are independent: any worker may
// run any of them, in any order, and give them to Assemble.
func (p *Plan) Run(i int) (Run, error) {
	sc, err := p.Scenario(i)
	if err != nil {
		return Run{}, err
	}
	r, err := sim.RunWithin(sc, p.limits)
	if err != nil {
		return Run{}, fmt.Errorf("point %d (%s), seed %d: %w", i/p.def.Seeds+1, p.pointText(i/p.def.Seeds), sc.Seed, err)
	}
	return headline(r), nil
}

// pointText writes point k's values.
func (p *Plan) pointText(k int) string { return valuesText(p.def.Vary, p.points[k].values) }

// RunAll runs every run of the sweep on workers goroutines (GOMAXPROCS
// when workers < 1) and assembles them. progress, when not nil, is called
// after each run with the runs done so far, from the worker that ran it.
// The result does not depend on the number of workers.
func RunAll(p *Plan, workers int, progress func(done, total int)) (*Sweep, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := p.Runs()
	workers = min(workers, total)
	runs := make([]Run, total)
	errs := make([]error, total)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				runs[i], errs[i] = p.Run(i)
				if progress != nil {
					progress(int(done.Add(1)), total)
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err // the first in the sweep's order
		}
	}
	return p.Assemble(runs)
}
