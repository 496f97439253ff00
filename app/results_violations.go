package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/results/sentences"
	"partitionlab/sim"
)

// scopes are the three ways to ask "in order?", as the engine names them,
// and their words in c's language.
func scopes(c *i18n.Catalog) [][2]string {
	return [][2]string{{"order", c.T("results.scope.order")}, {"customer", c.T("results.scope.customer")},
		{"key", c.T("results.scope.key")}}
}

// firstScope is the first scope with a violation example.
func firstScope(v *resultView) string {
	for _, s := range []string{"order", "customer", "key"} {
		if firstExample(v, s) >= 0 {
			return s
		}
	}
	return "order"
}

// firstExample is the index of the first example of a scope, or -1.
func firstExample(v *resultView, scope string) int {
	for i, e := range v.result.Ordering.Examples {
		if e.Scope == scope {
			return i
		}
	}
	return -1
}

func (c *resultsPanel) renderViolations(snap results.Snapshot) app.UI {
	v := c.View
	t := tr()
	l := t.Lang()
	ex := v.result.Ordering.Examples
	head := app.H2().ID("violations-title").Text(t.T("results.violations.title"))
	if len(ex) == 0 {
		return app.Section().Class("card").ID("violations-panel").Aria("labelledby", "violations-title").Body(
			head,
			app.P().ID("no-violations").Text(t.T("results.violations.none")),
		)
	}
	sr := v.result.Ordering.Scopes.ByName(c.scope)
	var items []app.UI
	shown, total := 0, 0
	for i, e := range ex {
		if e.Scope != c.scope {
			continue
		}
		total++
		if !results.CompletedBy(e, snap.T) {
			continue
		}
		shown++
		items = append(items, c.renderViolation(t, i, e))
	}
	scope := i18n.S("scope", scopeWords(t, c.scope))
	note := t.T("results.violations.note", i18n.Count(total), scope)
	if shown < total {
		note = t.T("results.violations.partial", i18n.N("shown", shown), i18n.N("total", total), scope,
			i18n.S("at", results.SecondsIn(l, snap.T)))
	}
	return app.Section().Class("card").ID("violations-panel").Aria("labelledby", "violations-title").Body(
		head,
		c.renderScopes(t),
		app.P().ID("scope-summary").Text(t.T("results.violations.summary", i18n.Count(int(sr.Violations)), scope,
			i18n.N("keys", int(sr.KeysAffected)), i18n.S("causes", causeWords(t, sr.ByCause)))),
		c.renderViolationChart(t, snap),
		c.renderExplanation(),
		app.P().Class("help").ID("violations-note").Text(note),
		app.Ol().ID("violations").Class("violations").Body(items...),
	)
}

func scopeWords(t *i18n.Catalog, scope string) string {
	for _, s := range scopes(t) {
		if s[0] == scope {
			return s[1]
		}
	}
	return scope
}

// causeWords are a scope's violations by cause ("; cause: salting (12),
// no key (3)"), or nothing.
func causeWords(t *i18n.Catalog, cs []sim.CauseCount) string {
	if len(cs) == 0 {
		return ""
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = t.T("results.violations.causeCount", i18n.S("cause", sentences.Cause(t, c.Cause)),
			i18n.S("count", results.CountIn(t.Lang(), c.Violations)))
	}
	return t.T("results.violations.causes", i18n.S("causes", strings.Join(parts, t.T("results.listSeparator"))))
}

func (c *resultsPanel) renderScopes(t *i18n.Catalog) app.UI {
	r := c.View.result
	all := scopes(t)
	return app.FieldSet().Class("scopes").Body(
		app.Legend().Text(t.T("results.scopes.legend")),
		app.Range(all).Slice(func(i int) app.UI {
			s := all[i]
			id := "scope-" + s[0]
			return app.Span().Class("scope").Body(
				app.Input().Type("radio").Name("scope").ID(id).Value(s[0]).Checked(c.scope == s[0]).
					OnChange(func(ctx app.Context, _ app.Event) {
						c.scope, c.selected = s[0], firstExample(c.View, s[0])
					}, s[0]),
				app.Label().For(id).Text(t.T("results.scopes.item", i18n.S("scope", s[1]),
					i18n.S("count", results.CountIn(t.Lang(), r.Ordering.Scopes.ByName(s[0]).Violations)))),
			)
		}),
	)
}

