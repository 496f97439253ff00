package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/runner"
	"partitionlab/sim/lessons"
)

// renderStep is one step of a lesson: the idea beside its result.
func (p *learnPage) renderStep() app.UI {
	l, s := p.lesson(), p.step()
	return app.Div().Class("learn").Body(
		app.Nav().Class("learn-crumbs").Aria("label", "Where you are").Body(
			app.A().ID("learn-all").Href(learnHref("", 0)).Text("All lessons"),
			app.Span().Aria("hidden", "true").Text(" › "),
			app.Span().Text(fmt.Sprintf("Lesson %d of %d", l.Number, len(p.all))),
		),
		app.If(p.notice != "", app.P().ID("learn-notice").Class("notice").Aria("live", "polite").Text(p.notice)),
		app.H1().ID("learn-lesson-title").Text(fmt.Sprintf("%d. %s", l.Number, l.Title)),
		app.P().Class("lead learn-question").ID("learn-question").Text(l.Question),
		p.renderStepList(),
		app.Div().Class("learn-grid").Body(
			app.Section().Class("card learn-step").ID("learn-step").Aria("labelledby", "learn-step-title").
				DataSet("lesson", l.ID).DataSet("step", p.si+1).DataSet("state", p.runState()).Body(
				app.H2().ID("learn-step-title").TabIndex(-1).Text(fmt.Sprintf("Step %d of %d: %s", p.si+1, len(l.Steps), s.Title)),
				app.P().ID("learn-step-text").Class("learn-text").Text(s.Text),
				p.renderControls(s),
				p.renderLook(s),
				p.renderExpect(s),
				p.renderChecks(s),
				p.renderTry(s),
				p.renderPager(),
			),
			app.Div().Class("learn-results").ID("learn-results").DataSet("look", strings.Join(s.LookAt, " ")).
				Attr("role", "region").Aria("label", "What the step shows").Body(
				p.renderRunStatus(),
				p.renderOutput(),
			),
		),
	)
}

