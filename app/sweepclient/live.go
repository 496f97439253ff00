package sweepclient

import (
	"fmt"
	"html"
	"slices"
	"strings"
)

// LivePoint is a point of the live scatter: its balance (load, busiest ÷
// mean partition) and ordering violations, and whether it is on the
// frontier.
type LivePoint struct {
	Load, Violations float64
	OnFrontier       bool
}

// Sizes of the live scatter, in its own units.
const (
	liveW, liveH = 480.0, 260.0
	liveMargin   = 36.0
)

// LiveScatter is the trade-off drawn light while the points arrive: a
// dot per point (filled on the frontier, which is joined), as an SVG
// written by hand. The full chart (gonum's, with axes and labels) is
// drawn once every run is in; this one costs a string.
func LiveScatter(points []LivePoint, label string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="img" aria-label="%s">`, liveW, liveH, html.EscapeString(label))
	fmt.Fprintf(&b, `<path d="M%g %gV%gH%g" fill="none" stroke="#5b6770"/>`, liveMargin, liveMargin/2, liveH-liveMargin, liveW-liveMargin/2)
	maxLoad, maxViol := 1.0, 1.0
	for _, p := range points {
		maxLoad, maxViol = max(maxLoad, p.Load), max(maxViol, p.Violations)
	}
	x := func(load float64) float64 {
		return liveMargin + (load-1)/max(maxLoad-1, 1e-9)*(liveW-1.5*liveMargin)
	}
	y := func(v float64) float64 { return liveH - liveMargin - v/maxViol*(liveH-1.5*liveMargin) }
	var front []LivePoint
	for _, p := range points {
		if p.OnFrontier {
			front = append(front, p)
		}
	}
	slices.SortFunc(front, func(a, b LivePoint) int {
		switch {
		case a.Load < b.Load:
			return -1
		case a.Load > b.Load:
			return 1
		}
		return 0
	})
	if len(front) > 1 {
		b.WriteString(`<polyline fill="none" stroke="#0072B2" stroke-width="1.5" points="`)
		for _, p := range front {
			fmt.Fprintf(&b, "%.1f,%.1f ", x(p.Load), y(p.Violations))
		}
		b.WriteString(`"/>`)
	}
	for _, p := range points {
		fill := "#fff"
		if p.OnFrontier {
			fill = "#0072B2"
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="#0072B2"/>`, x(p.Load), y(p.Violations), fill)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
