// Package sweepreport writes a sweep's review: what varied and the
// requirements, the recommendation and why, the trade-off chart with its
// frontier, each measure against the varied setting (or grids for two
// settings), and a table of every point with its digest and a link that
// opens it in Simulate as exactly that run. It writes one self-contained
// HTML file, or Markdown with the SVG charts beside it, as the compare
// review does (app/report), whose chart type it shares.
//
// The words are the catalog's (app/i18n, the "sweepreport." messages): the
// page's language on the page, English on the command line. The CSV
// keeps simulate --json's names in every language. sweepreport is plain
// Go: it must never import go-app or net/http.
package sweepreport

import (
	"fmt"
	"strconv"
	"strings"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/report"
	"partitionlab/app/share"
	"partitionlab/sim/sweep"
)

// Input is what a sweep's review is made of.
type Input struct {
	Plan  *sweep.Plan
	Sweep *sweep.Sweep
	// BaseURL is where the app is served ("https://example.org/lab/");
	// the points' links start with it. Empty gives relative links.
	BaseURL string
	// Catalog is the review's language; nil is English.
	Catalog *i18n.Catalog
	// Why is the recommendation in the review's language; empty is the
	// sweep's own (English).
	Why string
	// Fragments are the points' link fragments when made already (the
	// page's workers make them); nil makes them here.
	Fragments []string
	// Charts are the review's charts, drawn, by name: one for each of
	// Jobs.
	Charts map[string]chart.Chart
}

// Review is a sweep's review ready to be written.
type Review struct {
	Input
	Charts []report.Chart
	// links open each point's first seed in Simulate.
	links []string
}

// New takes the charts drawn (Input.Charts) and makes the points' links.
func New(in Input) (*Review, error) {
	if in.Plan == nil || in.Sweep == nil {
		return nil, fmt.Errorf("sweep review: needs the plan and the sweep")
	}
	if in.Catalog == nil {
		in.Catalog = i18n.For(i18n.English)
	}
	if in.Why == "" {
		in.Why = in.Sweep.Why
	}
	rv := &Review{Input: in}
	var err error
	if rv.Charts, err = charts(in.Catalog, in.Sweep, in.Charts); err != nil {
		return nil, err
	}
	seeds := in.Plan.Definition().Seeds
	for _, pt := range in.Sweep.Points {
		if pt.Index < len(in.Fragments) && in.Fragments[pt.Index] != "" {
			rv.links = append(rv.links, in.BaseURL+"#"+in.Fragments[pt.Index])
			continue
		}
		sc, err := in.Plan.Scenario(pt.Index * seeds)
		if err != nil {
			return nil, err
		}
		rv.links = append(rv.links, in.BaseURL+"#"+share.Fragment(sc, ""))
	}
	return rv, nil
}

// title is the review's heading.
func (rv *Review) title() string {
	c := rv.Catalog
	sc, _ := rv.Plan.Scenario(0)
	name := sc.Name
	if name == "" {
		name = c.T("sweepreport.aScenario")
	}
	v := rv.Sweep.Vary
	paths := v[0].Path
	if len(v) == 2 {
		paths = c.T("sweepreport.and", i18n.S("a", v[0].Path), i18n.S("b", v[1].Path))
	}
	return c.T("sweepreport.title", i18n.S("name", name), i18n.S("paths", paths))
}

// measureLabel is a measure's name in the review's language.
func (rv *Review) measureLabel(m sweep.Measure) string {
	return rv.Catalog.T("sweep.measure." + m.Word)
}

// facts are the sweep's definition in sentences.
func (rv *Review) facts() []string {
	s, c := rv.Sweep, rv.Catalog
	var out []string
	for _, a := range s.Vary {
		out = append(out, c.T("sweepreport.takes", i18n.S("path", a.Path), i18n.S("values", strings.Join(valueTexts(a), ", "))))
	}
	if sets := rv.Plan.Definition().Sets; len(sets) > 0 {
		out = append(out, c.T("sweepreport.sets", i18n.S("sets", strings.Join(sets, ", "))))
	}
	seeds := c.T("sweepreport.oneSeed", i18n.S("runs", strconv.Itoa(len(s.Points))))
	if s.Seeds > 1 {
		seeds = c.T("sweepreport.seeds", i18n.S("seeds", strconv.Itoa(s.Seeds)), i18n.S("runs", strconv.Itoa(len(s.Points)*s.Seeds)))
	}
	out = append(out, seeds)
	out = append(out, c.T("sweepreport.frontier", i18n.S("measure", rv.measureLabel(scopeMeasure(s)))))
	if len(s.Require) > 0 {
		var reqs []string
		for _, q := range s.Require {
			reqs = append(reqs, q.String())
		}
		out = append(out, c.T("sweepreport.requirements", i18n.S("requirements", strings.Join(reqs, ", ")), i18n.S("order", c.T("sweepreport.costOrder"))))
	}
	return out
}

// column is one column of the points' table.
type column struct {
	heading string
	cell    func(pt sweep.Point) string
}

// columns are the points' table: values, the main measures, verdicts.
func (rv *Review) columns() []column {
	s, c := rv.Sweep, rv.Catalog
	var cols []column
	for i, a := range s.Vary {
		cols = append(cols, column{a.Path, func(pt sweep.Point) string { return string(pt.Values[i].Value) }})
	}
	for _, word := range []string{"load", "violations.order", "violations.customer", "violations.key", "duplicates", "lost", "max_lag", "p99_ms", "idle_threads"} {
		m := mustMeasure(word)
		cols = append(cols, column{rv.measureLabel(m), func(pt sweep.Point) string { return m.FormatSpread(pt.Spread[m.Name]) }})
	}
	cols = append(cols, column{c.T("sweepreport.col.frontier"), func(pt sweep.Point) string { return yes(pt.OnFrontier, c.T("sweepreport.onFrontier")) }})
	if len(s.Require) > 0 {
		cols = append(cols, column{c.T("sweepreport.col.requirements"), func(pt sweep.Point) string {
			if pt.Meets {
				return c.T("sweepreport.meets")
			}
			return "✗ " + strings.Join(pt.Misses, ", ")
		}})
	}
	return cols
}

func yes(b bool, text string) string {
	if b {
		return text
	}
	return ""
}
