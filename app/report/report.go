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

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/presetwords"
	"partitionlab/app/results"
	"partitionlab/app/share"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
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
	// Catalog is the language the review is written in; nil is English
	// (the command line's).
	Catalog *i18n.Catalog
	// Titles are what the page calls A and B, in its language (B made
	// from A with a change is "A's name with the change"); empty for the
	// scenarios' own names.
	Titles [2]string
	// Charts are the review's charts, drawn (by the engine's worker in the
	// browser, with app/plots on the command line), by name: one for each
	// of Jobs.
	Charts map[string]chart.Chart
}

// Job is one chart of a review: its name (its file's, "records") and
// title, and the job that draws it.
type Job struct {
	Name, Title string
	Job         chart.Job
}

// Jobs are the charts of in's review, in order: A and B on shared axes,
// or A's own charts in a review of A alone.
func (in Input) Jobs() []Job {
	w := in.words()
	if in.B.Result == nil {
		r := in.A.Result
		return []Job{
			{"records", w.T("plots.records.title"), chart.Job{Kind: chart.Records, Result: r}},
			{"lag", w.T("plots.lag.title"), chart.Job{Kind: chart.Lag, Result: r}},
			{"throughput", w.T("plots.throughput.title"), chart.Job{Kind: chart.Throughput, Result: r}},
		}
	}
	a, b := in.Sides()
	var out []Job
	for _, c := range ComparisonCharts(w) {
		out = append(out, Job{Name: c.Name, Title: c.Title, Job: chart.Job{Kind: c.Kind, A: &a, B: &b}})
	}
	return out
}

// NotDrawnError says chart Name of the review is not in Input.Charts. (A
// type, not a variable: a variable would give the package an initializer,
// which the embed's module would link for nothing.)
type NotDrawnError struct{ Name string }

func (e *NotDrawnError) Error() string {
	return fmt.Errorf("report: chart %s is not drawn yet", e.Name).Error()
}

// charts are the review's charts from in.Charts, as files.
func (in Input) charts() ([]Chart, error) {
	var out []Chart
	for _, j := range in.Jobs() {
		ch, ok := in.Charts[j.Name]
		if !ok {
			return nil, &NotDrawnError{Name: j.Name}
		}
		out = append(out, Chart{Name: j.Name + ".svg", Title: j.Title, SVG: chart.Standalone(ch)})
	}
	return out, nil
}

// title is side i's name: its title, else its scenario's name.
func (in Input) title(i int) string {
	if in.Titles[i] != "" {
		return in.Titles[i]
	}
	sc := in.A.Scenario
	if i == 1 {
		sc = in.B.Scenario
	}
	return scenarioName(in.words(), sc)
}

