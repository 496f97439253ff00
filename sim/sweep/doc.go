// Package sweep runs one scenario many times, varying one or two of its
// settings (topic.partitions, producers.0.salting.buckets, ...) over a range
// or a list of values, each point with one or more seeds, and finds the
// trade-off in the results: the frontier of balance against ordering
// violations, the points that meet a team's requirements and the cheapest of
// them.
//
// A sweep is a Definition (the scenario, what varies, the seeds and the
// requirements). NewPlan checks it, builds every point's scenario with the
// same path=value changes as the command line's --set, and refuses the
// whole sweep before anything runs when its work is above the caller's
// limits. Plan.Run runs one point with one seed, by index, so that workers
// (goroutines natively, Web Workers in the browser) can share the runs in
// any order; Plan.Assemble puts the runs back in the sweep's order, so the
// output is the same however many workers ran them (with runs not yet in,
// their points are pending and the frontier is drawn from the others).
// RunAll does both on goroutines. A worker that runs a few of the runs
// makes its plan with NewWorkerPlan, which builds only the points it runs.
//
// The engine itself stays single-threaded: a run is sim.Run. sweep imports
// only sim and the standard library; it must never import go-app,
// gonum/plot or net/http.
package sweep
