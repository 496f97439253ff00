package app

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/sweep"
)

// sweepOutcome is what the page shows of a sweep so far: the assembled
// sweep and, once every run is in, its charts. Unexported, so go-app
// never deep-compares it.
type sweepOutcome struct {
	s      *sweep.Sweep
	charts []namedChart
	// done says every run is in; final that the frontier's chart is
	// drawn too (data-final, the downloads).
	done, final bool
}

// newSweepOutcome is the sweep so far, drawn light (renderLive) until
// drawFinal draws its charts.
func newSweepOutcome(s *sweep.Sweep, done bool) *sweepOutcome {
	return &sweepOutcome{s: s, done: done}
}

// drawFinal lays out a finished sweep's charts, each in a task of its own
// (the engine's worker draws them; each figure asks for its picture when
// first shown): the trade-off first (the outcome is then final), then a
// one-setting sweep's measures.
func (p *sweepPage) drawFinal(ctx app.Context, o *sweepOutcome) {
	nextTask(ctx, func(ctx app.Context) {
		if p.out != o {
			return // another sweep since
		}
		o.charts, o.final = []namedChart{frontierChart(tr(), o.s)}, true
		p.chartsRev++
		p.drawMeasures(ctx, o, chartedMeasures(o.s))
	})
}

// drawMeasures adds the measures' charts of a finished one-setting sweep,
// one per task, each redrawing the charts alone (the page, its table
// included, stays as it is).
func (p *sweepPage) drawMeasures(ctx app.Context, o *sweepOutcome, ms []sweep.Measure) {
	if len(ms) == 0 || p.out != o {
		return // done, or another sweep since
	}
	ctx.Async(func() {
		time.Sleep(time.Millisecond) // the browser's turn first, as nextTask
		ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: ctx.Src(), Function: func(ctx app.Context) {
			if p.out != o {
				return
			}
			o.charts = append(o.charts, measureChart(tr(), o.s, ms[0]))
			p.chartsRev++
			if p.charts != nil {
				p.charts.Rev = p.chartsRev
				p.charts.Update()
			}
			p.drawMeasures(ctx, o, ms[1:])
		}})
	})
}

// nextTask runs fn in a task of its own, after the browser has had its
// turn (input, a frame): a timer, as a zero wait would run at once. The
// page is drawn again after fn.
func nextTask(ctx app.Context, fn func(ctx app.Context)) { ctx.After(time.Millisecond, fn) }

// renderRun is the sweep's estimate, its start button when it waits for
// a click, its progress and Cancel.
func (p *sweepPage) renderRun(c *i18n.Catalog) app.UI {
	r := &p.run
	return app.Section().ID("sweep-run").Class("sweep-run").Aria("live", "polite").Body(
		app.If(len(p.problems) > 0, app.Ul().ID("sweep-problems").Class("error").Attr("role", "alert").Body(
			app.Range(p.problems).Slice(func(i int) app.UI { return app.Li().Text(p.problems[i]) }),
		)),
		app.If(p.estimate != "", app.P().ID("sweep-estimate").Text(p.estimate)),
		app.If(p.gated, app.Button().Type("button").ID("sweep-start").Class("primary").Text(c.T("sweep.run.start")).
			OnClick(func(ctx app.Context, _ app.Event) { p.start(ctx) })),
		&sweepProgress{page: p, Drawn: p.drawn()},
		app.If(!r.running && r.tookMs > 0, app.P().ID("sweep-took").DataSet("ms", strconv.FormatFloat(r.tookMs, 'f', 0, 64)).
			Text(c.T("sweep.run.took", i18n.S("seconds", c.Lang().Float(r.tookMs/1000, 1))))),
		app.If(r.err != "", app.P().ID("sweep-error").Class("error").Attr("role", "alert").Text(r.err)),
	)
}

// renderProgress is the runs done and Cancel, while the sweep runs.
func (p *sweepPage) renderProgress(c *i18n.Catalog) app.UI {
	r := &p.run
	if !r.running {
		return nil
	}
	return app.Div().Class("progress").Body(
		app.Progress().ID("sweep-progress").Max(100).Value(r.percent()).Aria("label", c.T("sweep.run.progressLabel")),
		app.Span().ID("sweep-progress-text").Text(c.T("sweep.run.progress", i18n.S("total", strconv.Itoa(r.pool.Total())), i18n.S("done", strconv.Itoa(r.pool.Done())))),
		app.Button().Type("button").ID("sweep-cancel").Text(c.T("sweep.run.cancel")).
			OnClick(func(ctx app.Context, _ app.Event) { r.cancel(); p.gated = p.plan != nil; p.Update() }),
	)
}

