package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/flow"
	"partitionlab/app/i18n"
	"partitionlab/app/plots"
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
	marks   plots.TimeMarks
	charts  []namedChart
	assign  namedChart
	// flow is the run prepared for the flow view.
	flow *flow.Run
	// fromPage says the charts were taken from the pre-rendered page.
	fromPage bool
	// violations caches the violation timeline per selected example.
	violations map[int]namedChart
}

// namedChart is a drawn chart with what the page needs around it.
type namedChart struct {
	id      string // element id and file name
	caption string
	chart   plots.Chart
	err     string
	// timed charts have a time x axis, so the scrubber's cursor is drawn
	// over them.
	timed bool
	// key tells this chart from any other drawn (the result's digest and the
	// chart's id, and the selected example), for go-app to replace the
	// handlers of its download buttons.
	key string
}

// newResultView draws every chart of a result.
func newResultView(sc scenario.Scenario, r *sim.Result, version int) *resultView {
	return newResultViewWith(sc, r, version, nil)
}

// newResultViewWith is newResultView with charts already drawn, by chart
// id (the pre-rendered page's): only the others are drawn.
func newResultViewWith(sc scenario.Scenario, r *sim.Result, version int, drawn map[string]plots.Chart) *resultView {
	c := tr() // the cards' and every chart's words
	v := &resultView{version: version, sc: sc, result: r, cards: results.CardsIn(c, r), marks: plots.MarksOf(r),
		violations: map[int]namedChart{}}
	v.charts = drawCharts(c, r, v.marks, drawn)
	v.assign = assignmentsChart(c, r, v.marks, drawn)
	v.flow = flow.New(r, nil)
	return v
}

// chartSpec is one chart of a result and how to draw it.
type chartSpec struct {
	id, caption string
	timed       bool
	draw        func() (plots.Chart, error)
}

// drawCharts draws the charts of a result in c's language, in the order
// shown; a chart in drawn is taken from there.
func drawCharts(c *i18n.Catalog, r *sim.Result, m plots.TimeMarks, drawn map[string]plots.Chart) []namedChart {
	return drawSpecs(c, r, chartSpecs(c, r, m), drawn)
}

// drawSpecs draws the charts specs name, in c's language; a chart in
// drawn is taken from there.
func drawSpecs(c *i18n.Catalog, r *sim.Result, specs []chartSpec, drawn map[string]plots.Chart) []namedChart {
	out := make([]namedChart, len(specs))
	for i, s := range specs {
		ch, err := drawOnce(drawn, s.id, s.draw)
		out[i] = namedChart{id: s.id, caption: s.caption, chart: ch, timed: s.timed, key: r.Digest + s.id}
		if err != nil {
			out[i].err = fieldErrorsText(c, err)
		}
	}
	return out
}

// chartSpecs are the charts of a result in c's language, in the order
// shown.
func chartSpecs(c *i18n.Catalog, r *sim.Result, m plots.TimeMarks) []chartSpec {
	return []chartSpec{
		{"chart-records", c.T("results.caption.records"), false,
			func() (plots.Chart, error) { return plots.RecordsPerPartition(c, r) }},
		{"chart-lag", c.T("results.caption.lag"), true,
			func() (plots.Chart, error) { return plots.Lag(c, r, m) }},
		{"chart-throughput", c.T("results.caption.throughput"), true,
			func() (plots.Chart, error) { return plots.Throughput(c, r, m) }},
		{"chart-busy", c.T("results.caption.busy"), false,
			func() (plots.Chart, error) { return plots.BusyShare(c, r) }},
	}
}

// assignmentsChart draws the group's assignments over time (the group
// panel), in c's language.
func assignmentsChart(c *i18n.Catalog, r *sim.Result, m plots.TimeMarks, drawn map[string]plots.Chart) namedChart {
	ch, err := drawOnce(drawn, "chart-assignments", func() (plots.Chart, error) { return plots.Assignments(c, r, m) })
	nc := namedChart{id: "chart-assignments", chart: ch, timed: true, key: r.Digest + "assignments",
		caption: c.T("results.caption.assignments")}
	if err != nil {
		nc.err = fieldErrorsText(c, err)
	}
	return nc
}

// warmCharts draws v's charts again in the background, one every
// warmGap, and drops them, when they were taken from the page (see
// takePrerendered): the app's first chart otherwise comes with the first
// edit, and with it the charts' one-time costs (reading the fonts, code
// the browser has not yet optimised), a few hundred milliseconds of it.
// In WebAssembly the goroutine runs between the page's own tasks, and
// each chart is one short task.
func warmCharts(ctx app.Context, v *resultView) {
	if !v.fromPage {
		return
	}
	r, m, c := v.result, v.marks, tr()
	draws := []func() (plots.Chart, error){func() (plots.Chart, error) { return plots.Assignments(c, r, m) }}
	for _, s := range chartSpecs(c, r, m) {
		draws = append(draws, s.draw)
	}
	ctx.Async(func() {
		for _, draw := range draws {
			time.Sleep(warmGap)
			draw()
		}
	})
}

// warmGap is the pause before each chart warmCharts draws, in which the
// browser answers input.
const warmGap = 20 * time.Millisecond

// drawOnce is the chart id from drawn when it is there with its picture,
// else draw's.
func drawOnce(drawn map[string]plots.Chart, id string, draw func() (plots.Chart, error)) (plots.Chart, error) {
	if c, ok := drawn[id]; ok && c.SVG != "" {
		return c, nil
	}
	return draw()
}

// violationChart is the timeline around example i, drawn once per
// selection.
func (v *resultView) violationChart(i int) namedChart {
	if c, ok := v.violations[i]; ok {
		return c
	}
	c, err := plots.ViolationTimeline(tr(), plots.WindowFor(v.result, v.trace, i), v.marks)
	nc := namedChart{id: "chart-violation", chart: c, timed: true, key: fmt.Sprintf("%s-violation-%d-%v", v.result.Digest, i, v.traced),
		caption: tr().T("results.caption.violation")}
	if err != nil {
		nc.err = fieldErrorsText(tr(), err)
	}
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
