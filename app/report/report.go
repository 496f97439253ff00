// Package report writes a design review: two scenarios, A and B, their
// headline numbers and how B differs with the why, the budgets and their
// verdicts, the main charts drawn for both on shared axes, the first
// ordering violations with their evidence, and what the simulator
// simplifies. It writes one self-contained HTML file, or Markdown with the
// SVG charts beside it, for the Compare and Simulate pages and for
// partitionlab compare alike.
//
// report is plain Go: it must never import go-app or net/http.
package report

import (
	"fmt"
	"net/url"

	"partitionlab/app/plots"
	"partitionlab/app/results"
	"partitionlab/app/share"
	"partitionlab/sim"
)

// Budget is one limit a reviewer set and how each side fares against it.
type Budget struct {
	// Name says what is limited ("p99 latency").
	Name string
	// Limit, A and B are written with their units ("250 ms").
	Limit, A, B string
	// AOver and BOver say which side exceeds the limit.
	AOver, BOver bool
}

// Input is what a review is made of.
type Input struct {
	A, B results.Run
	// BaseURL is where the app is served ("https://example.org/lab/"); the
	// scenarios' links start with it. Empty gives links relative to the
	// app's pages.
	BaseURL string
	// Budgets are the limits checked, none when nobody set any.
	Budgets []Budget
}

// Chart is one chart of the review, as a standalone SVG file.
type Chart struct {
	// Name is the chart's file name ("records.svg") and anchor.
	Name, Title string
	SVG         string
}

// Review is a review ready to be written (see Markdown, HTML and Table).
type Review struct {
	Input
	Deltas []results.Delta
	// Cards are A's headline numbers in a review of A alone.
	Cards  []results.Card
	Charts []Chart
}

// examplesShown is how many violations of each side the review explains.
const examplesShown = 5

// New compares the two runs and draws the charts. Without B's result it
// is the review of A alone: its headline numbers and its own charts.
func New(in Input) (*Review, error) {
	if in.A.Result == nil {
		return nil, fmt.Errorf("report: A needs a result")
	}
	if in.B.Result == nil {
		return single(in)
	}
	rv := &Review{Input: in, Deltas: results.Compare(in.A, in.B)}
	a, b := Sides(in.A, in.B)
	for _, c := range ComparisonCharts() {
		ch, err := c.Draw(a, b)
		if err != nil {
			return nil, fmt.Errorf("report: chart %s: %w", c.Name, err)
		}
		rv.Charts = append(rv.Charts, Chart{Name: c.Name + ".svg", Title: c.Title, SVG: plots.Standalone(ch)})
	}
	return rv, nil
}

// ComparisonChart is one chart of A and B on shared axes, as Compare and
// the review show it.
type ComparisonChart struct {
	// Name names its file and element; Title is its heading; Caption
	// says how to read it.
	Name, Title, Caption string
	Draw                 func(a, b plots.Side) (plots.Chart, error)
}

// ComparisonCharts are the charts of a comparison, in the order shown.
func ComparisonCharts() []ComparisonChart {
	return []ComparisonChart{
		{"records", "Records per partition", "Records each partition received in A (blue) and B (orange, right of each pair), on one axis.", plots.CompareRecords},
		{"lag", "Most records waiting on a partition", "The most records waiting on any partition, A solid and B dashed, on one axis.", plots.CompareLag},
		{"throughput", "Records processed per second", "Records processed per second, A solid and B dashed, on one axis.", plots.CompareThroughput},
	}
}

// Sides names A and B for the charts' legends ("A: thread-pool").
func Sides(a, b results.Run) (plots.Side, plots.Side) {
	return plots.Side{Name: "A: " + scenarioName(a.Scenario), Result: a.Result},
		plots.Side{Name: "B: " + scenarioName(b.Scenario), Result: b.Result}
}

// single is the review of one run.
func single(in Input) (*Review, error) {
	r := in.A.Result
	rv := &Review{Input: in, Cards: results.Cards(r)}
	marks := plots.MarksOf(r)
	for _, c := range []struct {
		name, title string
		draw        func() (plots.Chart, error)
	}{
		{"records", "Records per partition", func() (plots.Chart, error) { return plots.RecordsPerPartition(r) }},
		{"lag", "Lag per partition", func() (plots.Chart, error) { return plots.Lag(r, marks) }},
		{"throughput", "Throughput", func() (plots.Chart, error) { return plots.Throughput(r, marks) }},
	} {
		ch, err := c.draw()
		if err != nil {
			return nil, fmt.Errorf("report: chart %s: %w", c.name, err)
		}
		rv.Charts = append(rv.Charts, Chart{Name: c.name + ".svg", Title: c.title, SVG: plots.Standalone(ch)})
	}
	return rv, nil
}

// Single says the review is of A alone.
func (rv *Review) Single() bool { return rv.B.Result == nil }

// title is the review's heading.
func (rv *Review) title() string {
	if rv.Single() {
		return "Design review: " + scenarioName(rv.A.Scenario)
	}
	return fmt.Sprintf("Design review: %s against %s", scenarioName(rv.A.Scenario), scenarioName(rv.B.Scenario))
}

// Over names the budgets B exceeds.
func (rv *Review) Over() []string {
	var out []string
	for _, b := range rv.Budgets {
		if b.BOver {
			out = append(out, fmt.Sprintf("%s: B has %s, the limit is %s", b.Name, b.B, b.Limit))
		}
	}
	return out
}

func scenarioName(sc sim.Scenario) string {
	if sc.Name == "" {
		return "your own scenario"
	}
	return sc.Name
}

// SimulateLink opens one side on the Simulate page.
func (rv *Review) SimulateLink(sc sim.Scenario) string {
	return rv.BaseURL + "#" + share.Fragment(sc, "")
}

// CompareLink opens both sides on the Compare page, each with its own seed
// as the review ran them.
func (rv *Review) CompareLink() string {
	if rv.Single() {
		return rv.BaseURL + "compare#" + share.Fragment(rv.A.Scenario, "a.")
	}
	v := url.Values{}
	for k, vs := range share.Values(rv.A.Scenario, "a.") {
		v[k] = vs
	}
	for k, vs := range share.Values(rv.B.Scenario, "b.") {
		v[k] = vs
	}
	if rv.A.Scenario.Seed != rv.B.Scenario.Seed {
		v.Set("seed", "own")
	}
	return rv.BaseURL + "compare#" + v.Encode()
}

// sides are A and B with their letters, for writing both the same way.
func (rv *Review) sides() []side {
	if rv.Single() {
		return []side{{"A", rv.A}}
	}
	return []side{{"A", rv.A}, {"B", rv.B}}
}

type side struct {
	letter string
	results.Run
}

// examples are the first violations of a side, at most examplesShown.
func (s side) examples() []sim.Violation {
	ex := s.Result.Ordering.Examples
	return ex[:min(len(ex), examplesShown)]
}