// renderOutcome is the recommendation, the charts and the points.
func (p *sweepPage) renderOutcome(c *i18n.Catalog) app.UI {
	o := p.out
	if o == nil {
		return nil
	}
	s := o.s
	return app.Section().ID("sweep-outcome").DataSet("final", strconv.FormatBool(o.final)).Body(
		app.H2().Text(c.T("sweep.outcome.title")),
		app.P().ID("sweep-why").Class("why").Text(sweepWhy(c, s)),
		app.P().Class("hint").Text(c.T("sweep.form.costOrder")),
		// Every child keeps its place, whatever is shown: go-app compares
		// children by position, and a part that comes or goes before the
		// table made it build the whole table again.
		app.Div().ID("sweep-grid-box").Body(p.renderGrid(c, s)),
		&sweepCharts{Rev: p.chartsRev, Lang: c.Lang(), page: p},
		app.Div().ID("sweep-finished").Body(
			p.renderDownloads(c),
			app.If(o.final, p.renderEmbed()),
		),
		&sweepPoints{Rev: p.pointsRev, Lang: c.Lang(), page: p},
	)
}

// pointMarks says, in words, whether a point is on the frontier, meets
// the requirements or is the recommended one.
func pointMarks(c *i18n.Catalog, s *sweep.Sweep, pt sweep.Point) string {
	var marks []string
	if pt.OnFrontier {
		marks = append(marks, c.T("sweep.points.onFrontier"))
	}
	if s.Recommended != nil && s.Recommended.Index == pt.Index {
		marks = append(marks, c.T("sweep.points.recommended"))
	} else if pt.Meets && len(s.Require) > 0 {
		marks = append(marks, c.T("sweep.points.meets"))
	}
	if !pt.Meets && len(pt.Misses) > 0 {
		marks = append(marks, c.T("sweep.points.misses", i18n.S("misses", strings.Join(pt.Misses, ", "))))
	}
	return strings.Join(marks, "; ")
}

// sweepWhy says the recommendation in one sentence, in the page's
// language (sweep.Sweep.Why's facts).
func sweepWhy(c *i18n.Catalog, s *sweep.Sweep) string {
	if len(s.Require) == 0 {
		return c.T("sweep.why.noRequirements")
	}
	done, meeting := 0, 0
	for _, pt := range s.Points {
		if !pt.Pending {
			done++
			if pt.Meets {
				meeting++
			}
		}
	}
	reqs := make([]string, len(s.Require))
	for i, q := range s.Require {
		reqs[i] = q.String()
	}
	req := i18n.S("requirements", strings.Join(reqs, ", "))
	switch {
	case s.Recommended != nil:
		pt := s.Recommended
		cost := c.T("sweep.cost", i18n.S("partitions", strconv.Itoa(pt.Cost.Partitions)),
			i18n.S("threads", strconv.Itoa(pt.Cost.Threads)), i18n.S("buckets", strconv.Itoa(pt.Cost.SaltBuckets)))
		if meeting == 1 {
			return c.T("sweep.why.only", i18n.S("point", pt.Values.String()), i18n.S("done", strconv.Itoa(done)), req, i18n.S("cost", cost))
		}
		return c.T("sweep.why.cheapest", i18n.S("point", pt.Values.String()), i18n.S("meeting", strconv.Itoa(meeting)),
			i18n.S("done", strconv.Itoa(done)), req, i18n.S("cost", cost))
	case s.Closest != nil:
		return c.T("sweep.why.none", req, i18n.S("point", s.Closest.Values.String()), i18n.S("misses", strings.Join(s.Closest.Misses, ", ")))
	}
	return c.T("sweep.why.pending")
}

// renderEmbed is a finished sweep's Embed, once its point's link is in.
func (p *sweepPage) renderEmbed() app.UI {
	if d := p.sweepEmbed(p.out.s); d != nil {
		return app.Div().ID("sweep-embed").Body(d)
	}
	return nil
}
