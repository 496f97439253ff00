package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/results"
	"partitionlab/sim"
)

// scopes are the three ways to ask "in order?", as the engine names them.
func scopes() [][2]string {
	return [][2]string{{"order", "per order"}, {"customer", "per customer"}, {"key", "per Kafka key"}}
}

// firstScope is the first scope with a violation example.
func firstScope(v *resultView) string {
	for _, s := range scopes() {
		if firstExample(v, s[0]) >= 0 {
			return s[0]
		}
	}
	return "order"
}

// firstExample is the index of the first example of a scope, or -1.
func firstExample(v *resultView, scope string) int {
	for i, e := range v.r.Ordering.Examples {
		if e.Scope == scope {
			return i
		}
	}
	return -1
}

func (c *resultsPanel) renderViolations(snap results.Snapshot) app.UI {
	v := c.Iview
	ex := v.r.Ordering.Examples
	head := app.H2().ID("violations-title").Text("Ordering violations")
	if len(ex) == 0 {
		return app.Section().Class("card").ID("violations-panel").Aria("labelledby", "violations-title").Body(
			head,
			app.P().ID("no-violations").Text("No ordering violation in any scope: every event completed after the events of its "+
				"order, its customer and its key that were sent before it."),
		)
	}
	sr := v.r.Ordering.Scopes.ByName(c.scope)
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
		items = append(items, c.renderViolation(i, e))
	}
	note := fmt.Sprintf("The first %d violations %s, with their evidence. Pick one to see it in the timeline.", total, scopeWords(c.scope))
	if shown < total {
		note = fmt.Sprintf("%d of the first %d violations %s had happened by %s; move the scrubber on to see the rest.",
			shown, total, scopeWords(c.scope), results.Seconds(snap.T))
	}
	return app.Section().Class("card").ID("violations-panel").Aria("labelledby", "violations-title").Body(
		head,
		c.renderScopes(),
		app.P().ID("scope-summary").Text(fmt.Sprintf("%s violations %s, %s keys affected%s.", results.Count(sr.Violations),
			scopeWords(c.scope), results.Count(sr.KeysAffected), causeWords(sr.ByCause))),
		c.renderViolationChart(snap),
		c.renderExplanation(),
		app.P().Class("help").ID("violations-note").Text(note),
		app.Ol().ID("violations").Class("violations").Body(items...),
	)
}

func scopeWords(scope string) string {
	for _, s := range scopes() {
		if s[0] == scope {
			return s[1]
		}
	}
	return scope
}

func causeWords(cs []sim.CauseCount) string {
	out := ""
	for i, c := range cs {
		sep := ", "
		if i == 0 {
			sep = "; cause: "
		}
		out += fmt.Sprintf("%s%s (%s)", sep, c.Cause, results.Count(c.Violations))
	}
	return out
}

func (c *resultsPanel) renderScopes() app.UI {
	r := c.Iview.r
	return app.FieldSet().Class("scopes").Body(
		app.Legend().Text("Scope"),
		app.Range(scopes()).Slice(func(i int) app.UI {
			s := scopes()[i]
			id := "scope-" + s[0]
			return app.Span().Class("scope").Body(
				app.Input().Type("radio").Name("scope").ID(id).Value(s[0]).Checked(c.scope == s[0]).
					OnChange(func(ctx app.Context, _ app.Event) {
						c.scope, c.selected = s[0], firstExample(c.Iview, s[0])
					}, s[0]),
				app.Label().For(id).Text(fmt.Sprintf("%s (%s)", s[1], results.Count(r.Ordering.Scopes.ByName(s[0]).Violations))),
			)
		}),
	)
}

func (c *resultsPanel) renderViolationChart(snap results.Snapshot) app.UI {
	v := c.Iview
	if c.selected < 0 {
		return app.P().ID("violation-chart-empty").Text("No violation " + scopeWords(c.scope) + ".")
	}
	nc := v.violationChart(c.selected)
	status := app.P().Class("help").ID("trace-status").DataSet("traced", v.traced).
		Text("Every record of the violating keys around this violation, from a second, traced run of the same scenario.")
	if !v.traced {
		status = app.P().Class("help").ID("trace-status").DataSet("traced", false).
			Text("Tracing the violating keys (a second run of the same scenario); for now the chart shows the violations alone.")
	}
	w := nc.chart
	inWindow := snap.T > w.XMin && snap.T < w.XMax
	return app.Div().Class("violation-chart").Body(status, chartFigure(nc, v.sc.Name, inWindow, snap.T))
}

func (c *resultsPanel) renderViolation(i int, e sim.Violation) app.UI {
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
			Text(violationLine(e)),
		app.Details().Class("evidence").Body(
			app.Summary().Text(fmt.Sprintf("Evidence: %s overtook %s, which completed %s", e.Later.Event, e.Earlier.Event, results.Gap(e))),
			app.Div().Class("evidence-grid").Body(
				facts("Sent later, completed first", e.Later),
				facts("Sent earlier, overtaken", e.Earlier),
			),
		),
	)
}

// renderExplanation is the selected violation in words, once above the
// list: the examples of one run mostly share their story, and twenty
// copies of the same paragraph hid what told them apart.
func (c *resultsPanel) renderExplanation() app.UI {
	ex := c.Iview.r.Ordering.Examples
	if c.selected < 0 || c.selected >= len(ex) {
		return nil
	}
	return app.P().ID("violation-explanation").Class("violation-explanation").Text(ex[c.selected].Explanation)
}

// violationLine is one violation in a line: the key, which event overtook
// which, and where, so the list shows what differs between examples.
func violationLine(e sim.Violation) string {
	return fmt.Sprintf("%s: %s overtook %s — p%d, %s, %s", e.Key, e.Later.Event, e.Earlier.Event,
		e.Later.Partition, e.Later.Thread, results.Seconds(derefOr(e.Later.CompletedS)))
}

func derefOr(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}

func facts(title string, ev sim.Evidence) app.UI {
	fs := results.Facts(ev)
	return app.Div().Body(
		app.H4().Text(title),
		app.Dl().Body(app.Range(fs).Slice(func(i int) app.UI {
			return app.Div().Body(app.Dt().Text(fs[i].Label), app.Dd().Text(fs[i].Value))
		})),
	)
}
