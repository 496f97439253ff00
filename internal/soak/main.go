// Command soak runs random worlds against the engine's invariants on every
// core for as long as asked (make soak DURATION=30m), and writes each new
// kind of failure, shrunk, into sim/invariants/testdata/, where the
// regression test replays it.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"partitionlab/sim/invariants"
)

func main() {
	duration := flag.Duration("duration", 30*time.Minute, "how long to run")
	workers := flag.Int("workers", runtime.NumCPU(), "worlds run at once")
	seed := flag.Uint64("seed", uint64(time.Now().Unix()), "the first generator's seed (worker w uses seed+w)")
	dir := flag.String("dir", "sim/invariants/testdata", "where new failures are written")
	shrinkRuns := flag.Int("shrink-runs", 400, "runs spent shrinking one failure at most")
	maxEvents := flag.Float64("max-events", invariants.SoakLimits().MaxEvents, "the most events a world may send (the command line's limit at most)")
	flag.Parse()
	limits := invariants.SoakLimits()
	limits.MaxEvents = *maxEvents
	known, err := invariants.KnownSignatures(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
	fmt.Printf("soak: seed %d, %d workers, %s, worlds of at most %.3g events; failures go to %s\n",
		*seed, *workers, *duration, limits.MaxEvents, *dir)
	rep, err := invariants.Soak(invariants.SoakConfig{Seed: *seed, Workers: *workers, Deadline: time.Now().Add(*duration),
		Limits: limits, Dir: *dir, Known: known, ShrinkRuns: *shrinkRuns, Log: os.Stdout})
	fmt.Print(rep.Summary())
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
	if len(rep.Found) > 0 {
		os.Exit(3)
	}
}
