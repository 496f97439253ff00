package app

import (
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/sweep"
)

// sweepPoints is a sweep's table of points, a component of its own:
// drawn again only when the points change (Rev, the page's pointsRev) or
// the language, not with the progress or each chart.
//
// The table is one piece of HTML that the browser parses, not go-app
// elements: go-app built and compared its 300 cells in Go at each
// redraw while the points came in (up to 13–18 ms of the page's thread
// at once, much of it the finalizers of the JavaScript values it made),
// and a key typed then waited behind it. A link focused in the table keeps the focus
// when the table is replaced.
type sweepPoints struct {
	app.Compo
	Rev  int
	Lang i18n.Lang
	page *sweepPage
	// focused is the row whose link had the focus when the table was
	// last drawn ("" none).
	focused string
}

func (v *sweepPoints) Render() app.UI {
	o := v.page.out
	if o == nil {
		return app.Div()
	}
	v.focused = focusedPointRow()
	c := tr()
	return scrollRegion("table-scroll", c.T("sweep.points.title")).Body(
		app.Raw(pointsTable(c, o.s, v.page.run.link)),
	)
}

// OnUpdate gives the focus back to the link it was on before the table
// was replaced.
func (v *sweepPoints) OnUpdate(app.Context) {
	if v.focused == "" {
		return
	}
	if a := app.Window().Get("document").Call("querySelector", "#"+v.focused+" a.open-point"); a.Truthy() {
		a.Call("focus")
	}
}

// focusedPointRow is the id of the table's row whose link has the focus,
// or "".
func focusedPointRow() string {
	if !app.IsClient {
		return ""
	}
	el := app.Window().Get("document").Get("activeElement")
	if !el.Truthy() || el.Get("className").String() != "open-point" {
		return ""
	}
	if row := el.Call("closest", "tr"); row.Truthy() && strings.HasPrefix(row.Get("id").String(), pointRowID) {
		return row.Get("id").String()
	}
	return ""
}

// pointRowID begins the id of each point's row: sweep-point-1, ...
const pointRowID = "sweep-point-"

// pointColumns are the measures the points' table shows.
var pointColumns = []string{"load", "violations.order", "violations.customer", "violations.key", "duplicates", "lost", "max_lag", "p99_ms", "idle_threads"}

// pointsTable is every point as an HTML table: its values, its measures
// (median, with the spread when the seeds differ), its marks and its link
// to Simulate (link gives it, "" until the point's first seed is in).
func pointsTable(c *i18n.Catalog, s *sweep.Sweep, link func(k int) string) string {
	var b strings.Builder
	b.Grow(8192)
	// attr writes an attribute, its value escaped (markup is built from
	// parts, so no literal here reads as a sentence to translate).
	attr := func(name, value string) { b.WriteString(" " + name + `="` + html.EscapeString(value) + `"`) }
	text := func(tag, t string, classes ...string) {
		b.WriteString("<" + tag)
		if len(classes) > 0 {
			attr("class", strings.Join(classes, " "))
		}
		b.WriteString(">" + html.EscapeString(t) + "</" + tag + ">")
	}
	b.WriteString("<table")
	attr("id", "sweep-points")
	b.WriteString(">")
	text("caption", c.T("sweep.points.title"))
	b.WriteString("<thead><tr>")
	text("th", "#")
	for _, a := range s.Vary {
		text("th", a.Path)
	}
	for _, col := range pointColumns {
		text("th", measureLabel(c, sweepMeasure(col)))
	}
	text("th", c.T("sweep.points.marks"))
	text("th", c.T("sweep.points.open"))
	b.WriteString("</tr></thead><tbody>")
	for _, pt := range s.Points {
		digest := ""
		if len(pt.Digests) > 0 {
			digest = pt.Digests[0]
		}
		b.WriteString("<tr")
		attr("id", pointRowID+strconv.Itoa(pt.Index+1))
		attr("data-digest", digest)
		if classes := pointClasses(s, pt); classes != "" {
			attr("class", classes)
		}
		b.WriteString(">")
		text("td", strconv.Itoa(pt.Index+1))
		for _, v := range pt.Values {
			text("td", string(v.Value), "num")
		}
		for _, col := range pointColumns {
			if pt.Pending {
				text("td", "…", "num", "pending")
				continue
			}
			m := sweepMeasure(col)
			text("td", m.FormatSpread(pt.Spread[m.Name]), "num")
		}
		text("td", pointMarks(c, s, pt))
		b.WriteString("<td>")
		if href := link(pt.Index); !pt.Pending && href != "" {
			b.WriteString("<a")
			attr("class", "open-point")
			attr("href", href)
			b.WriteString(">" + html.EscapeString(c.T("sweep.points.openLink")) + "</a>")
		}
		b.WriteString("</td></tr>")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// pointClasses are a point's row classes: on the frontier, meets the
// requirements, recommended.
func pointClasses(s *sweep.Sweep, pt sweep.Point) string {
	var classes []string
	if pt.OnFrontier {
		classes = append(classes, "frontier")
	}
	if pt.Meets && len(s.Require) > 0 {
		classes = append(classes, "meets")
	}
	if s.Recommended != nil && s.Recommended.Index == pt.Index {
		classes = append(classes, "recommended")
	}
	return strings.Join(classes, " ")
}
