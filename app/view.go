package app

import (
	"bytes"
	"encoding/json"
	"fmt"

	"partitionlab/app/chart"
	"partitionlab/app/flow"
	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// resultView is a result and everything drawn from it. It is kept
// unexported and passed by pointer, so go-app never deep-compares it; its
// version says when it changed.
type resultView struct {
	version int
	sc      scenario.Scenario
	result  *sim.Result
	trace   []sim.TraceEvent
	traced  bool // the traced run has finished (trace may be empty)
	cards   []results.Card
	marks   chart.TimeMarks
	charts  []namedChart
	assign  namedChart
	// flow is the run prepared for the flow view.
	flow *flow.Run
	// violations caches the violation timeline per selected example.
	violations map[int]namedChart
}

// namedChart is a chart with what the page needs around it: drawn, or
// the job that draws it (see chart_draw.go).
type namedChart struct {
	id      string // element id and file name
	caption string
	chart   chart.Chart
	err     string
	// job draws the chart when it has not been drawn yet (resolve);
	// pending says it is being drawn.
	job     *chart.Job
	pending bool
	// timed charts have a time x axis, so the scrubber's cursor is drawn
	// over them.
	timed bool
	// key tells this chart from any other drawn (the result's digest and the
	// chart's id, and the selected example), for go-app to replace the
	// handlers of its download buttons, and names its drawing.
	key string
}

// givenCharts are a result's charts drawn elsewhere (by the engine's
// worker with the result, or in the pre-rendered page), by id, and why
// any of them could not be drawn.
type givenCharts struct {
	charts map[string]chart.Chart
	failed map[string]string
}

// newResultView is a result's view, its charts still to be drawn (the
// results the page's runs give come with their charts: see
// newResultViewWith).
func newResultView(sc scenario.Scenario, r *sim.Result, version int) *resultView {
	return newResultViewWith(sc, r, version, givenCharts{})
}

// newResultViewWith is newResultView with the charts given: only the
// others are drawn.
func newResultViewWith(sc scenario.Scenario, r *sim.Result, version int, given givenCharts) *resultView {
	c := tr() // the cards' and every chart's words
	v := &resultView{version: version, sc: sc, result: r, cards: results.CardsIn(c, r), marks: chart.MarksOf(r),
		violations: map[int]namedChart{}}
	v.charts = resultCharts(r, chartSpecs(c), given)
	v.assign = resultChart(r, chartSpec{chart.Assignments, c.T("results.caption.assignments"), true}, given)
	v.flow = flow.New(r, nil)
	return v
}

// chartSpec is one chart of a result: its id, caption, and whether it has
// a time axis.
type chartSpec struct {
	id, caption string
	timed       bool
}

// chartSpecs are the charts of a result's panel in c's language, in the
// order shown (the group panel's assignments apart).
func chartSpecs(c *i18n.Catalog) []chartSpec {
	return []chartSpec{
		{chart.Records, c.T("results.caption.records"), false},
		{chart.Lag, c.T("results.caption.lag"), true},
		{chart.Throughput, c.T("results.caption.throughput"), true},
		{chart.Busy, c.T("results.caption.busy"), false},
	}
}

// resultCharts are the charts specs name of r, taken from given when
// they are there.
func resultCharts(r *sim.Result, specs []chartSpec, given givenCharts) []namedChart {
	out := make([]namedChart, len(specs))
	for i, s := range specs {
		out[i] = resultChart(r, s, given)
	}
	return out
}

// resultChart is chart s of r: given's drawing, or why it could not be
// drawn, else the job that draws it.
func resultChart(r *sim.Result, s chartSpec, given givenCharts) namedChart {
	nc := namedChart{id: s.id, caption: s.caption, timed: s.timed, key: r.Digest + s.id}
	if ch, ok := given.charts[s.id]; ok && ch.SVG != "" {
		nc.chart = ch
	} else if why, ok := given.failed[s.id]; ok {
		nc.err = why
	} else {
		nc.job = &chart.Job{Kind: s.id, Result: r}
	}
	return nc
}

// violationChart is the timeline around example i (its drawing resolved
// when shown), made once per selection.
func (v *resultView) violationChart(i int) namedChart {
	if c, ok := v.violations[i]; ok {
		return c
	}
	w, marks := chart.WindowFor(v.result, v.trace, i), v.marks
	nc := namedChart{id: "chart-violation", timed: true, key: fmt.Sprintf("%s-violation-%d-%v", v.result.Digest, i, v.traced),
		caption: tr().T("results.caption.violation"), job: &chart.Job{Kind: chart.KindViolation, Window: &w, Marks: &marks}}
	v.violations[i] = nc
	return nc
}

// setTrace adds the traced run's events; the violation timeline is drawn
// again with them.
func (v *resultView) setTrace(trace []sim.TraceEvent) {
	v.trace, v.traced = trace, true
	v.violations = map[int]namedChart{}
	v.flow = flow.New(v.result, trace)
	v.version++
}

// resultJSON is the result as partitionlab simulate --json prints it.
func resultJSON(r *sim.Result) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.Encode(r)
	return buf.Bytes()
}
