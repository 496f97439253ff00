package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/sim/lessons"
)

// renderStep is one step of a lesson: the idea beside its result.
func (p *learnPage) renderStep() app.UI {
	l, s, c := p.lesson(), p.step(), p.catalog
	return app.Div().Class("learn").Body(
		app.Nav().Class("learn-crumbs").Aria("label", c.T("learn.crumbs")).Body(
			app.A().ID("learn-all").Href(learnHref("", 0)).Text(c.T("learn.allLessons")),
			app.Span().Aria("hidden", "true").Text(" › "),
			app.Span().Text(c.T("learn.lessonOf", i18n.N("lesson", l.Number), i18n.Count(len(p.all)))),
		),
		app.If(p.notice != "", app.P().ID("learn-notice").Class("notice").Aria("live", "polite").Text(p.notice)),
		app.H1().ID("learn-lesson-title").Text(c.T("learn.lessonHeading", i18n.N("number", l.Number), i18n.S("title", l.Title))),
		app.P().Class("lead learn-question").ID("learn-question").Text(l.Question),
		p.renderStepList(),
		app.Div().Class("learn-grid").Body(
			app.Section().Class("card learn-step").ID("learn-step").Aria("labelledby", "learn-step-title").
				DataSet("lesson", l.ID).DataSet("step", p.stepIndex+1).DataSet("state", p.runState()).Body(
				app.H2().ID("learn-step-title").TabIndex(-1).Text(c.T("learn.stepHeading", i18n.N("step", p.stepIndex+1),
					i18n.Count(len(l.Steps)), i18n.S("title", s.Title))),
				app.P().ID("learn-step-text").Class("learn-text").Text(s.Text),
				p.renderControls(s),
				p.renderLook(s),
				p.renderExpect(s),
				p.renderChecks(s),
				p.renderTry(s),
				p.renderPager(),
			),
			// learn.css marks what to look at with --look-here's words.
			app.Div().Class("learn-results").ID("learn-results").DataSet("look", strings.Join(s.LookAt, " ")).
				Style("--look-here", strconv.Quote(c.T("learn.lookHere"))).
				Attr("role", "region").Aria("label", c.T("learn.resultsRegion")).Body(
				p.renderRunStatus(),
				p.renderOutput(),
			),
		),
	)
}

// renderStepList links every step of the lesson, the current one marked.
func (p *learnPage) renderStepList() app.UI {
	l := p.lesson()
	return app.Nav().Class("learn-steps").Aria("label", p.catalog.T("learn.stepsNav")).Body(
		app.Ol().Body(app.Range(l.Steps).Slice(func(i int) app.UI {
			a := app.A().Href(learnHref(l.ID, i)).Text(l.Steps[i].Title)
			if i == p.stepIndex {
				a = a.Aria("current", "step").Class("current")
			}
			return app.Li().Body(a)
		})),
	)
}

// runState names what the step's result is doing, for styles and tests:
// running, done (the checks on screen are those of the values shown) or
// error.
func (p *learnPage) runState() string {
	switch {
	case p.current() && p.shown.err != "":
		return "error"
	case p.current():
		return "done"
	}
	return "running"
}

func (p *learnPage) renderLook(s lessons.Step) app.UI {
	c := p.catalog
	return app.Section().Class("learn-look").Aria("labelledby", "learn-look-title").Body(
		app.H3().ID("learn-look-title").Text(c.T("learn.look.title")),
		app.Ul().ID("learn-look").Body(app.Range(s.LookAt).Slice(func(i int) app.UI {
			view := s.LookAt[i]
			return app.Li().DataSet("view", view).DataSet("targets", strings.Join(lookTargets(view), " ")).Body(
				app.Strong().Text(c.T("core.labelled", i18n.S("label", lookTitle(c, view)))),
				app.Text(" "+lookAbout(c, view)+" "),
				app.Button().Type("button").Class("link-button").Aria("label", c.T("learn.look.showMeLabel", i18n.S("view", lookTitle(c, view)))).
					Text(c.T("learn.look.showMe")).
					OnClick(func(ctx app.Context, _ app.Event) { scrollToLook(view) }),
			)
		})),
		app.P().Class("help").Text(c.T("learn.look.help")),
	)
}

// renderExpect is what the learner should see, revealed on demand so they
// look first; and where the simulator is simpler than Kafka, if it matters
// here.
func (p *learnPage) renderExpect(s lessons.Step) app.UI {
	open := p.state.reveal[p.stepIndex]
	return app.Div().Class("learn-expect").Body(
		app.Details().ID("learn-expect").Open(open).Body(
			app.Summary().Text(p.catalog.T("learn.expect.summary")).
				OnClick(func(ctx app.Context, e app.Event) {
					// The element toggles itself; keep the state for re-renders.
					e.PreventDefault()
					p.state.reveal[p.stepIndex] = !p.state.reveal[p.stepIndex]
				}),
			app.P().ID("learn-expect-text").Text(s.Expect),
		),
		app.If(s.Simplification != "", app.P().ID("learn-simplification").Class("help").Body(
			app.Strong().Text(p.catalog.T("learn.simplified")),
			app.Text(s.Simplification+" "),
			app.A().Href(href("/simplified")).Text(p.catalog.T("nav.simplified")),
		)),
	)
}

