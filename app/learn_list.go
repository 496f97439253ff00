package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// renderList is every lesson: its number, title and question (in the
// page's language: the lessons are loaded in it), linking to its first step.
func (p *learnPage) renderList() app.UI {
	c := p.catalog
	return app.Div().Class("learn").Body(
		app.H1().Text(c.T("learn.title")),
		app.P().Class("lead").Text(c.T("learn.lead")),
		app.If(p.notice != "", app.P().ID("learn-notice").Class("notice").Aria("live", "polite").Text(p.notice)),
		app.If(p.loadErr != "", app.P().ID("learn-load-error").Class("error").Text(c.T("learn.loadError", i18n.S("error", p.loadErr)))),
		app.Ol().ID("learn-list").Class("learn-list").Body(app.Range(p.all).Slice(func(i int) app.UI {
			l := p.all[i]
			return app.Li().ID("lesson-"+l.ID).Class("card lesson").DataSet("number", l.Number).Body(
				app.H2().Body(
					app.A().Href(learnHref(l.ID, 0)).Body(
						app.Span().Class("lesson-number").Text(c.T("learn.number", i18n.N("number", l.Number))),
						app.Text(" "+l.Title),
					),
				),
				app.P().Class("lesson-question").Text(l.Question),
				app.P().Class("help").Text(c.T("learn.steps", i18n.Count(len(l.Steps)))),
			)
		})),
	)
}
