package app

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/report"
	"partitionlab/app/results"
)

// playTick is how long each moment shows while the run plays: the 120
// moments of a run play in about ten seconds.
const playTick = 80 * time.Millisecond

// resultsPanel shows a result: the headline numbers, the scrubber over the
// run, the charts, the ordering violations and the consumer group. Its own
// state is the moment shown and the violation selected.
type resultsPanel struct {
	app.Compo

	View    *resultView
	Version int

	shown    *resultView // the view the state below belongs to
	step     int         // the moment shown (a series bucket)
	playing  bool
	playGen  int
	scope    string // the violation scope listed
	selected int    // the example shown in the timeline
}

func newResultsPanel(v *resultView) *resultsPanel {
	return &resultsPanel{View: v, Version: v.version}
}

// sync resets the moment and the selection when a new result arrives (a
// trace arriving for the same result keeps them).
func (c *resultsPanel) sync() {
	if c.shown == c.View {
		return
	}
	c.shown = c.View
	c.step = results.Steps(c.View.result) - 1
	c.playing = false
	c.playGen++
	c.scope, c.selected = firstScope(c.View), firstExample(c.View, firstScope(c.View))
}

func (c *resultsPanel) Render() app.UI {
	c.sync()
	v := c.View
	snap := results.At(v.result, c.step)
	t := tr()
	return app.Div().ID("results").Class("results-panel").DataSet("digest", v.result.Digest).Body(
		c.renderCards(),
		c.renderScrubber(snap),
		app.Section().Class("card").Aria("labelledby", "charts-title").Body(
			app.H2().ID("charts-title").Text(t.T("results.charts.title")),
			c.renderMarks(snap),
			app.Div().Class("charts").Body(
				app.Range(v.charts).Slice(func(i int) app.UI { return c.renderChart(v.charts[i], snap) }),
			),
		),
		c.renderViolations(snap),
		c.renderGroup(snap),
		c.renderRunDetails(),
	)
}

func (c *resultsPanel) renderScrubber(s results.Snapshot) app.UI {
	v := c.View
	t := tr()
	l := t.Lang()
	last := results.Steps(v.result) - 1
	playLabel := "▶ " + t.T("results.play")
	if c.playing {
		playLabel = "❚❚ " + t.T("results.pause")
	}
	return app.Section().Class("card scrubber").ID("scrubber-panel").Aria("labelledby", "scrubber-title").Body(
		app.H2().ID("scrubber-title").Text(t.T("results.scrubber.title")),
		app.Div().Class("scrubber-controls").Body(
			app.Button().Type("button").ID("play").Aria("pressed", c.playing).Text(playLabel).OnClick(c.onPlay),
			app.Button().Type("button").ID("step-back").Aria("label", t.T("results.scrubber.back")).Text("◀").
				Disabled(c.step == 0).OnClick(c.onStep(-1)),
			app.Button().Type("button").ID("step-forward").Aria("label", t.T("results.scrubber.forward")).Text("▶").
				Disabled(c.step == last).OnClick(c.onStep(1)),
			app.Label().For("scrubber").Class("sr-only").Text(t.T("results.scrubber.moment")),
			// The range runs 0..100 (the default maximum): go-app sets
			// attributes in no fixed order, and a value set before a larger
			// max would be cut to 100.
			app.Input().Type("range").ID("scrubber").Step(100/float64(max(last, 1))).Value(scrubValue(c.step, last)).
				DataSet("step", c.step).Aria("valuetext", results.SecondsIn(l, s.T)).OnInput(c.onScrub),
			app.Output().ID("scrub-time").For("scrubber").Text(t.T("results.scrubber.time", i18n.S("at", results.SecondsIn(l, s.T)), i18n.S("end", results.SecondsIn(l, v.result.DurationS)))),
		),
		app.Figure().Class("flow-figure").ID("flow-figure").TabIndex(0).
			Aria("label", t.T("results.flow.label")).
			OnKeyDown(c.onFlowKey).Body(
			newFlowView(v.flow, v.version, c.step, c.playing),
		),
		app.Dl().Class("snapshot").ID("snapshot").DataSet("t", s.T).Body(
			stat("snap-produced", t.T("results.snap.produced"), results.CountIn(l, s.Produced)),
			stat("snap-processed", t.T("results.snap.processed"), results.CountIn(l, s.Processed)),
			stat("snap-lag", t.T("results.snap.lag"), t.T("results.snap.lag.value", i18n.S("lag", results.CountIn(l, s.Lag)),
				i18n.S("partition", strconv.Itoa(s.Hottest)), i18n.S("hottest", results.CountIn(l, s.HottestLag)))),
			stat("snap-violations", t.T("results.snap.violations"), t.T("results.snap.violations.value",
				i18n.S("order", results.CountIn(l, s.Violations[0])), i18n.S("customer", results.CountIn(l, s.Violations[1])),
				i18n.S("key", results.CountIn(l, s.Violations[2])))),
			stat("snap-rebalances", t.T("results.snap.rebalances"), results.CountIn(l, s.Rebalances)),
			stat("snap-marks", t.T("results.snap.marks"), t.T("results.nOfM", i18n.N("n", s.Marks), i18n.N("m", len(v.result.Timeline)))),
		),
	)
}

