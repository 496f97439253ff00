package app

import (
	"strconv"
	"strings"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/sim/sweep"
)

// frontierChart is the trade-off in the page's language: balance against
// the violations of the frontier's scope, the frontier joined.
func frontierChart(c *i18n.Catalog, s *sweep.Sweep) namedChart {
	scopeLabel := measureLabel(c, sweepMeasure("violations."+s.Scope))
	title := c.T("sweep.chart.frontier.title", i18n.S("measure", scopeLabel))
	return jobChart("sweep-frontier", c.T("sweep.chart.frontier.caption"), chart.Job{Kind: chart.KindSweepFrontier,
		Words: &chart.SweepWords{Title: title, XLabel: c.T("sweep.chart.frontier.x"),
			YLabel: c.T("sweep.chart.median", i18n.S("measure", scopeLabel)), Label: c.T("sweep.chart.frontier.label", i18n.S("title", title))},
		Points: frontierPoints(s)})
}

// chartedMeasures are the measures a one-setting sweep draws against its
// setting: balance, the frontier's violations, and the others that are
// not zero everywhere.
func chartedMeasures(s *sweep.Sweep) []sweep.Measure {
	if len(s.Vary) != 1 {
		return nil
	}
	var out []sweep.Measure
	for _, m := range sweep.Measures() {
		if m.Name == "load.max_over_mean" || m.Word == "violations."+s.Scope || !allZero(measureSeries(s, m).Max) {
			out = append(out, m)
		}
	}
	return out
}

// measureChart is measure m against a one-setting sweep's setting, with
// its spread over the seeds.
func measureChart(c *i18n.Catalog, s *sweep.Sweep, m sweep.Measure) namedChart {
	title := c.T("sweep.chart.measure.title", i18n.S("measure", measureLabel(c, m)), i18n.S("path", s.Vary[0].Path))
	label := title
	if s.Seeds > 1 {
		label = c.T("sweep.chart.measure.spread", i18n.S("title", title), i18n.S("seeds", strconv.Itoa(s.Seeds)))
	}
	return jobChart("sweep-measure-"+strings.ReplaceAll(m.Word, ".", "-"), label, chart.Job{Kind: chart.KindSweepMeasure,
		Words: &chart.SweepWords{Title: title, XLabel: s.Vary[0].Path, YLabel: measureLabel(c, m), Label: label},
		Ticks: axisTexts(s.Vary[0]), Spreads: []chart.SweepSeries{measureSeries(s, m)}})
}

// jobChart is chart id, drawn by job (named by what it draws).
func jobChart(id, caption string, job chart.Job) namedChart {
	return namedChart{id: id, caption: caption, key: jobKey(job), job: &job}
}

// measureLabel is a measure's name in the page's language.
func measureLabel(c *i18n.Catalog, m sweep.Measure) string { return c.T("sweep.measure." + m.Word) }

func sweepMeasure(word string) sweep.Measure {
	m, _ := sweep.MeasureNamed(word)
	return m
}

// measureSeries is a measure's spread at each point of a one-setting
// sweep.
func measureSeries(s *sweep.Sweep, m sweep.Measure) chart.SweepSeries {
	var out chart.SweepSeries
	for _, pt := range s.Points {
		sp := pt.Spread[m.Name]
		out.Median, out.Min, out.Max = append(out.Median, sp.Median), append(out.Min, sp.Min), append(out.Max, sp.Max)
	}
	return out
}

func allZero(vs []float64) bool {
	for _, v := range vs {
		if v != 0 {
			return false
		}
	}
	return true
}

func axisTexts(a sweep.Axis) []string {
	out := make([]string, len(a.Values))
	for i, v := range a.Values {
		out[i] = string(v)
	}
	return out
}

// pointLabel is a point's values without the paths: "8", "12 × 4".
func pointLabel(pt sweep.Point) string {
	parts := make([]string, len(pt.Values))
	for i, v := range pt.Values {
		parts[i] = string(v.Value)
	}
	return strings.Join(parts, " × ")
}
