package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
)

func (p *comparePage) Render() app.UI {
	c := tr()
	return layout("compare",
		app.H1().Text(c.T("nav.compare")),
		app.P().Class("lead").Text(c.T("compare.lead")),
		p.renderPickers(c),
		app.P().Body(app.A().ID("compare-sweep-link").Href(href(p.sweepLink)).Text(c.T("sweep.entry"))),
		app.If(p.message != "", app.P().Class("error").ID("compare-message").Text(p.message)),
		p.renderStatus(c),
		p.renderDiff(c),
		p.renderCharts(c),
		app.H2().Class("compare-sides-title").Text(c.T("compare.sides.title")),
		app.Div().Class("compare-grid").Body(p.renderSide(c, 0), p.renderSide(c, 1)),
	)
}

func (p *comparePage) renderSide(c *i18n.Catalog, i int) app.UI {
	e := p.sides[i]
	pre := e.prefix
	side := i18n.S("side", sideName(i))
	return app.Section().Class("card compare-side").ID(pre+"side").Aria("label", c.T("compare.side.label", side)).Body(
		app.H3().Text(c.T("compare.side.title", side, i18n.S("name", p.sideTitle(c, i)))),
		app.Div().Class("share-bar").Body(
			app.Button().Type("button").ID(pre+"from-simulate").Text(c.T("compare.side.fromSimulate")).OnClick(p.onFromSimulate(i)),
		),
		app.Div().Class("field").Body(
			app.Label().For(pre+"link").Text(c.T("compare.side.pasteLink")),
			app.Div().Class("inline").Body(
				app.Input().Type("text").ID(pre+"link").Value(p.links[i]).Attr("autocomplete", "off").
					OnInput(func(ctx app.Context, _ app.Event) { p.links[i] = ctx.JSSrc().Get("value").String() }),
				app.Button().Type("button").ID(pre+"link-load").Text(c.T("compare.side.load")).OnClick(p.onLoadLink(i)),
			),
		),
		app.Details().Class("compare-editor").ID(pre+"edit").Open(!e.valid).Body(
			app.Summary().Text(c.T("compare.side.edit", side)),
			newEditorPanel(e),
		),
		app.If(!e.valid, app.P().Class("error").Text(c.T("compare.side.invalid", side))),
	)
}

// renderDiff is the table of headline numbers: A, B, how B differs (an
// arrow, the change with its unit, the factor and a word, never colour
// alone) and why, from the evidence.
func (p *comparePage) renderDiff(c *i18n.Catalog) app.UI {
	rv := p.review
	if rv == nil {
		return app.P().Class("card").ID("diff-placeholder").Text(c.T("compare.diff.placeholder"))
	}
	a, b := rv.a, rv.b
	seedNote := c.T("compare.diff.sameSeed", seedArg("seed", a.result.Seed))
	if a.result.Seed != b.result.Seed {
		seedNote = c.T("compare.diff.ownSeeds", seedArg("a", a.result.Seed), seedArg("b", b.result.Seed))
	}
	deltas := rv.deltas
	return app.Section().Class("card").ID("diff").Aria("labelledby", "diff-title").Body(
		app.H2().ID("diff-title").Text(c.T("compare.diff.title")),
		app.P().Class("help").ID("seed-note").Text(seedNote+" "+verdictSummary(c, deltas)),
		scrollRegion("table-wrap", c.T("compare.diff.tableLabel")).Body(app.Table().ID("diff-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text(c.T("compare.diff.number")), app.Th().Scope("col").Class("num").Text(sideName(0)),
				app.Th().Scope("col").Class("num").Text(sideName(1)), app.Th().Scope("col").Text(c.T("compare.diff.change")),
				app.Th().Scope("col").Text(c.T("compare.diff.why")),
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
						app.Text(d.WordsIn(c)),
					),
					app.Td().Class("why").Text(d.Why),
				)
			})),
		)),
		app.Div().Class("digests").Body(
			app.P().Body(app.Text(c.T("compare.diff.digest", i18n.S("side", sideName(0)))+" "), app.Code().ID("digest-a").Text(a.result.Digest)),
			app.P().Body(app.Text(c.T("compare.diff.digest", i18n.S("side", sideName(1)))+" "), app.Code().ID("digest-b").Text(b.result.Digest)),
		),
		app.Div().Class("share-bar report-downloads").Body(
			app.Button().Type("button").ID("report-html").Text(c.T("compare.report.html")).
				OnClick(p.onReport(false), a.result.Digest, b.result.Digest),
			app.Button().Type("button").ID("report-markdown").Text(c.T("compare.report.markdown")).
				OnClick(p.onReport(true), a.result.Digest, b.result.Digest),
			newCompareEmbedDialog(rv.embed, a.sc.Name),
		),
	)
}

// seedArg is a seed for a placeholder: an identifier, written without
// separators.
func seedArg(name string, seed uint64) i18n.Arg { return i18n.S(name, strconv.FormatUint(seed, 10)) }

// verdictSummary counts the rows that got worse and better.
func verdictSummary(c *i18n.Catalog, ds []results.Delta) string {
	var worse, better int
	for _, d := range ds {
		switch d.Verdict {
		case results.Worse:
			worse++
		case results.Better:
			better++
		}
	}
	return c.T("compare.diff.summary", i18n.N("worse", worse), i18n.N("better", better), i18n.Count(len(ds)))
}

// renderCharts draws each measure once, with A and B on the same axes.
func (p *comparePage) renderCharts(c *i18n.Catalog) app.UI {
	rv := p.review
	if rv == nil {
		return app.Text("")
	}
	name := fileName(rv.a.sc.Name, "a") + "-vs-" + fileName(rv.b.sc.Name, "b")
	return app.Section().Class("card").ID("compare-charts").Aria("label", c.T("compare.charts.label")).Body(
		app.Range(rv.charts).Slice(func(i int) app.UI { return chartFigure(p, rv.charts[i], name, false, 0) }),
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
		if err := downloadReview(rv.input(tr()), rv.charts, name, markdown); err != nil {
			p.message = tr().T("compare.report.error", i18n.S("error", fieldErrorsText(tr(), err)))
		}
	}
}

func (p *comparePage) renderStatus(c *i18n.Catalog) app.UI {
	l := &p.loop
	state, text := "done", c.T("compare.status.done")
	switch {
	case l.err != "":
		state, text = l.errorStatus(c, "compare.status.error")
	case l.client.Running():
		state, text = "running", c.T("compare.status.running", i18n.S("side", sideName(p.running)), i18n.N("percent", p.progress()))
	case !p.sides[0].valid || !p.sides[1].valid:
		state, text = "invalid", c.T("compare.status.invalid")
	}
	return app.Div().ID("run-status").Class("run-status").DataSet("state", state).Aria("live", "polite").Body(
		app.If(l.client.Running(), app.Progress().ID("run-progress").Max(100).Value(p.progress()).Aria("label", c.T("compare.status.progress"))),
		app.Span().Class("progress-text").Text(text),
		app.If(l.client.Running(), app.Button().Type("button").ID("cancel-run").Text(c.T("compare.status.cancel")).
			OnClick(func(ctx app.Context, _ app.Event) { p.loop.cancel(); p.wait.cancel() })),
		l.renderNotice(),
	)
}
