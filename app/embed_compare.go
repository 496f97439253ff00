package app

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/share"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// An embed of a comparison: its address names two scenarios as the
// Compare page's links do (a.preset= or a.s=, and b.), and it shows the
// differences of their headline numbers. The reader's values change both
// sides alike.

// embedComparison is the differences of two finished runs.
type embedComparison struct {
	a, b   results.Run
	deltas []results.Delta
	open   string // the Compare page on exactly these runs
}

// readComparison reads the two scenarios of a comparison's address and
// reports whether it names them.
func (p *embedPage) readComparison(u string) bool {
	var docs [2][]byte
	for i, prefix := range []string{"a.", "b."} {
		l, err := share.Parse(u, prefix)
		if err != nil {
			return false
		}
		if l.Preset != "" {
			if l.Document, err = scenario.PresetJSON(l.Preset); err != nil {
				return false
			}
		}
		docs[i] = l.Document
	}
	p.doc, p.docB = docs[0], docs[1]
	if sc, err := scenario.ParseScenarioWithin(p.docB, nil, scenario.BrowserLimits()); err == nil {
		p.nameB = sc.Name
	}
	return true
}

// title is the page's title and heading.
func (p *embedPage) title(c *i18n.Catalog) string {
	switch {
	case p.doc == nil:
		return "Partition Lab" // pre-rendered: the scenario is in the fragment, which only the browser reads
	case p.docB != nil:
		return c.T("embed.title.compare", i18n.S("a", scenarioTitle(c, p.name)), i18n.S("b", scenarioTitle(c, p.nameB)))
	}
	return c.T("embed.title", i18n.S("scenario", scenarioTitle(c, p.name)))
}

// runComparison runs A, then B, with the reader's values.
func (p *embedPage) runComparison(ctx app.Context) {
	sets := p.sets()
	var scs [2]scenario.Scenario
	p.refused = ""
	for i, doc := range [][]byte{p.doc, p.docB} {
		sc, err := scenario.ParseScenarioWithin(doc, sets, scenario.BrowserLimits())
		if err != nil {
			p.loop.cancel()
			p.refused = tr().T("core.labelled", i18n.S("label", sideName(i))) + " " + fieldErrorsText(tr(), err)
			return
		}
		scs[i] = sc
	}
	var a *sim.Result
	p.loop.start(ctx, scs[0], false, runHooks{
		result: func(ctx app.Context, o *runOutcome) { a = o.Result() },
		done: func(ctx app.Context, _ *runOutcome) {
			p.loop.start(ctx, scs[1], false, runHooks{
				result: func(ctx app.Context, o *runOutcome) {
					p.wait.settle()
					p.showComparison(results.Run{Scenario: scs[0], Result: a}, results.Run{Scenario: scs[1], Result: o.Result()})
				},
			})
		},
	})
}

// showComparison keeps the differences of the numbers the options name.
func (p *embedPage) showComparison(a, b results.Run) {
	c := tr()
	cmp := &embedComparison{a: a, b: b}
	for _, d := range results.CompareIn(c, a, b) {
		for _, id := range p.opts.Cards {
			if d.ID == id {
				cmp.deltas = append(cmp.deltas, d)
			}
		}
	}
	cmp.open = href("/compare") + "#" + comparisonLink(a.Scenario, b.Scenario)
	p.compared = cmp
}

// comparisonLink is the fragment of the Compare page, and of an embed,
// that names both scenarios exactly: B keeps its own seed, which its
// document states.
func comparisonLink(a, b scenario.Scenario) string {
	na, va := share.Param(a)
	nb, vb := share.Param(b)
	return url.Values{"a." + na: {va}, "b." + nb: {vb}, seedParam: {ownSeed}}.Encode()
}

// renderComparison is the differences table, compact.
func (p *embedPage) renderComparison(c *i18n.Catalog, cmp *embedComparison) app.UI {
	return app.Section().ID("embed-diff").Class("embed-diff").DataSet("digest-a", cmp.a.Result.Digest).
		DataSet("digest-b", cmp.b.Result.Digest).Aria("label", c.T("compare.diff.title")).Body(
		scrollRegion("table-wrap", c.T("compare.diff.tableLabel")).Body(app.Table().ID("diff-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text(c.T("compare.diff.number")),
				app.Th().Scope("col").Class("num").Text(sideName(0)),
				app.Th().Scope("col").Class("num").Text(sideName(1)),
				app.Th().Scope("col").Text(c.T("compare.diff.change")),
			)),
			app.TBody().Body(app.Range(cmp.deltas).Slice(func(i int) app.UI {
				d := cmp.deltas[i]
				return app.Tr().ID("diff-"+d.ID).Class("verdict-"+string(d.Verdict)).DataSet("verdict", string(d.Verdict)).Body(
					app.Th().Scope("row").Text(d.Label),
					app.Td().Class("num").Text(d.A.Value),
					app.Td().Class("num").Text(d.B.Value),
					app.Td().Class("delta").Body(
						app.Span().Class("arrow").Aria("hidden", "true").Text(d.Arrow+" "),
						app.Text(d.WordsIn(c)),
					),
				)
			})),
		)),
	)
}
