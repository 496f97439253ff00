package app

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/flow"
)

// flowView is the run drawn as records moving from the producers to the
// partitions to the consumer threads (package flow). The moment comes
// from its owner (the scrubber's step, Play); the view glides to it with
// requestAnimationFrame, one bucket per playTick, so records are seen
// travelling. The browser holds animation frames back while the tab is
// hidden, so a hidden tab costs nothing; people who ask for reduced
// motion get the moment without the glide.
type flowView struct {
	app.Compo

	// Run is the prepared result (unexported data behind a pointer, so
	// go-app compares the pointer only); Version changes with it.
	Run     *flow.Run
	Version int
	// Step is the moment to show (a series bucket: its end); Playing is
	// true while the run plays.
	Step    int
	Playing bool

	pos          float64  // the moment drawn, in buckets
	shownVersion int      // the Version the picture follows
	frame        app.Func // the requestAnimationFrame callback
	pending      bool     // a frame is requested
	last         float64  // the time of the last frame, ms
	frames       int      // frames drawn, for the tests

	// drawn is the picture last drawn and what it shows: the page renders
	// again for things that do not move the view (a click elsewhere, the
	// run's progress), and drawing the scene is a few hundred elements.
	// (The language never changes within a page: see pageLang.)
	drawn struct {
		run          *flow.Run
		pos          float64
		svg, summary string
	}
}

func newFlowView(r *flow.Run, version, step int, playing bool) *flowView {
	return &flowView{Run: r, Version: version, Step: step, Playing: playing}
}

func (c *flowView) target() float64 { return float64(c.Step + 1) }

func (c *flowView) OnMount(ctx app.Context) {
	c.pos, c.shownVersion, c.last = c.target(), c.Version, -1
	c.frame = app.FuncOf(func(_ app.Value, args []app.Value) any {
		ts := args[0].Float()
		ctx.Dispatch(func(ctx app.Context) { c.onFrame(ctx, ts) })
		return nil
	})
}

func (c *flowView) OnDismount() {
	if c.frame != nil {
		c.frame.Release()
		c.frame = nil
	}
}

// OnUpdate runs when the owner gives a new moment or a new result.
func (c *flowView) OnUpdate(ctx app.Context) {
	if c.shownVersion != c.Version {
		c.shownVersion, c.pos = c.Version, c.target()
		return
	}
	d := c.target() - c.pos
	switch {
	case d == 0 && !c.Playing:
	case reducedMotion() || !c.Playing && (math.Abs(d) > 2 || d < 0 && d > -1):
		c.pos = c.target() // a jump (the scrubber) is shown at once
	default:
		c.request()
	}
}

// request asks the browser for the next animation frame, once.
func (c *flowView) request() {
	if c.pending || c.frame == nil {
		return
	}
	c.pending = true
	app.Window().Call("requestAnimationFrame", c.frame)
}

// onFrame moves the picture toward the moment asked for: one bucket per
// playTick, faster when it falls behind.
func (c *flowView) onFrame(ctx app.Context, ts float64) {
	c.pending = false
	dt := 16.0
	if c.last >= 0 {
		dt = min(ts-c.last, 100)
	}
	c.last = ts
	goal := c.target()
	if c.Playing {
		goal = min(goal+0.999, float64(c.Run.Buckets())) // the next step is on its way
	}
	rate := dt / float64(playTick.Milliseconds())
	d := goal - c.pos
	step := math.Copysign(max(rate, math.Abs(d)*dt/250), d)
	if math.Abs(step) >= math.Abs(d) {
		c.pos = goal
	} else {
		c.pos += step
	}
	c.frames++
	if c.pos != c.target() || c.Playing {
		c.request()
	} else {
		c.last = -1
	}
}

// reducedMotion reports whether the person asked their system for less
// motion.
func reducedMotion() bool {
	mm := app.Window().Get("matchMedia")
	if !mm.Truthy() {
		return false
	}
	return app.Window().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Bool()
}

func (c *flowView) Render() app.UI {
	if c.Run == nil {
		return app.Div()
	}
	if c.shownVersion != c.Version {
		c.shownVersion, c.pos = c.Version, c.target() // before the first mount
	}
	if d := &c.drawn; d.run != c.Run || d.pos != c.pos {
		s, t := c.Run.At(c.pos), tr()
		d.run, d.pos, d.svg, d.summary = c.Run, c.pos, s.SVGIn(t), s.SummaryIn(t)
	}
	return app.Div().Class("flow").ID("flow").DataSet("pos", strconv.FormatFloat(c.pos, 'f', 3, 64)).
		DataSet("frames", c.frames).Body(
		app.Raw(c.drawn.svg),
		app.P().ID("flow-summary").Class("help flow-summary").Text(c.drawn.summary),
	)
}