func (c *resultsPanel) renderViolationChart(t *i18n.Catalog, snap results.Snapshot) app.UI {
	v := c.View
	if c.selected < 0 {
		return app.P().ID("violation-chart-empty").Text(t.T("results.violations.noneInScope", i18n.S("scope", scopeWords(t, c.scope))))
	}
	nc := v.violationChart(c.selected).resolve(c)
	status := app.P().Class("help").ID("trace-status").DataSet("traced", v.traced).Text(t.T("results.trace.done"))
	if !v.traced {
		status = app.P().Class("help").ID("trace-status").DataSet("traced", false).Text(t.T("results.trace.pending"))
	}
	w := nc.chart
	inWindow := snap.T > w.XMin && snap.T < w.XMax
	return app.Div().Class("violation-chart").Body(status, chartFigure(c, nc, v.sc.Name, inWindow, snap.T))
}

func (c *resultsPanel) renderViolation(t *i18n.Catalog, i int, e sim.Violation) app.UI {
	selected := i == c.selected
	class := "violation"
	if selected {
		class += " selected"
	}
	return app.Li().Class(class).ID(fmt.Sprintf("violation-%d", i)).DataSet("scope", e.Scope).DataSet("key", e.Key).Body(
		app.Button().Type("button").Class("violation-pick").Aria("pressed", selected).
			OnClick(func(ctx app.Context, _ app.Event) {
				c.selected = i
				ctx.Defer(func(app.Context) { app.Window().ScrollToID("chart-violation") })
			}, i).
			Text(violationLine(t, e)),
		app.Details().Class("evidence").Body(
			app.Summary().Text(evidenceLine(t, e)),
			app.Div().Class("evidence-grid").Body(
				facts(t, t.T("results.violation.laterFacts"), e.Later),
				facts(t, t.T("results.violation.earlierFacts"), e.Earlier),
			),
		),
	)
}

// renderExplanation is the selected violation in words, once above the
// list: the examples of one run mostly share their story, and twenty
// copies of the same paragraph hid what told them apart.
func (c *resultsPanel) renderExplanation() app.UI {
	ex := c.View.result.Ordering.Examples
	if c.selected < 0 || c.selected >= len(ex) {
		return nil
	}
	return app.P().ID("violation-explanation").Class("violation-explanation").Text(sentences.Explanation(tr(), ex[c.selected]))
}

// evidenceLine says which event overtook which, and how long after the
// overtaken one completed, if it ever did.
func evidenceLine(t *i18n.Catalog, e sim.Violation) string {
	later, earlier := i18n.S("later", e.Later.Event), i18n.S("earlier", e.Earlier.Event)
	if e.Earlier.CompletedS == nil || e.Later.CompletedS == nil {
		return t.T("results.violation.evidence.never", later, earlier)
	}
	return t.T("results.violation.evidence", later, earlier, i18n.S("gap", results.GapIn(t, e)))
}

// violationLine is one violation in a line: the key, which event overtook
// which, and where, so the list shows what differs between examples.
func violationLine(t *i18n.Catalog, e sim.Violation) string {
	return t.T("results.violation.line", i18n.S("key", e.Key), i18n.S("later", e.Later.Event), i18n.S("earlier", e.Earlier.Event),
		i18n.S("partition", strconv.Itoa(e.Later.Partition)), i18n.S("thread", e.Later.Thread),
		i18n.S("at", results.SecondsIn(t.Lang(), derefOr(e.Later.CompletedS))))
}

func derefOr(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}

func facts(t *i18n.Catalog, title string, ev sim.Evidence) app.UI {
	fs := results.FactsIn(t, ev)
	return app.Div().Body(
		app.H4().Text(title),
		app.Dl().Body(app.Range(fs).Slice(func(i int) app.UI {
			return app.Div().Body(app.Dt().Text(fs[i].Label), app.Dd().Text(fs[i].Value))
		})),
	)
}
