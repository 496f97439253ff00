package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/sim/scenario"
)

// importPanel brings a team's own keys or client configuration into an
// editor's scenario: a file or pasted text, and a list of what became of
// every setting (mapped, no effect, not modelled, unknown) or the lines
// that could not be read.
type importPanel struct {
	app.Compo

	Editor *editor
	kind   string
	text   string
	notes  []string
	err    string
}

func newImportPanel(e *editor) *importPanel { return &importPanel{Editor: e, kind: importKeys} }

func (c *importPanel) Render() app.UI {
	pre := c.Editor.prefix + "byo-" // ("bring your own"): the elements keep their ids
	w := c.Editor.words
	kinds := []string{importKeys, importProperties, importYAML}
	return app.Details().Class("byo").ID(pre+"panel").Body(
		app.Summary().Text(w.T("editor.byo.title")),
		app.Div().Class("field").Body(
			app.Label().For(pre+"kind").Text(w.T("editor.byo.kind")),
			app.Select().ID(pre+"kind").OnChange(func(ctx app.Context, _ app.Event) { c.kind = ctx.JSSrc().Get("value").String() }).Body(
				app.Range(kinds).Slice(func(i int) app.UI {
					return app.Option().Value(kinds[i]).Selected(kinds[i] == c.kind).Text(w.T("editor.byo.kind." + kinds[i]))
				}),
			),
		),
		app.Div().Class("field").Body(
			app.Label().For(pre+"file").Text(w.T("editor.byo.file")),
			app.Input().Type("file").ID(pre+"file").Accept(".csv,.txt,.properties,.yml,.yaml,.conf").OnChange(c.onFile),
		),
		app.Div().Class("field").Body(
			app.Label().For(pre+"text").Text(w.T("editor.byo.paste")),
			app.Textarea().ID(pre+"text").Rows(4).Attr("spellcheck", "false").Text(c.text).
				OnInput(func(ctx app.Context, _ app.Event) { c.text = ctx.JSSrc().Get("value").String() }),
			app.Button().Type("button").ID(pre+"apply").Text(w.T("editor.byo.import")).OnClick(func(ctx app.Context, _ app.Event) {
				c.apply(ctx, "", c.text)
			}),
		),
		app.If(c.err != "", app.Div().Class("error").ID(pre+"error").Aria("live", "polite").Body(
			app.P().Text(w.T("editor.byo.nothing")),
			app.Ul().Body(app.Range(strings.Split(c.err, "\n")).Slice(func(i int) app.UI {
				return app.Li().Text(strings.Split(c.err, "\n")[i])
			})),
		)),
		app.If(len(c.notes) > 0, app.Ul().Class("byo-notes").ID(pre+"notes").Aria("live", "polite").Body(
			app.Range(c.notes).Slice(func(i int) app.UI { return app.Li().Text(c.notes[i]) }),
		)),
	)
}

func (c *importPanel) onFile(ctx app.Context, _ app.Event) {
	input := ctx.JSSrc()
	name := ""
	if files := input.Get("files"); files.Truthy() && files.Length() > 0 {
		name = files.Index(0).Get("name").String()
	}
	if strings.HasSuffix(name, ".yml") || strings.HasSuffix(name, ".yaml") {
		c.kind = importYAML
	}
	readFile(ctx, input, importFileLimit,
		func(ctx app.Context, text string) { c.apply(ctx, name, text) },
		func(size int) { c.err, c.notes = fileTooLarge(size), nil })
}

// apply imports into the editor's scenario, or shows why nothing was.
func (c *importPanel) apply(ctx app.Context, name, text string) {
	e := c.Editor
	sc, notes, err := importInto(e.words, e.sc, c.kind, name, text)
	if err != nil {
		c.err, c.notes = importErrorText(e.words, err), nil
		return
	}
	if err := e.loadJSON(scenario.MarshalScenario(sc)); err != nil {
		c.err, c.notes = fieldErrorsText(tr(), err), nil
		return
	}
	c.err, c.notes, c.text = "", notes, ""
	ctx.NewActionWithValue(actionEdited, e.prefix)
}