// renderChecks holds the step's promises against the result on screen,
// each a plain statement marked ✓ or ✗ in words too.
func (p *learnPage) renderChecks(s lessons.Step) app.UI {
	c := p.catalog
	head := app.H3().ID("learn-checks-title").Text(c.T("learn.checks.title"))
	if p.shown == nil || p.shown.stepIndex != p.stepIndex || p.shown.out == nil {
		return app.Section().Class("learn-checks").Aria("labelledby", "learn-checks-title").Body(
			head, app.P().Class("help").ID("learn-checks-wait").Text(c.T("learn.checks.wait")))
	}
	cs := p.shown.checks
	held := 0
	for _, c := range cs {
		if c.Passed {
			held++
		}
	}
	id := "learn.checks.some"
	if held == len(cs) {
		id = "learn.checks.all"
	}
	if len(p.shown.sets) > 0 {
		id += "Yours"
	} else {
		id += "Lesson"
	}
	summary := c.T(id, i18n.N("held", held), i18n.Count(len(cs)))
	if !p.current() {
		summary += " " + c.T("learn.checks.running")
	}
	return app.Section().Class("learn-checks").Aria("labelledby", "learn-checks-title").Aria("busy", !p.current()).Body(
		head,
		app.P().ID("learn-checks-summary").Aria("live", "polite").Text(summary),
		app.Ul().ID("learn-checks").Class("checklist").Body(app.Range(cs).Slice(func(i int) app.UI {
			o := cs[i]
			mark, words, class := "✗", c.T("learn.checks.fails"), "learn-check fail"
			if o.Passed {
				mark, words, class = "✓", c.T("learn.checks.holds"), "learn-check pass"
			}
			return app.Li().Class(class).DataSet("passed", o.Passed).Body(
				app.Span().Class("check-mark").Aria("hidden", "true").Text(mark),
				app.Span().Class("check-claim").Body(
					app.Span().Class("sr-only").Text(words),
					app.Text(o.Check.Claim),
					app.Small().Class("check-measured").Text(measured(c, o.Measure)),
				),
			)
		})),
	)
}

// renderTry opens the step's scenario, with the learner's values, in the
// full editor on the Simulate page.
func (p *learnPage) renderTry(s lessons.Step) app.UI {
	c := p.catalog
	switch {
	case s.Kind() != lessons.KindSimulate:
		return app.P().Class("help learn-try").Body(
			app.Text(c.T("learn.try.calcBefore")),
			app.A().Href(href("/keys")).Text(c.T("nav.keys")),
			app.Text(c.T("learn.try.calcAfter")),
		)
	case p.tryErr != "":
		return app.P().Class("error learn-try").Text(c.T("learn.try.error", i18n.S("error", p.tryErr)))
	}
	return app.P().Class("learn-try").Body(
		app.A().ID("learn-try").Class("button primary").Href(p.try).Text(c.T("learn.try.button")),
		app.Span().Class("help").Text(c.T("learn.try.help")),
		app.If(p.embed != nil, p.embed),
		app.If(p.curve != "", app.A().ID("learn-curve").Class("button").Href(p.curve).Text(c.T("learn.curve"))),
	)
}

// renderPager is Back and Next, across lessons at the ends.
func (p *learnPage) renderPager() app.UI {
	b, n := p.back(), p.next()
	return app.Nav().Class("learn-pager").Aria("label", p.catalog.T("learn.pager")).Body(
		app.A().ID("learn-back").Class("button").Href(b.href).Body(
			app.Span().Aria("hidden", "true").Text("← "),
			app.Text(p.catalog.T("learn.back")),
			app.Span().Class("pager-to").Text(b.label),
		),
		app.A().ID("learn-next").Class("button primary").Href(n.href).Body(
			app.Text(p.catalog.T("learn.next")),
			app.Span().Aria("hidden", "true").Text(" →"),
			app.Span().Class("pager-to").Text(n.label),
		),
	)
}

// renderRunStatus is the run's progress while the step waits for its
// result, or nothing. The trace that follows the result runs unannounced:
// a bar that went away a moment after the result came would move the
// page under the reader's pointer (the Next button lost clicks so).
func (p *learnPage) renderRunStatus() app.UI {
	l, c := &p.loop, p.catalog
	waiting := l.client.Running() && l.client.Phase() == runner.Simulating && !p.current()
	text := c.T("learn.status.running", i18n.S("percent", c.Lang().Percent(float64(l.percent()), 0)))
	return app.Div().ID("learn-status").Class("run-status").Aria("live", "polite").Body(
		app.If(waiting,
			app.Progress().ID("learn-progress").Max(100).Value(l.percent()).Aria("label", c.T("learn.status.progress")),
			app.Span().Class("progress-text").Text(text),
		),
		l.renderNotice(),
	)
}
