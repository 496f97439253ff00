// Package sweepreport writes a sweep's review: what varied and the
// requirements, the recommendation and why, the trade-off chart with its
// frontier, each measure against the varied setting (or grids for two
// settings), and a table of every point with its digest and a link that
// opens it in Simulate as exactly that run. It writes one self-contained
// HTML file, or Markdown with the SVG charts beside it, as the compare
// review does (app/report), whose chart type it shares.
//
// The words are English, as the command line's reviews are; the page will
// give its own. sweepreport is plain Go: it must never import go-app or
// net/http.
package sweepreport

import (
	"fmt"
	"strings"

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
}

// Review is a sweep's review ready to be written.
type Review struct {
	Input
	Charts []report.Chart
	// links open each point's first seed in Simulate.
	links []string
}

// New draws the charts and makes the points' links.
func New(in Input) (*Review, error) {
	if in.Plan == nil || in.Sweep == nil {
		return nil, fmt.Errorf("sweep review: needs the plan and the sweep")
	}
	rv := &Review{Input: in}
	var err error
	if rv.Charts, err = charts(in.Sweep); err != nil {
		return nil, err
	}
	seeds := in.Plan.Definition().Seeds
	for _, pt := range in.Sweep.Points {
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
	sc, _ := rv.Plan.Scenario(0)
	name := sc.Name
	if name == "" {
		name = "a scenario"
	}
	var paths []string
	for _, a := range rv.Sweep.Vary {
		paths = append(paths, a.Path)
	}
	return fmt.Sprintf("Sweep of %s over %s", name, strings.Join(paths, " and "))
}

// facts are the sweep's definition in sentences.
func (rv *Review) facts() []string {
	s := rv.Sweep
	var out []string
	for _, a := range s.Vary {
		out = append(out, fmt.Sprintf("%s takes %s.", a.Path, strings.Join(valueTexts(a), ", ")))
	}
	if sets := rv.Plan.Definition().Sets; len(sets) > 0 {
		out = append(out, fmt.Sprintf("Every point also sets %s.", strings.Join(sets, ", ")))
	}
	seeds := fmt.Sprintf("Each point runs with 1 seed, the scenario's own; %d runs in all.", len(s.Points))
	if s.Seeds > 1 {
		seeds = fmt.Sprintf("Each point runs with %d seeds (the scenario's seed, then seed+1, ...); %d runs in all. The numbers are medians over the seeds, with the least and the most beside them where they differ.",
			s.Seeds, len(s.Points)*s.Seeds)
	}
	out = append(out, seeds)
	out = append(out, fmt.Sprintf("The frontier weighs balance against %s: a point is on it when no other point has both a lower load and fewer violations.", scopeMeasure(s).Label))
	if len(s.Require) > 0 {
		var reqs []string
		for _, q := range s.Require {
			reqs = append(reqs, q.String())
		}
		out = append(out, fmt.Sprintf("Requirements, met by a point when every seed meets them: %s. The recommended point is the cheapest that meets them: %s.",
			strings.Join(reqs, ", "), sweep.CostOrder()))
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
	s := rv.Sweep
	var cols []column
	for i, a := range s.Vary {
		cols = append(cols, column{a.Path, func(pt sweep.Point) string { return string(pt.Values[i].Value) }})
	}
	for _, word := range []string{"load", "violations.order", "violations.customer", "violations.key", "duplicates", "lost", "max_lag", "p99_ms", "idle_threads"} {
		m := mustMeasure(word)
		cols = append(cols, column{m.Label, func(pt sweep.Point) string { return m.FormatSpread(pt.Spread[m.Name]) }})
	}
	cols = append(cols, column{"frontier", func(pt sweep.Point) string { return yes(pt.OnFrontier, "on it") }})
	if len(s.Require) > 0 {
		cols = append(cols, column{"requirements", func(pt sweep.Point) string {
			if pt.Meets {
				return "✓ meets them"
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