// renderStepList links every step of the lesson, the current one marked.
func (p *learnPage) renderStepList() app.UI {
	l := p.lesson()
	return app.Nav().Class("learn-steps").Aria("label", "Steps of this lesson").Body(
		app.Ol().Body(app.Range(l.Steps).Slice(func(i int) app.UI {
			a := app.A().Href(learnHref(l.ID, i)).Text(l.Steps[i].Title)
			if i == p.si {
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
	return app.Section().Class("learn-look").Aria("labelledby", "learn-look-title").Body(
		app.H3().ID("learn-look-title").Text("What to look at"),
		app.Ul().ID("learn-look").Body(app.Range(s.LookAt).Slice(func(i int) app.UI {
			view := s.LookAt[i]
			return app.Li().DataSet("view", view).DataSet("targets", strings.Join(lookTargets(view), " ")).Body(
				app.Strong().Text(lookTitle(view)+": "),
				app.Text(lookAbout(view)+" "),
				app.Button().Type("button").Class("link-button").Aria("label", "Show me: "+lookTitle(view)).Text("Show me").
					OnClick(func(ctx app.Context, _ app.Event) { scrollToLook(view) }),
			)
		})),
		app.P().Class("help").Text("These are outlined with a dashed frame and marked “Look here” in the results."),
	)
}

// renderExpect is what the learner should see, revealed on demand so they
// look first; and where the simulator is simpler than Kafka, if it matters
// here.
func (p *learnPage) renderExpect(s lessons.Step) app.UI {
	open := p.state.reveal[p.si]
	return app.Div().Class("learn-expect").Body(
		app.Details().ID("learn-expect").Open(open).Body(
			app.Summary().Text("What you should see").
				OnClick(func(ctx app.Context, e app.Event) {
					// The element toggles itself; keep the state for re-renders.
					e.PreventDefault()
					p.state.reveal[p.si] = !p.state.reveal[p.si]
				}),
			app.P().ID("learn-expect-text").Text(s.Expect),
		),
		app.If(s.Simplification != "", app.P().ID("learn-simplification").Class("help").Body(
			app.Strong().Text("Simplified: "),
			app.Text(s.Simplification+" "),
			app.A().Href(href("/simplified")).Text("What is simplified"),
		)),
	)
}

// renderChecks holds the step's promises against the result on screen,
// each a plain statement marked ✓ or ✗ in words too.
func (p *learnPage) renderChecks(s lessons.Step) app.UI {
	head := app.H3().ID("learn-checks-title").Text("Does it hold?")
	if p.shown == nil || p.shown.si != p.si || p.shown.out == nil {
		return app.Section().Class("learn-checks").Aria("labelledby", "learn-checks-title").Body(
			head, app.P().Class("help").ID("learn-checks-wait").Text("The checks appear when the step has run."))
	}
	cs := p.shown.checks
	held := 0
	for _, c := range cs {
		if c.Passed {
			held++
		}
	}
	with := "with the lesson's values"
	if len(p.shown.sets) > 0 {
		with = "with your values"
	}
	summary := fmt.Sprintf("%d of %d hold %s.", held, len(cs), with)
	if held == len(cs) {
		summary = fmt.Sprintf("All %d hold %s.", len(cs), with)
	}
	if !p.current() {
		summary += " Running with the values you just chose…"
	}
	return app.Section().Class("learn-checks").Aria("labelledby", "learn-checks-title").Aria("busy", !p.current()).Body(
		head,
		app.P().ID("learn-checks-summary").Aria("live", "polite").Text(summary),
		app.Ul().ID("learn-checks").Class("checklist").Body(app.Range(cs).Slice(func(i int) app.UI {
			c := cs[i]
			mark, words, class := "✗", "Does not hold: ", "learn-check fail"
			if c.Passed {
				mark, words, class = "✓", "Holds: ", "learn-check pass"
			}
			return app.Li().Class(class).DataSet("passed", c.Passed).Body(
				app.Span().Class("check-mark").Aria("hidden", "true").Text(mark),
				app.Span().Class("check-claim").Body(
					app.Span().Class("sr-only").Text(words),
					app.Text(c.Check.Claim),
					app.Small().Class("check-measured").Text(c.Message),
				),
			)
		})),
	)
}

// renderTry opens the step's scenario, with the learner's values, in the
// full editor on the Simulate page.
func (p *learnPage) renderTry(s lessons.Step) app.UI {
	switch {
	case s.Kind() != lessons.KindSimulate:
		return app.P().Class("help learn-try").Body(
			app.Text("This step is a calculation, not a simulation. "),
			app.A().Href(href("/keys")).Text("Key → partition"),
			app.Text(" places any keys you type, for any partition count."),
		)
	case p.tryErr != "":
		return app.P().Class("error learn-try").Text("This scenario cannot be opened in the editor: " + p.tryErr)
	}
	return app.P().Class("learn-try").Body(
		app.A().ID("learn-try").Class("button primary").Href(p.try).Text("Try it yourself"),
		app.Span().Class("help").Text(" Opens this scenario, with your values, in the full editor on the Simulate page."),
	)
}

// renderPager is Back and Next, across lessons at the ends.
func (p *learnPage) renderPager() app.UI {
	b, n := p.back(), p.next()
	return app.Nav().Class("learn-pager").Aria("label", "Back and next").Body(
		app.A().ID("learn-back").Class("button").Href(b.href).Body(
			app.Span().Aria("hidden", "true").Text("← "),
			app.Text("Back"),
			app.Span().Class("pager-to").Text(b.label),
		),
		app.A().ID("learn-next").Class("button primary").Href(n.href).Body(
			app.Text("Next"),
			app.Span().Aria("hidden", "true").Text(" →"),
			app.Span().Class("pager-to").Text(n.label),
		),
	)
}

// renderRunStatus is the run's progress, or nothing once it is done.
func (p *learnPage) renderRunStatus() app.UI {
	l := &p.loop
	text := ""
	switch {
	case l.running && l.phase == runner.Simulating:
		text = "Running the step… " + strconv.Itoa(l.percent()) + " %"
	case l.running:
		text = "Tracing the violating keys… " + strconv.Itoa(l.percent()) + " %"
	}
	return app.Div().ID("learn-status").Class("run-status").Aria("live", "polite").Body(
		app.If(l.running,
			app.Progress().ID("learn-progress").Max(100).Value(l.percent()).Aria("label", "Progress of the run"),
			app.Span().Class("progress-text").Text(text),
		),
		l.renderNotice(),
	)
}
