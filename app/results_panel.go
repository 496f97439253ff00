package app

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

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

	Iview    *resultView
	Iversion int

	shown    *resultView // the view the state below belongs to
	step     int         // the moment shown (a series bucket)
	playing  bool
	playGen  int
	scope    string // the violation scope listed
	selected int    // the example shown in the timeline
}

func newResultsPanel(v *resultView) *resultsPanel {
	return &resultsPanel{Iview: v, Iversion: v.version}
}

// sync resets the moment and the selection when a new result arrives (a
// trace arriving for the same result keeps them).
func (c *resultsPanel) sync() {
	if c.shown == c.Iview {
		return
	}
	c.shown = c.Iview
	c.step = results.Steps(c.Iview.r) - 1
	c.playing = false
	c.playGen++
	c.scope, c.selected = firstScope(c.Iview), firstExample(c.Iview, firstScope(c.Iview))
}

func (c *resultsPanel) Render() app.UI {
	c.sync()
	v := c.Iview
	snap := results.At(v.r, c.step)
	return app.Div().ID("results").Class("results-panel").DataSet("digest", v.r.Digest).Body(
		c.renderCards(),
		c.renderScrubber(snap),
		app.Section().Class("card").Aria("labelledby", "charts-title").Body(
			app.H2().ID("charts-title").Text("Load, lag and throughput"),
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
	v := c.Iview
	last := results.Steps(v.r) - 1
	playLabel := "▶ Play"
	if c.playing {
		playLabel = "❚❚ Pause"
	}
	return app.Section().Class("card scrubber").ID("scrubber-panel").Aria("labelledby", "scrubber-title").Body(
		app.H2().ID("scrubber-title").Text("Watch the run"),
		app.Div().Class("scrubber-controls").Body(
			app.Button().Type("button").ID("play").Aria("pressed", c.playing).Text(playLabel).OnClick(c.onPlay),
			app.Button().Type("button").ID("step-back").Aria("label", "One step back").Text("◀").
				Disabled(c.step == 0).OnClick(c.onStep(-1)),
			app.Button().Type("button").ID("step-forward").Aria("label", "One step forward").Text("▶").
				Disabled(c.step == last).OnClick(c.onStep(1)),
			app.Label().For("scrubber").Class("sr-only").Text("Moment of the run"),
			// The range runs 0..100 (the default maximum): go-app sets
			// attributes in no fixed order, and a value set before a larger
			// max would be cut to 100.
			app.Input().Type("range").ID("scrubber").Step(100/float64(max(last, 1))).Value(scrubValue(c.step, last)).
				DataSet("step", c.step).Aria("valuetext", results.Seconds(s.T)).OnInput(c.onScrub),
			app.Output().ID("scrub-time").For("scrubber").Text(fmt.Sprintf("%s of %s", results.Seconds(s.T), results.Seconds(v.r.DurationS))),
		),
		app.Figure().Class("flow-figure").ID("flow-figure").TabIndex(0).
			Aria("label", "Records flowing from the producers to the partitions to the consumer threads. Left and right arrows step, space plays.").
			OnKeyDown(c.onFlowKey).Body(
			newFlowView(v.flow, v.version, c.step, c.playing),
		),
		app.Dl().Class("snapshot").ID("snapshot").DataSet("t", s.T).Body(
			stat("snap-produced", "Produced so far", results.Count(s.Produced)),
			stat("snap-processed", "Processed so far", results.Count(s.Processed)),
			stat("snap-lag", "Waiting (lag) now", fmt.Sprintf("%s, most on p%d (%s)", results.Count(s.Lag), s.Hottest, results.Count(s.HottestLag))),
			stat("snap-violations", "Violations so far", fmt.Sprintf("per order %s, per customer %s, per key %s",
				results.Count(s.Violations[0]), results.Count(s.Violations[1]), results.Count(s.Violations[2]))),
			stat("snap-rebalances", "Rebalances begun", fmt.Sprint(s.Rebalances)),
			stat("snap-marks", "Timeline actions done", fmt.Sprintf("%d of %d", s.Marks, len(v.r.Timeline))),
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
	last := results.Steps(c.Iview.r) - 1
	f, _ := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64)
	c.playing = false
	c.step = min(max(int(math.Round(f*float64(last)/100)), 0), last)
}

func (c *resultsPanel) onStep(d int) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		c.playing = false
		c.step = min(max(c.step+d, 0), results.Steps(c.Iview.r)-1)
	}
}

func (c *resultsPanel) onPlay(ctx app.Context, _ app.Event) {
	if c.playing {
		c.playing = false
		return
	}
	last := results.Steps(c.Iview.r) - 1
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
	last := results.Steps(c.Iview.r) - 1
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
	v := c.Iview
	return app.Details().Class("card run-details").ID("run-details").Body(
		app.Summary().Body(app.H2().Text("Run details and downloads")),
		app.Dl().Class("snapshot").Body(
			app.Div().Body(app.Dt().Text("Digest (SHA-256 of the result)"), app.Dd().Body(app.Code().ID("digest").Text(v.r.Digest))),
			app.Div().Body(app.Dt().Text("Seed"), app.Dd().ID("seed").Text(fmt.Sprint(v.r.Seed))),
			app.Div().Body(app.Dt().Text("Simulated"), app.Dd().Text(results.Seconds(v.r.DurationS))),
		),
		app.P().Class("help").Text("The same scenario gives the same digest in the browser and from partitionlab simulate --json."),
		app.Button().Type("button").ID("download-result").Text("Download the result (JSON)").OnClick(func(ctx app.Context, _ app.Event) {
			download(fileName(v.sc.Name, "scenario")+"-result.json", "application/json", resultJSON(v.r))
		}, v.r.Digest),
		app.Button().Type("button").ID("download-review").Text("Download the review (HTML)").OnClick(func(ctx app.Context, _ app.Event) {
			if err := downloadReview(report.Input{A: v.run()}, "review-"+fileName(v.sc.Name, "scenario"), false); err != nil {
				app.Logf("the review could not be written: %v", err)
			}
		}, v.r.Digest),
		c.renderProducers(),
	)
}

func (c *resultsPanel) renderProducers() app.UI {
	ps := c.Iview.r.Producers
	return scrollRegion("table-wrap compact", "Table of producers").Body(app.Table().ID("producers").Body(
		app.Caption().Text("Producers"),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text("Service"), app.Th().Scope("col").Class("num").Text("Records sent"),
			app.Th().Scope("col").Class("num").Text("Retries"),
		)),
		app.TBody().Body(app.Range(ps).Slice(func(i int) app.UI {
			return app.Tr().Body(app.Td().Text(ps[i].Name), app.Td().Class("num").Text(results.Count(ps[i].Sent)),
				app.Td().Class("num").Text(results.Count(ps[i].Retries)))
		})),
	))
}
