package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

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
	themes := p.ed.themes()
	return app.Section().ID("start").Class("start").Aria("labelledby", "start-title").Body(
		app.Div().Class("start-head").Body(
			app.H2().ID("start-title").Text("Where would you like to start?"),
			app.Button().Type("button").ID("start-hide").Class("link-button").Text("Hide these suggestions").
				OnClick(func(ctx app.Context, _ app.Event) { p.start = false }),
		),
		app.Div().Class("doors").Body(
			app.Div().Class("door card").ID("door-learn").Body(
				app.H3().Text("Learn"),
				app.P().Text(p.lessons+" lessons, a few minutes each: one idea per step, each with a run you can change."),
				app.A().Class("door-go").Href(href("/learn")).Text("Start the lessons →"),
			),
			app.Div().Class("door card door-design").ID("door-design").Body(
				app.H3().Text("Check a design"),
				app.P().Text("Start from a built-in scenario close to yours, then change the topic, the keys and the consumers on the left."),
				app.Range(themes).Slice(func(i int) app.UI {
					t := themes[i]
					return app.Details().Class("theme").Open(i == 0).Body(
						app.Summary().Text(t.title+" ("+strconv.Itoa(len(t.presets))+")"),
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
				app.H3().Text("Where does my key go?"),
				app.P().Text("Type a key and see its partition under the Java client, librdkafka and Sarama, for any number of partitions."),
				app.A().Class("door-go").Href(href("/keys")).Text("Find a key's partition →"),
			),
		),
	)
}

// onPick loads a built-in scenario chosen at the start and runs it.
func (p *simulatePage) onPick(name string) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		if err := p.ed.loadPreset(name); err != nil {
			p.ed.notice = err.Error()
			return
		}
		p.start = false
		ctx.NewActionWithValue(actionEdited, p.ed.prefix)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID("results-column"); el.Truthy() {
				el.Call("scrollIntoView")
			}
		})
	}
}

// lessonCount is how many guided lessons there are, in words for the door.
func lessonCount() string {
	all, err := lessons.All()
	if err != nil || len(all) == 0 {
		return "Guided"
	}
	return strconv.Itoa(len(all))
}