// words is the review's catalog.
func (in Input) words() *i18n.Catalog {
	if in.Catalog == nil {
		return i18n.For(i18n.English)
	}
	return in.Catalog
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

// New compares the two runs, with the charts drawn (Input.Charts). Without
// B's result it is the review of A alone: its headline numbers and its
// own charts.
func New(in Input) (*Review, error) {
	if in.A.Result == nil {
		return nil, fmt.Errorf("report: A needs a result")
	}
	if in.B.Result == nil {
		return single(in)
	}
	w := in.words()
	rv := &Review{Input: in, Deltas: results.CompareIn(w, in.A, in.B)}
	var err error
	if rv.Charts, err = in.charts(); err != nil {
		return nil, err
	}
	return rv, nil
}

// ComparisonChart is one chart of A and B on shared axes, as Compare and
// the review show it.
type ComparisonChart struct {
	// Name names its file and element; Title is its heading; Caption
	// says how to read it; Kind is its chart.Job's.
	Name, Title, Caption, Kind string
}

// ComparisonCharts are the charts of a comparison, in the order shown,
// with their words in c's language.
func ComparisonCharts(c *i18n.Catalog) []ComparisonChart {
	out := []ComparisonChart{
		{Name: "records", Kind: chart.KindCompareRecords},
		{Name: "lag", Kind: chart.KindCompareLag},
		{Name: "throughput", Kind: chart.KindCompareThroughput},
	}
	for i := range out {
		out[i].Title = c.T("report.chart." + out[i].Name + ".title")
		out[i].Caption = c.T("report.chart." + out[i].Name + ".caption")
	}
	return out
}

// Sides names A and B for the charts' legends ("A: thread-pool", in
// French "A : thread-pool"), with the catalog's compare.side.title.
func (in Input) Sides() (chart.Side, chart.Side) {
	w := in.words()
	return chart.Side{Name: sideTitle(w, "A", in.title(0)), Result: in.A.Result},
		chart.Side{Name: sideTitle(w, "B", in.title(1)), Result: in.B.Result}
}

// sideTitle is a side's letter and name as the language writes them
// ("B: thread-pool", "B : thread-pool").
func sideTitle(w *i18n.Catalog, letter, name string) string {
	return w.T("compare.side.title", i18n.S("side", letter), i18n.S("name", name))
}

// labelled is text followed by a colon as the language writes it.
func labelled(w *i18n.Catalog, text string) string {
	return w.T("core.labelled", i18n.S("label", text))
}

// single is the review of one run.
func single(in Input) (*Review, error) {
	rv := &Review{Input: in, Cards: results.CardsIn(in.words(), in.A.Result)}
	var err error
	if rv.Charts, err = in.charts(); err != nil {
		return nil, err
	}
	return rv, nil
}

// Single says the review is of A alone.
func (rv *Review) Single() bool { return rv.B.Result == nil }

// title is the review's heading.
func (rv *Review) title() string {
	w := rv.words()
	if rv.Single() {
		return w.T("report.title.single", i18n.S("a", rv.Input.title(0)))
	}
	return w.T("report.title.pair", i18n.S("a", rv.Input.title(0)), i18n.S("b", rv.Input.title(1)))
}

// Over names the budgets B exceeds.
func (rv *Review) Over() []string {
	var out []string
	w := rv.words()
	for _, b := range rv.Budgets {
		if b.BOver {
			out = append(out, w.T("budget.over", i18n.S("name", b.Name), i18n.S("b", b.B), i18n.S("limit", b.Limit)))
		}
	}
	return out
}

func scenarioName(c *i18n.Catalog, sc scenario.Scenario) string {
	if sc.Name == "" {
		return c.T("compare.side.ownScenario")
	}
	return presetwords.Name(c, sc.Name)
}

// SimulateLink opens one side on the Simulate page.
func (rv *Review) SimulateLink(sc scenario.Scenario) string {
	return rv.BaseURL + rv.langQuery() + "#" + share.Fragment(sc, "")
}

// langQuery is "?lang=pt" for a review in another language than English,
// so its links open the app in the review's language.
func (rv *Review) langQuery() string {
	if l := rv.words().Lang(); l != i18n.English {
		return "?lang=" + string(l)
	}
	return ""
}

// CompareLink opens both sides on the Compare page, each with its own seed
// as the review ran them.
func (rv *Review) CompareLink() string {
	if rv.Single() {
		return rv.BaseURL + "compare" + rv.langQuery() + "#" + share.Fragment(rv.A.Scenario, "a.")
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
	return rv.BaseURL + "compare" + rv.langQuery() + "#" + v.Encode()
}

// sides are A and B with their letters, for writing both the same way.
func (rv *Review) sides() []side {
	if rv.Single() {
		return []side{{"A", rv.Input.title(0), rv.A}}
	}
	return []side{{"A", rv.Input.title(0), rv.A}, {"B", rv.Input.title(1), rv.B}}
}

type side struct {
	letter, title string
	results.Run
}

// examples are the first violations of a side, at most examplesShown.
func (s side) examples() []sim.Violation {
	ex := s.Result.Ordering.Examples
	return ex[:min(len(ex), examplesShown)]
}
