package invariants

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"partitionlab/sim/scenario"
)

// SoakConfig says how long and how wide a soak runs.
type SoakConfig struct {
	// Seed is the first generator's seed; worker w uses Seed+w, so a world
	// is found again from its Origin.
	Seed    uint64
	Workers int
	// Worlds, when above 0, is how many worlds to run in all (split over
	// the workers, so the same worlds whatever the timing); otherwise the
	// soak runs until Deadline.
	Worlds   int
	Deadline time.Time
	Limits   scenario.Limits
	// Dir, when set, receives each new kind of failure, shrunk, as a file.
	Dir string
	// Known are failure signatures already kept (KnownSignatures), with why:
	// they are counted, not shrunk or written again.
	Known map[string]string
	// ShrinkRuns bounds the runs spent shrinking one failure.
	ShrinkRuns int
	// Log, when set, gets a line per new failure and progress lines.
	Log io.Writer
}

// SoakReport is what a soak covered and found.
type SoakReport struct {
	Worlds     int
	SimulatedS float64
	// Outcomes counts each invariant's outcomes over the worlds.
	Outcomes map[string]map[Outcome]int
	// Found lists one failure per new signature (shrunk when Dir is set),
	// in the order found; Repeats counts the worlds that failed again in a
	// way found before, Known those that failed in a known way, by signature.
	Found   []Failure
	Repeats map[string]int
	Known   map[string]int
	// Files are the failure files written.
	Files []string
	// Elapsed is the soak's wall time.
	Elapsed time.Duration
}

type soak struct {
	cfg    SoakConfig
	mu     sync.Mutex
	rep    SoakReport
	seen   map[string]bool
	start  time.Time
	errors []error
}

// Soak generates worlds on cfg.Workers goroutines, checks every invariant
// on each, and shrinks and keeps each new kind of failure.
func Soak(cfg SoakConfig) (SoakReport, error) {
	s := &soak{cfg: cfg, seen: map[string]bool{}, start: time.Now()}
	s.rep.Outcomes, s.rep.Known, s.rep.Repeats = map[string]map[Outcome]int{}, map[string]int{}, map[string]int{}
	var wg sync.WaitGroup
	for w := range max(1, cfg.Workers) {
		wg.Go(func() { s.work(w) })
	}
	if cfg.Log != nil && cfg.Worlds == 0 {
		done := make(chan struct{})
		go s.progress(done)
		defer close(done)
	}
	wg.Wait()
	s.rep.Elapsed = time.Since(s.start)
	if len(s.errors) > 0 {
		return s.rep, s.errors[0]
	}
	return s.rep, nil
}

func (s *soak) work(w int) {
	g := NewGenerator(s.cfg.Seed+uint64(w), s.cfg.Limits)
	workers := max(1, s.cfg.Workers)
	for i := 0; ; i++ {
		if s.cfg.Worlds > 0 && i*workers+w >= s.cfg.Worlds {
			return
		}
		if s.cfg.Worlds == 0 && time.Now().After(s.cfg.Deadline) {
			return
		}
		world, err := g.Next()
		if err != nil {
			s.fail(err)
			return
		}
		verdicts := RunAndCheck(world.Scenario, All())
		s.count(world, verdicts)
		for _, v := range verdicts {
			if v.Outcome == Broken {
				s.found(world, v)
			}
		}
	}
}

func (s *soak) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors = append(s.errors, err)
}

func (s *soak) count(w World, vs []Verdict) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rep.Worlds++
	s.rep.SimulatedS += w.Scenario.DurationS
	for _, v := range vs {
		if s.rep.Outcomes[v.Invariant] == nil {
			s.rep.Outcomes[v.Invariant] = map[Outcome]int{}
		}
		s.rep.Outcomes[v.Invariant][v.Outcome]++
	}
}

// found handles a broken invariant: a known kind is counted; a new one is
// shrunk (when a directory will keep it) and kept.
func (s *soak) found(w World, v Verdict) {
	f := NewFailure(w.Scenario, v, w.Origin)
	sig := f.Signature()
	s.mu.Lock()
	if _, known := s.cfg.Known[sig]; known {
		s.rep.Known[sig]++
		s.mu.Unlock()
		return
	}
	if s.seen[sig] {
		s.rep.Repeats[sig]++
		s.mu.Unlock()
		return
	}
	s.seen[sig] = true
	s.mu.Unlock()
	s.logf("broken %s in %s: %s", v.Invariant, w.Origin, v.Detail)
	if s.cfg.Dir != "" {
		sh := Shrinker{MaxRuns: s.cfg.ShrinkRuns, Deadline: time.Now().Add(3 * time.Minute)}
		small, sv, runs := sh.Shrink(w.Scenario, v)
		f = NewFailure(small, sv, w.Origin+fmt.Sprintf(", shrunk in %d runs", runs))
		path, err := WriteFailure(s.cfg.Dir, f)
		if err != nil {
			s.fail(err)
			return
		}
		s.logf("kept %s (%d runs of shrinking): %s", path, runs, sv.Detail)
		s.mu.Lock()
		s.rep.Files = append(s.rep.Files, path)
		s.mu.Unlock()
	}
	s.mu.Lock()
	s.rep.Found = append(s.rep.Found, f)
	s.mu.Unlock()
}

func (s *soak) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.mu.Lock()
		fmt.Fprintf(s.cfg.Log, format+"\n", args...)
		s.mu.Unlock()
	}
}

func (s *soak) progress(done chan struct{}) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			s.mu.Lock()
			worlds, sec, found := s.rep.Worlds, s.rep.SimulatedS, len(s.rep.Found)
			s.mu.Unlock()
			s.logf("%s: %d worlds, %.0f simulated s, %d new kinds of failure", time.Since(s.start).Round(time.Second), worlds, sec, found)
		}
	}
}

// Summary is the report in a few lines: what was covered, each
// invariant's outcomes, what was found.
func (r SoakReport) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d worlds, %.0f simulated seconds in %s\n", r.Worlds, r.SimulatedS, r.Elapsed.Round(time.Second))
	for _, inv := range All() {
		o := r.Outcomes[inv.Name]
		fmt.Fprintf(&b, "  %-34s held %d, broken %d, not applicable %d, not measurable %d\n", inv.Name,
			o[Held], o[Broken], o[NotApplicable], o[NotMeasurable])
	}
	fmt.Fprintf(&b, "%d new kinds of failure\n", len(r.Found))
	for _, f := range r.Found {
		fmt.Fprintf(&b, "  %s (%s): %s\n", f.Invariant, f.Origin, f.Detail)
	}
	for _, counts := range []struct {
		what string
		by   map[string]int
	}{{"again", r.Repeats}, {"known", r.Known}} {
		sigs := make([]string, 0, len(counts.by))
		for sig := range counts.by {
			sigs = append(sigs, sig)
		}
		sort.Strings(sigs)
		for _, sig := range sigs {
			fmt.Fprintf(&b, "  %s in %d more worlds: %s\n", counts.what, counts.by[sig], sig)
		}
	}
	for _, f := range slices.Sorted(slices.Values(r.Files)) {
		fmt.Fprintf(&b, "  wrote %s\n", f)
	}
	return b.String()
}
