package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/results/sentences"
)

func (c *resultsPanel) renderCards() app.UI {
	cards := c.View.cards
	t := tr()
	return app.Section().Class("cards").ID("cards").Aria("label", t.T("results.cards")).Body(
		app.Range(cards).Slice(func(i int) app.UI { return renderCard(t, cards[i]) }),
	)
}

// renderCard is one headline number. A number to look at is marked with a
// word and an icon as well as a colour.
func renderCard(t *i18n.Catalog, k results.Card) app.UI {
	class := "stat"
	if k.Bad {
		class += " bad"
	}
	return app.Div().Class(class).ID("card-"+k.ID).DataSet("value", k.Raw).Body(
		app.P().Class("stat-label").Text(k.Label),
		app.P().Class("stat-value").Body(
			app.If(k.Bad, app.Span().Class("stat-flag").Title(t.T("results.worthALook")).Body(
				app.Span().Aria("hidden", "true").Text("⚠ "),
				app.Span().Class("sr-only").Text(t.T("results.worthALook.sr")),
			)),
			app.Text(k.Value),
		),
		app.P().Class("stat-detail").Text(k.Detail),
	)
}

// renderMarks lists the numbered timeline actions and says what the
// shading means.
func (c *resultsPanel) renderMarks(s results.Snapshot) app.UI {
	v := c.View
	t := tr()
	marks := v.result.Timeline
	if len(marks) == 0 && len(v.result.Group.Rebalances) == 0 {
		return app.P().Class("help").Text(t.T("results.marks.none"))
	}
	return app.Div().Class("marks").Body(
		app.P().Class("help").Text(t.T("results.marks.help")),
		app.Ol().ID("marks").Body(
			app.Range(marks).Slice(func(i int) app.UI {
				li := app.Li().Text(t.T("results.marks.item", i18n.S("at", results.SecondsIn(t.Lang(), marks[i].AtS)),
					i18n.S("action", sentences.Mark(t, marks[i]))))
				if marks[i].AtS > s.T {
					li = li.Class("future")
				}
				return li
			}),
		),
	)
}

// renderChart is one chart in a figure, with the cursor of the moment shown
// over time charts, and its downloads.
func (c *resultsPanel) renderChart(nc namedChart, s results.Snapshot) app.UI {
	atEnd := s.T >= c.View.result.DurationS
	return chartFigure(c, nc, c.View.sc.Name, nc.timed && !atEnd, s.T)
}

// chartFigure is a chart with its caption and downloads; with cursor, a
// vertical line marks moment t and a veil covers what comes after. A
// chart still being drawn says so (data-pending), and owner is drawn
// again when it arrives.
func chartFigure(owner app.Composer, nc namedChart, scenario string, cursor bool, t float64) app.UI {
	nc = nc.resolve(owner)
	if nc.err != "" {
		return app.Figure().ID(nc.id).Class("chart").Body(app.P().Class("error").Text(nc.err))
	}
	if nc.pending {
		return pendingFigure(nc.id, nc.caption)
	}
	shownLast(nc.id, nc.chart.SVG)
	ch := nc.chart
	c := tr()
	plot := app.Div().Class("plot").Body(app.Raw(ch.SVG))
	if cursor {
		x := ch.X(t) * 100
		pct := func(f float64) string { return fmt.Sprintf("%.2f%%", f) }
		overlay := func(class string) app.HTMLDiv {
			return app.Div().Class(class).Aria("hidden", "true").
				Style("top", pct(ch.Top*100)).Style("height", pct((ch.Bottom-ch.Top)*100)).Style("left", pct(x))
		}
		plot = app.Div().Class("plot").Body(
			app.Raw(ch.SVG),
			overlay("veil").Style("width", pct(ch.Right*100-x)),
			overlay("cursor"),
		)
	}
	stem := fileName(scenario, "scenario") + "-" + strings.Replace(nc.id, "chart-", "", 1)
	return app.Figure().ID(nc.id).Class("chart").Body(
		plot,
		app.FigCaption().Body(
			app.Text(nc.caption+" "),
			app.Span().Class("downloads").Body(
				app.Button().Type("button").Class("link-button").Aria("label", c.T("results.chart.downloadSVG", i18n.S("chart", chartName(c, nc.id)))).Text("SVG").
					OnClick(func(ctx app.Context, _ app.Event) {
						saveWithHangul(chart.Standalone(ch), svgWithHangul, func(svg string) { download(stem+".svg", "image/svg+xml", []byte(svg)) })
					}, nc.key, stem),
				app.Button().Type("button").Class("link-button").Aria("label", c.T("results.chart.downloadPNG", i18n.S("chart", chartName(c, nc.id)))).Text("PNG").
					OnClick(func(ctx app.Context, _ app.Event) { downloadPNG(stem+".png", ch) }, nc.key, stem),
			),
		),
	)
}

// shortChartID is a chart's element id without its page's prefix:
// "chart-lag" and "compare-chart-lag" are "lag" (the catalog's and the
// review's name for it).
func shortChartID(id string) string {
	return strings.TrimPrefix(strings.TrimPrefix(id, "compare-"), "chart-")
}

// chartName is what a chart shows, in a few words, for the names of its
// download buttons (a screen reader lists a dozen "SVG" otherwise).
func chartName(t *i18n.Catalog, id string) string {
	// Compare's charts are "compare-chart-records": the same names.
	short := shortChartID(id)
	if name := "results.chartName." + short; t.Has(name) {
		return t.T(name)
	}
	return short
}
