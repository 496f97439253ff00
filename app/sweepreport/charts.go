package sweepreport

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/report"
	"partitionlab/sim/sweep"
)

// Jobs are the sweep's charts, in order: the trade-off first; then, for
// one setting, each headline measure that is not zero everywhere against
// it, and for two, grids of balance and of violations; each with the job
// that draws it in c's language.
func Jobs(c *i18n.Catalog, s *sweep.Sweep) []report.Job {
	label := func(m sweep.Measure) string { return c.T("sweep.measure." + m.Word) }
	var out []report.Job
	scope := scopeMeasure(s)
	var points []chart.FrontierPoint
	for _, pt := range s.Points {
		if pt.Pending {
			continue
		}
		points = append(points, chart.FrontierPoint{Label: pointLabel(s, pt), Load: pt.Spread["load.max_over_mean"].Median,
			Violations: pt.Spread[scope.Name].Median, OnFrontier: pt.OnFrontier,
			Recommended: s.Recommended != nil && s.Recommended.Index == pt.Index})
	}
	title := c.T("sweep.chart.frontier.title", i18n.S("measure", label(scope)))
	out = append(out, report.Job{Name: "frontier", Title: title, Job: chart.Job{Kind: chart.KindSweepFrontier,
		Words: &chart.SweepWords{Title: title, XLabel: c.T("sweep.chart.frontier.x"),
			YLabel: c.T("sweep.chart.median", i18n.S("measure", label(scope))), Label: c.T("sweep.chart.frontier.label", i18n.S("title", title))},
		Points: points}})
	if len(s.Vary) == 2 {
		for _, m := range []sweep.Measure{mustMeasure("load"), scope} {
			title := c.T("sweep.chart.grid.title", i18n.S("measure", capital(label(m))), i18n.S("row", s.Vary[0].Path), i18n.S("col", s.Vary[1].Path))
			rows, cols, values, texts := grid(s, m)
			out = append(out, report.Job{Name: "grid-" + m.Word, Title: title, Job: chart.Job{Kind: chart.KindSweepGrid,
				Words: &chart.SweepWords{Title: title, XLabel: s.Vary[1].Path, YLabel: s.Vary[0].Path, Label: title},
				Rows:  rows, Cols: cols, Values: values, Texts: texts}})
		}
		return out
	}
	ticks := valueTexts(s.Vary[0])
	for _, m := range sweep.Measures() {
		series := sweepSeries(s, m)
		if m.Name != "load.max_over_mean" && m.Name != scope.Name && allZero(series) {
			continue
		}
		title := c.T("sweep.chart.measure.title", i18n.S("measure", capital(label(m))), i18n.S("path", s.Vary[0].Path))
		described := title
		if s.Seeds > 1 {
			described = c.T("sweep.chart.measure.spread", i18n.S("title", title), i18n.S("seeds", strconv.Itoa(s.Seeds)))
		}
		out = append(out, report.Job{Name: "measure-" + strings.ReplaceAll(m.Word, ".", "-"), Title: title, Job: chart.Job{Kind: chart.KindSweepMeasure,
			Words: &chart.SweepWords{Title: title, XLabel: s.Vary[0].Path, YLabel: label(m), Label: described},
			Ticks: ticks, Spreads: []chart.SweepSeries{series}}})
	}
	return out
}

// charts are the sweep's charts from drawn (by name), as files.
func charts(c *i18n.Catalog, s *sweep.Sweep, drawn map[string]chart.Chart) ([]report.Chart, error) {
	var out []report.Chart
	for _, j := range Jobs(c, s) {
		ch, ok := drawn[j.Name]
		if !ok {
			return nil, &report.NotDrawnError{Name: j.Name}
		}
		out = append(out, report.Chart{Name: j.Name + ".svg", Title: j.Title, SVG: chart.Standalone(ch)})
	}
	return out, nil
}

// sweepSeries is a measure's spread at each point of a one-setting sweep
// (a pending point shows as 0).
func sweepSeries(s *sweep.Sweep, m sweep.Measure) chart.SweepSeries {
	var out chart.SweepSeries
	for _, pt := range s.Points {
		sp := pt.Spread[m.Name]
		out.Median, out.Min, out.Max = append(out.Median, sp.Median), append(out.Min, sp.Min), append(out.Max, sp.Max)
	}
	return out
}

func allZero(s chart.SweepSeries) bool {
	for _, v := range s.Max {
		if v != 0 {
			return false
		}
	}
	return true
}

// grid lays a two-setting sweep's medians of m out by row (first setting)
// and column (second).
func grid(s *sweep.Sweep, m sweep.Measure) (rows, cols []string, values [][]float64, texts [][]string) {
	rows, cols = valueTexts(s.Vary[0]), valueTexts(s.Vary[1])
	values, texts = make([][]float64, len(rows)), make([][]string, len(rows))
	for _, pt := range s.Points {
		i := pt.Index / len(cols)
		v := pt.Spread[m.Name].Median
		values[i] = append(values[i], v)
		texts[i] = append(texts[i], m.Format(v))
	}
	return rows, cols, values, texts
}

func valueTexts(a sweep.Axis) []string {
	out := make([]string, len(a.Values))
	for i, v := range a.Values {
		out[i] = string(v)
	}
	return out
}

// pointLabel is a point's values without the paths: "8", "12 × 4".
func pointLabel(s *sweep.Sweep, pt sweep.Point) string {
	parts := make([]string, len(pt.Values))
	for i, v := range pt.Values {
		parts[i] = string(v.Value)
	}
	return strings.Join(parts, " × ")
}

func scopeMeasure(s *sweep.Sweep) sweep.Measure { return mustMeasure("violations." + s.Scope) }

func mustMeasure(word string) sweep.Measure {
	m, _ := sweep.MeasureNamed(word)
	return m
}

// capital writes s with its first letter in upper case (a letter of any
// script; one without case stays).
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