func stat(id, label, value string) app.UI {
	return app.Div().ID(id).Body(app.Dt().Text(label), app.Dd().Text(value))
}

// scrubValue is the range input's position (0..100) of step.
func scrubValue(step, last int) float64 {
	if last <= 0 {
		return 100
	}
	return float64(step) * 100 / float64(last)
}

func (c *resultsPanel) onScrub(ctx app.Context, _ app.Event) {
	last := results.Steps(c.View.result) - 1
	f, _ := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64)
	c.playing = false
	c.step = min(max(int(math.Round(f*float64(last)/100)), 0), last)
}

func (c *resultsPanel) onStep(d int) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		c.playing = false
		c.step = min(max(c.step+d, 0), results.Steps(c.View.result)-1)
	}
}

func (c *resultsPanel) onPlay(ctx app.Context, _ app.Event) {
	if c.playing {
		c.playing = false
		return
	}
	last := results.Steps(c.View.result) - 1
	if c.step >= last {
		c.step = 0
	}
	c.playing = true
	c.playGen++
	gen := c.playGen
	var tick func(ctx app.Context)
	tick = func(ctx app.Context) {
		if !c.playing || gen != c.playGen {
			return
		}
		if app.Window().Get("document").Get("hidden").Bool() {
			c.playing = false // nobody is watching: pause rather than play on unseen
			return
		}
		c.step++
		if c.step >= last {
			c.step, c.playing = last, false
			return
		}
		ctx.After(playTick, tick)
	}
	ctx.After(playTick, tick)
}

// onFlowKey lets the flow view be driven from the keyboard: the arrows
// step, Home and End jump to the ends, space plays and pauses.
func (c *resultsPanel) onFlowKey(ctx app.Context, e app.Event) {
	last := results.Steps(c.View.result) - 1
	switch e.Get("key").String() {
	case "ArrowLeft":
		c.onStep(-1)(ctx, e)
	case "ArrowRight":
		c.onStep(1)(ctx, e)
	case "Home":
		c.playing, c.step = false, 0
	case "End":
		c.playing, c.step = false, last
	case " ", "Enter":
		c.onPlay(ctx, e)
	default:
		return
	}
	e.PreventDefault()
}

func (c *resultsPanel) renderRunDetails() app.UI {
	v := c.View
	t := tr()
	return app.Details().Class("card run-details").ID("run-details").Body(
		app.Summary().Body(app.H2().Text(t.T("results.details.title"))),
		app.Dl().Class("snapshot").Body(
			app.Div().Body(app.Dt().Text(t.T("results.details.digest")), app.Dd().Body(app.Code().ID("digest").Text(v.result.Digest))),
			app.Div().Body(app.Dt().Text(t.T("results.details.seed")), app.Dd().ID("seed").Text(fmt.Sprint(v.result.Seed))),
			app.Div().Body(app.Dt().Text(t.T("results.details.simulated")), app.Dd().Text(results.SecondsIn(t.Lang(), v.result.DurationS))),
		),
		app.P().Class("help").Text(t.T("results.details.help")),
		app.Button().Type("button").ID("download-result").Text(t.T("results.details.downloadResult")).OnClick(func(ctx app.Context, _ app.Event) {
			download(fileName(v.sc.Name, "scenario")+"-result.json", "application/json", resultJSON(v.result))
		}, v.result.Digest),
		app.Button().Type("button").ID("download-review").Text(t.T("results.details.downloadReview")).OnClick(func(ctx app.Context, _ app.Event) {
			if err := downloadReview(report.Input{A: v.run()}, v.charts, "review-"+fileName(v.sc.Name, "scenario"), false); err != nil {
				app.Logf("the review could not be written: %v", err)
			}
		}, v.result.Digest),
		c.renderProducers(),
	)
}

func (c *resultsPanel) renderProducers() app.UI {
	ps := c.View.result.Producers
	t := tr()
	l := t.Lang()
	return scrollRegion("table-wrap compact", t.T("results.producers.region")).Body(app.Table().ID("producers").Body(
		app.Caption().Text(t.T("results.producers.caption")),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(t.T("results.producers.service")), app.Th().Scope("col").Class("num").Text(t.T("results.producers.sent")),
			app.Th().Scope("col").Class("num").Text(t.T("results.producers.retries")),
		)),
		app.TBody().Body(app.Range(ps).Slice(func(i int) app.UI {
			return app.Tr().Body(app.Td().Text(ps[i].Name), app.Td().Class("num").Text(results.CountIn(l, ps[i].Sent)),
				app.Td().Class("num").Text(results.CountIn(l, ps[i].Retries)))
		})),
	))
}
