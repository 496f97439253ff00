package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// renderList is every lesson: its number, title and question, linking to
// its first step.
func (p *learnPage) renderList() app.UI {
	return app.Div().Class("learn").Body(
		app.H1().Text("Learn"),
		app.P().Class("lead").Text("Short lessons on the trade-off between ordering and balance, and on consumer groups. "+
			"Each step is one idea: read it, look at the result it points to, change the control it offers and see what moves. "+
			"Every promise a step makes is checked against the run in front of you."),
		app.If(p.notice != "", app.P().ID("learn-notice").Class("notice").Aria("live", "polite").Text(p.notice)),
		app.If(p.loadErr != "", app.P().ID("learn-load-error").Class("error").Text("The lessons could not be loaded: "+p.loadErr)),
		app.Ol().ID("learn-list").Class("learn-list").Body(app.Range(p.all).Slice(func(i int) app.UI {
			l := p.all[i]
			steps := "1 step"
			if len(l.Steps) != 1 {
				steps = fmt.Sprintf("%d steps", len(l.Steps))
			}
			return app.Li().ID("lesson-"+l.ID).Class("card lesson").DataSet("number", l.Number).Body(
				app.H2().Body(
					app.A().Href(learnHref(l.ID, 0)).Body(
						app.Span().Class("lesson-number").Text(fmt.Sprintf("%d.", l.Number)),
						app.Text(" "+l.Title),
					),
				),
				app.P().Class("lesson-question").Text(l.Question),
				app.P().Class("help").Text(steps),
			)
		})),
	)
}
