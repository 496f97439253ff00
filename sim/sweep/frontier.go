package sweep

import "slices"

// The frontier is the trade-off itself: balance (load.max_over_mean, the
// busiest partition against the mean) on one axis, ordering violations in
// the sweep's scope on the other, both the lower the better, each the
// median over a point's seeds. A point is on the frontier when no other
// point is at least as good on both and better on one; the points on it
// are every design worth considering, the others are beaten outright.

// tradeOff is a point's place in the frontier's picture.
type tradeOff struct {
	index            int
	load, violations float64
}

// beats says a is at least as good as b on both axes and better on one.
func (a tradeOff) beats(b tradeOff) bool {
	return a.load <= b.load && a.violations <= b.violations && (a.load < b.load || a.violations < b.violations)
}

// Frontier lists the indices of the points that no other point beats on
// balance and violations of scope, by balance, then violations, then
// their order in the sweep. Pending points take no part.
func Frontier(points []Point, scope string) []int {
	m := scopeMeasure(scope)
	var all []tradeOff
	for _, pt := range points {
		if !pt.Pending {
			all = append(all, tradeOff{pt.Index, pt.Spread["load.max_over_mean"].Median, pt.Spread[m.Name].Median})
		}
	}
	out := []int{}
	var front []tradeOff
	for _, a := range all {
		beaten := false
		for _, b := range all {
			if b.beats(a) {
				beaten = true
				break
			}
		}
		if !beaten {
			front = append(front, a)
		}
	}
	slices.SortFunc(front, func(a, b tradeOff) int {
		switch {
		case a.load != b.load:
			return cmpFloat(a.load, b.load)
		case a.violations != b.violations:
			return cmpFloat(a.violations, b.violations)
		}
		return a.index - b.index
	})
	for _, t := range front {
		out = append(out, t.index)
	}
	return out
}

func cmpFloat(a, b float64) int {
	if a < b {
		return -1
	}
	return 1
}

// markFrontier finds the sweep's frontier and marks its points.
func (s *Sweep) markFrontier() {
	s.Frontier = Frontier(s.Points, s.Scope)
	for _, i := range s.Frontier {
		s.Points[i].OnFrontier = true
	}
}
