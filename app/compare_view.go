package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/results"
)

func (p *comparePage) Render() app.UI {
	return layout("compare",
		app.H1().Text("Compare"),
		app.P().Class("lead").Text("Two designs side by side: the same workload and seed, the headline numbers with their "+
			"differences, and the charts in pairs. Load each side from a preset, from the Simulate page or from a link, and edit it."),
		app.Div().Class("check compare-options").Body(
			app.Input().Type("checkbox").ID("same-seed").Checked(p.sameSeed).OnChange(p.onSameSeed),
			app.Label().For("same-seed").Text("Run B with A's seed, so only the design differs"),
		),
		app.If(p.message != "", app.P().Class("error").ID("compare-message").Text(p.message)),
		app.Div().Class("compare-grid").Body(p.renderSide(0), p.renderSide(1)),
		p.renderStatus(),
		p.renderDiff(),
		p.renderChartPairs(),
	)
}

func (p *comparePage) renderSide(i int) app.UI {
	e := p.sides[i]
	pre := e.prefix
	title := fmt.Sprintf("%s: %s", sideName(i), e.sc.Name)
	if e.sc.Name == "" {
		title = sideName(i) + ": your own scenario"
	}
	return app.Section().Class("card compare-side").ID(pre+"side").Aria("label", "Scenario "+sideName(i)).Body(
		app.H2().Text(title),
		app.Div().Class("share-bar").Body(
			app.Button().Type("button").ID(pre+"from-simulate").Text("Use the Simulate page's scenario").OnClick(p.onFromSimulate(i)),
		),
		app.Div().Class("field").Body(
			app.Label().For(pre+"link").Text("Or paste a link"),
			app.Div().Class("inline").Body(
				app.Input().Type("text").ID(pre+"link").Value(p.links[i]).Attr("autocomplete", "off").
					OnInput(func(ctx app.Context, _ app.Event) { p.links[i] = ctx.JSSrc().Get("value").String() }),
				app.Button().Type("button").ID(pre+"link-load").Text("Load").OnClick(p.onLoadLink(i)),
			),
		),
		app.Details().Class("compare-editor").ID(pre+"edit").Open(!e.valid).Body(
			app.Summary().Text("Edit "+sideName(i)),
			newEditorPanel(e),
		),
		app.If(!e.valid, app.P().Class("error").Text(fmt.Sprintf("%s has values to fix; its last valid version is shown.", sideName(i)))),
	)
}

// renderDiff is the table of headline numbers: A, B, and how B differs, in
// an arrow, a signed number and a word (never colour alone).
func (p *comparePage) renderDiff() app.UI {
	a, b := p.views[0], p.views[1]
	if a == nil || b == nil {
		return app.P().Class("card").ID("diff-placeholder").Text("The comparison appears once both scenarios have run.")
	}
	deltas := results.Diff(a.cards, b.cards)
	seedNote := fmt.Sprintf("Both ran with seed %d.", a.r.Seed)
	if a.r.Seed != b.r.Seed {
		seedNote = fmt.Sprintf("A ran with seed %d, B with seed %d: part of the differences is chance.", a.r.Seed, b.r.Seed)
	}
	return app.Section().Class("card").ID("diff").Aria("labelledby", "diff-title").Body(
		app.H2().ID("diff-title").Text("Differences"),
		app.P().Class("help").ID("seed-note").Text(seedNote),
		scrollRegion("table-wrap", "Table of differences").Body(app.Table().ID("diff-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Number"), app.Th().Scope("col").Class("num").Text("A"),
				app.Th().Scope("col").Class("num").Text("B"), app.Th().Scope("col").Text("B compared with A"),
			)),
			app.TBody().Body(app.Range(deltas).Slice(func(i int) app.UI {
				d := deltas[i]
				return app.Tr().ID("diff-"+d.ID).Class("verdict-"+string(d.Verdict)).DataSet("verdict", string(d.Verdict)).
					DataSet("a", d.A.Raw).DataSet("b", d.B.Raw).Body(
					app.Th().Scope("row").Text(d.Label),
					app.Td().Class("num").Text(d.A.Value),
					app.Td().Class("num").Text(d.B.Value),
					app.Td().Class("delta").Body(
						app.Span().Class("arrow").Aria("hidden", "true").Text(d.Arrow+" "),
						app.Text(deltaWords(d)),
					),
				)
			})),
		)),
		app.Div().Class("digests").Body(
			app.P().Body(app.Text("Digest A: "), app.Code().ID("digest-a").Text(a.r.Digest)),
			app.P().Body(app.Text("Digest B: "), app.Code().ID("digest-b").Text(b.r.Digest)),
		),
	)
}

func deltaWords(d results.Delta) string {
	if d.Verdict == results.Same {
		return "same"
	}
	return fmt.Sprintf("%s (%s)", d.Change, d.Verdict)
}

// renderChartPairs puts each chart of A beside the same chart of B.
func (p *comparePage) renderChartPairs() app.UI {
	a, b := p.views[0], p.views[1]
	if a == nil || b == nil {
		return app.Text("")
	}
	return app.Section().Class("card").ID("chart-pairs").Aria("label", "Charts of A and B").Body(
		app.Range(a.charts).Slice(func(i int) app.UI {
			ca, cb := a.charts[i], b.charts[i]
			ca.id, cb.id = "a-"+ca.id, "b-"+cb.id
			return app.Div().Class("chart-pair").Body(
				app.Div().Body(app.H3().Text("A"), chartFigure(ca, a.sc.Name, false, 0)),
				app.Div().Body(app.H3().Text("B"), chartFigure(cb, b.sc.Name, false, 0)),
			)
		}),
	)
}
