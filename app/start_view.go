package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// renderStart is the first thing a visit to the home page without a
// scenario in its address sees: three ways in. Learn (the guided
// lessons), Check a design (the built-in scenarios by theme, each with
// its title and one line), and Where does my key go? (the Key → partition
// page). Choosing a scenario loads it into the editor below and runs it.
func (p *simulatePage) renderStart() app.UI {
	if !p.start {
		return nil
	}
	return &startPanel{Page: p, Lessons: p.lessons}
}

// startPanel is the start as a component of its own: nothing in it changes
// while it is shown, so the page's redraws (a result, a key typed) skip it
// rather than build its dozens of scenario buttons again, which took a
// third of the page's render.
type startPanel struct {
	app.Compo

	Page    *simulatePage
	Lessons string
}

func (v *startPanel) Render() app.UI {
	p := v.Page
	if !p.start {
		return app.Span().Hidden(true) // hidden here at once; the page drops it at its next redraw
	}
	themes := p.editor.themes()
	c := tr()
	return app.Section().ID("start").Class("start").Aria("labelledby", "start-title").Body(
		app.Div().Class("start-head").Body(
			app.H2().ID("start-title").Text(c.T("start.title")),
			app.Button().Type("button").ID("start-hide").Class("link-button").Text(c.T("start.hide")).
				OnClick(func(ctx app.Context, _ app.Event) { p.start = false }),
		),
		app.Div().Class("doors").Body(
			app.Div().Class("door card").ID("door-learn").Body(
				app.H3().Text(c.T("start.learn.title")),
				app.P().Text(lessonsLine(c, v.Lessons)),
				app.A().Class("door-go").Href(href("/learn")).Text(c.T("start.learn.go")),
			),
			app.Div().Class("door card door-design").ID("door-design").Body(
				app.H3().Text(c.T("start.design.title")),
				app.P().Text(c.T("start.design.body")),
				app.Range(themes).Slice(func(i int) app.UI {
					t := themes[i]
					return app.Details().Class("theme").Open(i == 0).Body(
						app.Summary().Text(c.T("start.theme", i18n.S("theme", t.title), i18n.Count(len(t.presets)))),
						app.Ul().Class("theme-presets").Body(app.Range(t.presets).Slice(func(j int) app.UI {
							e := t.presets[j]
							return app.Li().Body(
								app.Button().Type("button").Class("link-button preset-pick").DataSet("preset", e.name).
									Text(e.title).OnClick(p.onPick(e.name)),
								app.Span().Class("help").Text(" "+e.line),
							)
						})),
					)
				}),
			),
			app.Div().Class("door card").ID("door-keys").Body(
				app.H3().Text(c.T("start.keys.title")),
				app.P().Text(c.T("start.keys.body")),
				app.A().Class("door-go").Href(href("/keys")).Text(c.T("start.keys.go")),
			),
		),
	)
}

// onPick loads a built-in scenario chosen at the start and runs it.
func (p *simulatePage) onPick(name string) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		if err := p.editor.loadPreset(name); err != nil {
			p.editor.notice = fieldErrorsText(tr(), err)
			return
		}
		p.start = false
		ctx.NewActionWithValue(actionEdited, p.editor.prefix)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID("results-column"); el.Truthy() {
				el.Call("scrollIntoView")
			}
		})
	}
}

// lessonCount is how many guided lessons there are, as digits, or "" when
// they cannot be read.
func lessonCount() string {
	n := lessons.Count()
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// lessonsLine is the Learn door's sentence: how many lessons there are
// (count, from lessonCount), or that there are some.
func lessonsLine(c *i18n.Catalog, count string) string {
	if n, err := strconv.Atoi(count); err == nil {
		return c.T("start.learn.body", i18n.Count(n))
	}
	return c.T("start.learn.guided")
}
