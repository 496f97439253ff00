package app

import (
	"partitionlab/app/plots"
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
	sa := plots.Side{Name: "A: " + scenarioTitle(a.sc.Name), Result: a.r}
	sb := plots.Side{Name: "B: " + scenarioTitle(b.sc.Name), Result: b.r}
	key := a.r.Digest + b.r.Digest
	for _, s := range []struct {
		id, caption string
		draw        func(a, b plots.Side) (plots.Chart, error)
	}{
		{"compare-chart-records", "Records each partition received in A (blue) and B (orange, right of each pair), on one axis.", plots.CompareRecords},
		{"compare-chart-lag", "The most records waiting on any partition, A solid and B dashed, on one axis.", plots.CompareLag},
		{"compare-chart-throughput", "Records processed per second, A solid and B dashed, on one axis.", plots.CompareThroughput},
	} {
		c, err := s.draw(sa, sb)
		nc := namedChart{id: s.id, caption: s.caption, chart: c, key: key + s.id}
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
