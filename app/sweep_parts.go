package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// sweepCharts is a sweep's charts, a component of its own: the live
// scatter while the points arrive, then the trade-off and the measures,
// added one per task (drawMeasures redraws it alone) and drawn by the
// engine's worker (each arrival redraws it alone too). go-app draws it
// again only when an exported field changes: Rev, the page's chartsRev,
// or the language.
type sweepCharts struct {
	app.Compo
	Rev  int
	Lang i18n.Lang
	page *sweepPage
}

// OnMount makes these charts the ones drawMeasures redraws.
func (v *sweepCharts) OnMount(app.Context) { v.page.charts = v }

func (v *sweepCharts) Render() app.UI {
	c, o := tr(), v.page.out
	if o == nil {
		return app.Div().Class("charts")
	}
	return app.Div().Class("charts").Body(
		app.If(!o.final, renderLive(c, o.s)),
		app.Range(o.charts).Slice(func(i int) app.UI { return chartFigure(v, o.charts[i], v.page.sc.Name, false, 0) }),
	)
}
