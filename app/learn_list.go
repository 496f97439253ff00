package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// renderList is every lesson: its number, title and question, linking to
// its first step. A lesson the catalog does not know yet (one added since)
// shows its own English words.
func (p *learnPage) renderList() app.UI {
	c := tr()
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
						app.Text(" "+lessonText(c, l.ID, "title", l.Title)),
					),
				),
				app.P().Class("lesson-question").Text(lessonText(c, l.ID, "question", l.Question)),
				app.P().Class("help").Text(c.T("learn.steps", i18n.Count(len(l.Steps)))),
			)
		})),
	)
}

// lessonText is a lesson's field (title, question) in c's language, or
// the lesson's own English when the catalog lacks it.
func lessonText(c *i18n.Catalog, id, field, english string) string {
	key := "lesson." + id + "." + field
	if !c.Has(key) {
		return english
	}
	return c.T(key)
}
