package app

import (
	"partitionlab/app/changes"
	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/presetwords"
	"partitionlab/app/report"
	"partitionlab/app/results"
)

// reviewView is what Compare shows of two runs: the differences with
// their why and the charts with A and B on shared axes. It is drawn once
// per pair of runs and kept unexported, so go-app never deep-compares it.
type reviewView struct {
	a, b   *resultView
	titles [2]string
	deltas []results.Delta
	charts []namedChart
	// embed is the two scenarios as an embed's link names them.
	embed string
}

// newReviewView compares two runs, titles naming them as the page does.
func newReviewView(c *i18n.Catalog, a, b *resultView, titles [2]string) *reviewView {
	rv := &reviewView{a: a, b: b, titles: titles, deltas: results.CompareIn(c, a.run(), b.run()), embed: comparisonLink(a.sc, b.sc)}
	sa, sb := rv.input(c).Sides()
	key := a.result.Digest + b.result.Digest + sa.Name + "\x00" + sb.Name
	for _, s := range report.ComparisonCharts(c) {
		rv.charts = append(rv.charts, namedChart{id: "compare-chart-" + s.Name, caption: s.Caption, key: key + s.Name,
			job: &chart.Job{Kind: s.Kind, A: &sa, B: &sb}})
	}
	return rv
}

// input is what a review of the two runs is made of.
func (rv *reviewView) input(c *i18n.Catalog) report.Input {
	return report.Input{A: rv.a.run(), B: rv.b.run(), Catalog: c, Titles: rv.titles}
}

func (v *resultView) run() results.Run { return results.Run{Scenario: v.sc, Result: v.result} }

// scenarioTitle is a scenario's name in the page's language (a B made
// from a change is "A's name with the change", said from the change's id),
// or says it has none.
func scenarioTitle(c *i18n.Catalog, name string) string {
	if name == "" {
		return c.T("compare.side.ownScenario")
	}
	return presetwords.Name(c, name)
}

// sideTitle names side i as the page shows it. B made from A with a
// change is named from its scenario's name, which changes.Apply made: it
// still says so once B is edited or a new change cannot be made, and the
// scenario keeps the English name the engine and the digest see.
func (p *comparePage) sideTitle(c *i18n.Catalog, i int) string {
	return scenarioTitle(c, p.sides[i].sc.Name)
}

// changeLabel is what a change does, in the page's language.
func changeLabel(c *i18n.Catalog, ch changes.Change) string {
	return c.T("compare.change." + ch.ID)
}
