package app

import (
	"partitionlab/app/report"
	"partitionlab/app/results"
)

// reviewView is what Compare shows of two runs: the differences with
// their why and the charts with A and B on shared axes. It is drawn once
// per pair of runs and kept unexported, so go-app never deep-compares it.
type reviewView struct {
	a, b   *resultView
	deltas []results.Delta
	charts []namedChart
}

func newReviewView(a, b *resultView) *reviewView {
	rv := &reviewView{a: a, b: b, deltas: results.Compare(a.run(), b.run())}
	sa, sb := report.Sides(a.run(), b.run())
	key := a.r.Digest + b.r.Digest
	for _, s := range report.ComparisonCharts() {
		c, err := s.Draw(sa, sb)
		nc := namedChart{id: "compare-chart-" + s.Name, caption: s.Caption, chart: c, key: key + s.Name}
		if err != nil {
			nc.err = err.Error()
		}
		rv.charts = append(rv.charts, nc)
	}
	return rv
}

func (v *resultView) run() results.Run { return results.Run{Scenario: v.sc, Result: v.r} }

func scenarioTitle(name string) string {
	if name == "" {
		return "your own scenario"
	}
	return name
}
