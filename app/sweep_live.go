package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/sweepclient"
	"partitionlab/sim/sweep"
)

// sweepProgress is the sweep's progress and Cancel, a component of its
// own: a reply that only moves the progress redraws it alone, not the
// page.
type sweepProgress struct {
	app.Compo
	// Drawn counts the page's drawings: each gives the bar a new value,
	// so it is drawn with the page too.
	Drawn int
	page  *sweepPage
}

// OnMount makes this bar the one the page redraws alone.
func (b *sweepProgress) OnMount(app.Context) { b.page.bar = b }

func (b *sweepProgress) Render() app.UI {
	return app.Div().ID("sweep-progress-box").Body(b.page.renderProgress(tr()))
}

// frontierPoints are the trade-off's points so far: balance against
// the violations of the frontier's scope, medians over the seeds.
func frontierPoints(s *sweep.Sweep) []chart.FrontierPoint {
	scope := sweepMeasure("violations." + s.Scope)
	var points []chart.FrontierPoint
	for _, pt := range s.Points {
		if pt.Pending {
			continue
		}
		points = append(points, chart.FrontierPoint{Label: pointLabel(pt), Load: pt.Spread["load.max_over_mean"].Median,
			Violations: pt.Spread[scope.Name].Median, OnFrontier: pt.OnFrontier,
			Recommended: s.Recommended != nil && s.Recommended.Index == pt.Index})
	}
	return points
}

// renderLive is the live scatter with its caption, while the full
// charts are not drawn.
func renderLive(c *i18n.Catalog, s *sweep.Sweep) app.UI {
	scope := measureLabel(c, sweepMeasure("violations."+s.Scope))
	title := c.T("sweep.chart.frontier.title", i18n.S("measure", scope))
	points := frontierPoints(s)
	return app.Figure().ID("sweep-live").Class("chart live").DataSet("points", strconv.Itoa(len(points))).Body(
		app.Div().Class("plot").Body(app.Raw(sweepclient.LiveScatter(livePoints(points), c.T("sweep.chart.frontier.label", i18n.S("title", title))))),
		app.FigCaption().Text(c.T("sweep.live.caption", i18n.S("title", title))),
	)
}

func livePoints(points []chart.FrontierPoint) []sweepclient.LivePoint {
	out := make([]sweepclient.LivePoint, len(points))
	for i, p := range points {
		out[i] = sweepclient.LivePoint{Load: p.Load, Violations: p.Violations, OnFrontier: p.OnFrontier}
	}
	return out
}
