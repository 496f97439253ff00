package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// runProgress is a run's progress bar, its text and the run so far, as a
// component of its own: as the worker reports, the page draws only it.
// Drawing the whole page (the editor's hundreds of inputs, the charts) at
// every report took tens of milliseconds, time in which the page did not
// answer input.
type runProgress struct {
	app.Compo

	// Label is what the run is doing ("Simulating…"); the parent passes it.
	Label string
	loop  *runLoop
}

func newRunProgress(l *runLoop, label string) *runProgress {
	return &runProgress{Label: label, loop: l}
}

// OnMount makes this the loop's progress view, which hear draws alone.
func (c *runProgress) OnMount(ctx app.Context) { c.loop.progress.view, c.loop.progress.ctx = c, ctx }

// OnDismount lets the loop draw the page again.
func (c *runProgress) OnDismount() {
	if c.loop.progress.view == c {
		c.loop.progress.view = nil
	}
}

func (c *runProgress) Render() app.UI {
	l := c.loop
	t := tr()
	return app.Span().Class("run-progress").Body(
		app.Progress().ID("run-progress").Max(100).Value(l.percent()).Aria("label", t.T("results.progress.label")),
		app.Span().Class("progress-text").Text(c.Label+" "+t.Lang().Percent(float64(l.percent()), 0)),
		app.Span().ID("run-partial").Class("progress-text").Text(l.partialText(t)),
	)
}

// progressViews is where a loop draws its progress: a runProgress when the
// view has one mounted, else the whole view.
type progressViews struct {
	view *runProgress
	ctx  app.Context
}
