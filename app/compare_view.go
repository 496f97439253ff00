package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/report"
	"partitionlab/app/results"
)

func (p *comparePage) Render() app.UI {
	return layout("compare",
		app.H1().Text("Compare"),
		app.P().Class("lead").Text("A design review: A against B, the same workload and seed, how every headline number differs and why, "+
			"and the charts of both on the same axes. B is A with one change, or any scenario you pick."),
		p.renderPickers(),
		app.If(p.message != "", app.P().Class("error").ID("compare-message").Text(p.message)),
		p.renderStatus(),
		p.renderDiff(),
		p.renderCharts(),
		app.H2().Class("compare-sides-title").Text("The two scenarios"),
		app.Div().Class("compare-grid").Body(p.renderSide(0), p.renderSide(1)),
	)
}

func (p *comparePage) renderSide(i int) app.UI {
	e := p.sides[i]
	pre := e.prefix
	title := fmt.Sprintf("%s: %s", sideName(i), scenarioTitle(e.sc.Name))
	return app.Section().Class("card compare-side").ID(pre+"side").Aria("label", "Scenario "+sideName(i)).Body(
		app.H3().Text(title),
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

// renderDiff is the table of headline numbers: A, B, how B differs (an
// arrow, the change with its unit, the factor and a word, never colour
// alone) and why, from the evidence.
func (p *comparePage) renderDiff() app.UI {
	rv := p.review
	if rv == nil {
		return app.P().Class("card").ID("diff-placeholder").Text("The comparison appears once both scenarios have run.")
	}
	a, b := rv.a, rv.b
	seedNote := fmt.Sprintf("Both ran with seed %d.", a.r.Seed)
	if a.r.Seed != b.r.Seed {
		seedNote = fmt.Sprintf("A ran with seed %d, B with seed %d: part of the differences is chance.", a.r.Seed, b.r.Seed)
	}
	deltas := rv.deltas
	return app.Section().Class("card").ID("diff").Aria("labelledby", "diff-title").Body(
		app.H2().ID("diff-title").Text("Differences"),
		app.P().Class("help").ID("seed-note").Text(seedNote+" "+verdictSummary(deltas)),
		scrollRegion("table-wrap", "Table of differences").Body(app.Table().ID("diff-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Number"), app.Th().Scope("col").Class("num").Text("A"),
				app.Th().Scope("col").Class("num").Text("B"), app.Th().Scope("col").Text("B compared with A"),
				app.Th().Scope("col").Text("Why"),
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
						app.Text(d.Words()),
					),
					app.Td().Class("why").Text(d.Why),
				)
			})),
		)),
		app.Div().Class("digests").Body(
			app.P().Body(app.Text("Digest A: "), app.Code().ID("digest-a").Text(a.r.Digest)),
			app.P().Body(app.Text("Digest B: "), app.Code().ID("digest-b").Text(b.r.Digest)),
		),
		app.Div().Class("share-bar report-downloads").Body(
			app.Button().Type("button").ID("report-html").Text("Download the review (HTML)").
				OnClick(p.onReport(false), a.r.Digest, b.r.Digest),
			app.Button().Type("button").ID("report-markdown").Text("Download the review (Markdown and SVG charts, .zip)").
				OnClick(p.onReport(true), a.r.Digest, b.r.Digest),
		),
	)
}

// verdictSummary counts the rows that got worse and better.
func verdictSummary(ds []results.Delta) string {
	var worse, better int
	for _, d := range ds {
		switch d.Verdict {
		case results.Worse:
			worse++
		case results.Better:
			better++
		}
	}
	return fmt.Sprintf("B is worse on %d and better on %d of %d numbers.", worse, better, len(ds))
}

// renderCharts draws each measure once, with A and B on the same axes.
func (p *comparePage) renderCharts() app.UI {
	rv := p.review
	if rv == nil {
		return app.Text("")
	}
	name := fileName(rv.a.sc.Name, "a") + "-vs-" + fileName(rv.b.sc.Name, "b")
	return app.Section().Class("card").ID("compare-charts").Aria("label", "Charts of A and B").Body(
		app.Range(rv.charts).Slice(func(i int) app.UI { return chartFigure(rv.charts[i], name, false, 0) }),
	)
}

// onReport downloads the review as one HTML file, or as Markdown with its
// SVG charts in a zip.
func (p *comparePage) onReport(markdown bool) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		rv := p.review
		if rv == nil {
			return
		}
		name := "review-" + fileName(rv.a.sc.Name, "a") + "-vs-" + fileName(rv.b.sc.Name, "b")
		if err := downloadReview(report.Input{A: rv.a.run(), B: rv.b.run()}, name, markdown); err != nil {
			p.message = "The review could not be written: " + err.Error()
		}
	}
}

func (p *comparePage) renderStatus() app.UI {
	l := &p.loop
	state, text := "done", "Both scenarios ran."
	switch {
	case l.err != "":
		state, text = "error", "A run could not start: "+l.err
	case l.running:
		state, text = "running", "Running "+sideName(p.running)+"… "+strconv.Itoa(p.progress())+" %"
	case !p.sides[0].valid || !p.sides[1].valid:
		state, text = "invalid", "Fix the marked values to compare again; the results below are from the last valid scenarios."
	}
	return app.Div().ID("run-status").Class("run-status").DataSet("state", state).Aria("live", "polite").Body(
		app.If(l.running, app.Progress().ID("run-progress").Max(100).Value(p.progress()).Aria("label", "Progress of the runs")),
		app.Span().Class("progress-text").Text(text),
		app.If(l.running, app.Button().Type("button").ID("cancel-run").Text("Cancel").
			OnClick(func(ctx app.Context, _ app.Event) { p.loop.cancel(); p.wait.cancel() })),
		l.renderNotice(),
	)
}
