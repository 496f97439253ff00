package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/sweep"
)

// renderGrid is a two-setting sweep as a table: a row per value of the
// first setting, a column per value of the second, each cell the
// chosen measure's median, shaded by it, and a link that opens that
// point in Simulate as exactly its run (the first seed). A one-setting
// sweep has none.
func (p *sweepPage) renderGrid(c *i18n.Catalog, s *sweep.Sweep) app.UI {
	if len(s.Vary) != 2 {
		return nil
	}
	m := sweepMeasure(p.gridWord)
	rows, cols := s.Vary[0], s.Vary[1]
	lo, hi := gridRange(s, m)
	title := c.T("sweep.chart.grid.title", i18n.S("measure", measureLabel(c, m)), i18n.S("row", rows.Path), i18n.S("col", cols.Path))
	return app.Div().Class("sweep-grid").Body(
		p.renderGridPicker(c),
		scrollRegion("table-scroll", title).Body(
			app.Table().ID("sweep-grid").DataSet("measure", m.Word).Body(
				app.Caption().Text(title),
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text(rows.Path+" \\ "+cols.Path),
					app.Range(cols.Values).Slice(func(j int) app.UI { return app.Th().Scope("col").Text(string(cols.Values[j])) }),
				)),
				app.TBody().Body(app.Range(rows.Values).Slice(func(i int) app.UI {
					return app.Tr().Body(
						app.Th().Scope("row").Text(string(rows.Values[i])),
						app.Range(cols.Values).Slice(func(j int) app.UI {
							return p.gridCell(c, s.Points[i*len(cols.Values)+j], m, lo, hi)
						}),
					)
				})),
			),
		),
	)
}

// gridCell is one point of the grid: its median of m, shaded between lo
// and hi (darker is more), opening the point in Simulate.
func (p *sweepPage) gridCell(c *i18n.Catalog, pt sweep.Point, m sweep.Measure, lo, hi float64) app.UI {
	td := app.Td().ID("sweep-cell-" + strconv.Itoa(pt.Index+1)).Class("num")
	if pt.Pending {
		return td.Class("pending").Text("…")
	}
	v := pt.Spread[m.Name].Median
	bg, fg := gridShade(v, lo, hi)
	td = td.Style("background-color", bg).Style("color", fg).DataSet("digest", pt.Digests[0])
	text := m.Format(v)
	link := p.run.link(pt.Index)
	if link == "" {
		return td.Text(text)
	}
	return td.Body(app.A().Href(link).Style("color", fg).
		Aria("label", c.T("sweep.grid.cellLink", i18n.S("point", pt.Values.String()), i18n.S("value", text))).Text(text))
}

// gridRange is the least and most median of m over the points in.
func gridRange(s *sweep.Sweep, m sweep.Measure) (lo, hi float64) {
	first := true
	for _, pt := range s.Points {
		if pt.Pending {
			continue
		}
		v := pt.Spread[m.Name].Median
		if first {
			lo, hi, first = v, v, false
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// gridShade is a cell's background, from a pale to a deep blue as v goes
// from lo to hi, and its text's colour, dark or white, whichever reads.
func gridShade(v, lo, hi float64) (bg, fg string) {
	t := 0.0
	if hi > lo {
		t = (v - lo) / (hi - lo)
	}
	light := 95 - 50*t
	fg = "#1d2733"
	if light < 62 {
		fg = "#fff"
	}
	return "hsl(210 60% " + strconv.FormatFloat(light, 'f', 0, 64) + "%)", fg
}

// renderGridPicker picks the measure the grid shows.
func (p *sweepPage) renderGridPicker(c *i18n.Catalog) app.UI {
	ms := sweep.Measures()
	return app.Div().Class("field").Body(
		app.Label().For("sweep-grid-measure").Text(c.T("sweep.grid.measure")),
		app.Select().ID("sweep-grid-measure").OnChange(func(ctx app.Context, _ app.Event) { p.gridWord = inputValue(ctx) }).Body(
			app.Range(ms).Slice(func(i int) app.UI {
				return app.Option().Value(ms[i].Word).Selected(ms[i].Word == p.gridWord).Text(measureLabel(c, ms[i]))
			}),
		),
	)
}
