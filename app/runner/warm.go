package runner

import (
	"time"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// KindWarm asks the engine to run the default scenario a few times while
// it has nothing else to do, and to say nothing about it. A freshly
// compiled WebAssembly module runs its first few runs in the browser's
// baseline code, two to four times slower than once the browser has
// optimised the hot functions (under node the default scenario takes
// 350–560 ms, then about 200, 160, then 100–120 ms from the fourth run):
// warming the engine, and the drawing of a result's charts, while the
// person reads the first result makes their first edits as quick as the
// later ones. A run request replaces a
// warm-up at once (within one slice), and each run of the first phase
// counts as a warm-up round.
const KindWarm = "warm"

// warmRounds is how many runs of warmPreset a warm-up makes (fewer when
// the page's own runs came first).
const (
	warmRounds = 3
	warmPreset = "order-events"
	// warmSlice bounds a warm-up's slice: a run request waits at most
	// this long for the warm-up to give way.
	warmSlice = 5 * time.Millisecond
)

// warm is the warm-up's state in a Service.
type warm struct {
	left int  // rounds still to run
	busy bool // the job in flight is a warm-up round
}

// handleWarm takes a warm request: it warms only an engine that did not
// warm yet (by warm-up rounds or by runs).
func (s *Service) handleWarm() {
	if s.warmed || s.warm.left > 0 {
		return
	}
	s.warm.left = warmRounds - s.runs
	if s.warm.left <= 0 {
		s.warm.left, s.warmed = 0, true
	}
}

// stepWarm runs the warm-up for a slice, starting its next round when no
// job is in flight. It reports whether it ran (so Step has nothing else
// to do).
func (s *Service) stepWarm(budget time.Duration, now func() time.Time) bool {
	if s.job == nil {
		if s.warm.left <= 0 {
			return false
		}
		sc, err := scenario.Preset(warmPreset)
		j, err2 := StartUntraced(sc)
		if err != nil || err2 != nil { // cannot happen: a built-in preset
			s.warm.left, s.warmed = 0, true
			return false
		}
		s.job, s.id, s.warm.busy = j, 0, true
	}
	if !s.warm.busy {
		return false
	}
	if s.job.Step(min(budget, warmSlice), now); s.job.Phase() == Done {
		if s.Draw != nil && s.job.Result() != nil {
			// The charts' code warms too: a result comes with them. (One
			// round draws them all, a few milliseconds.)
			r, c := s.job.Result(), i18n.For(i18n.English)
			chart.DrawResult(func(j chart.Job) (chart.Chart, error) { return s.draw(c, j) }, r, chart.ResultIDs)
		}
		s.job, s.warm.busy = nil, false
		s.warm.left--
		if s.warm.left <= 0 {
			s.warm.left, s.warmed = 0, true
		}
	}
	return true
}

// ranOne counts a run whose first phase ended: it warmed the engine as a
// warm-up round would have.
func (s *Service) ranOne() {
	s.runs++
	if s.warm.left > 0 {
		s.warm.left--
	}
	if s.runs >= warmRounds {
		s.warm.left, s.warmed = 0, true
	}
}
