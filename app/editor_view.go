package app

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/presetwords"
	"partitionlab/app/scenarioform"
	"partitionlab/sim/scenario"
)

// actionEdited is the go-app action an editor panel posts after a change;
// its value is the editor's prefix. The page that owns the editor reruns.
const actionEdited = "partitionlab/edited"

// editorPanel shows an editor: the presets, every field grouped in
// sections, and import and export. It re-renders only when the editor's
// version changes (go-app compares exported fields; the pointer stays the
// same).
type editorPanel struct {
	app.Compo

	Editor  *editor
	Version int
}

func newEditorPanel(e *editor) *editorPanel { return &editorPanel{Editor: e, Version: e.version} }

func (c *editorPanel) Render() app.UI {
	e := c.Editor
	return app.Div().Class("editor").ID(e.prefix+"editor").Body(
		c.renderPresets(),
		newImportPanel(e),
		app.Div().ID(e.prefix+"editor-errors").Class("editor-errors").Aria("live", "polite").Body(
			app.If(e.notice != "", app.P().Class("error").Text(e.notice)),
			app.If(!e.valid, app.P().Class("error").Text(e.words.T("editor.invalid", i18n.Count(e.errs.Count())))),
			app.Ul().Class("errors").Body(
				app.Range(e.errs.Top()).Slice(func(i int) app.UI { return app.Li().Text(e.errs.Top()[i]) }),
			),
		),
		app.Range(scenarioform.Sections()).Slice(func(i int) app.UI {
			return newSectionView(e, scenarioform.Sections()[i])
		}),
	)
}

func (c *editorPanel) renderPresets() app.UI {
	e := c.Editor
	current := e.presetName()
	id := e.prefix + "preset"
	themes := e.themes()
	return app.Div().Class("field presets").Body(
		app.Label().For(id).Text(e.words.T("editor.preset")),
		app.Select().ID(id).Aria("describedby", id+"-help").OnChange(c.onPreset).Body(
			app.Option().Value("").Selected(current == "").Text(e.words.T("editor.preset.own")),
			app.Range(themes).Slice(func(i int) app.UI {
				ps := themes[i].presets
				return app.OptGroup().Label(themes[i].title).Body(
					app.Range(ps).Slice(func(j int) app.UI {
						return app.Option().Value(ps[j].name).Selected(ps[j].name == current).Text(ps[j].title)
					}),
				)
			}),
		),
		app.P().ID(id+"-help").Class("help preset-description").Text(presetHelp(e.words, current)),
	)
}

// presetHelp describes the preset chosen: its whole description in the
// page's language.
func presetHelp(w *i18n.Catalog, name string) string {
	if d, ok := presetwords.OfPreset(w, name); ok {
		return d
	}
	sc, err := scenario.Preset(name)
	if err != nil {
		return w.T("editor.preset.help")
	}
	return presetwords.Description(w, sc)
}

func (c *editorPanel) onPreset(ctx app.Context, _ app.Event) {
	name := ctx.JSSrc().Get("value").String()
	if name == "" {
		return
	}
	if err := c.Editor.loadPreset(name); err != nil {
		c.Editor.notice = fieldErrorsText(c.Editor.words, err)
	}
	c.changed(ctx)
}

// changed bumps the version and tells the page.
func (c *editorPanel) changed(ctx app.Context) {
	c.Version = c.Editor.version
	ctx.NewActionWithValue(actionEdited, c.Editor.prefix)
}

func (c *sectionView) renderSection(s scenarioform.Section) app.UI {
	e := c.Editor
	n := s.Items(e.doc)
	errs := sectionErrors(e, s)
	summary := app.Summary().Body(
		app.H2().Text(e.words.T(s.TitleID())),
		app.If(errs > 0, app.Span().Class("badge bad").Text(e.words.T("editor.toFix", i18n.Count(errs)))),
	)
	open := s.Open || errs > 0
	details := app.Details().Class("section").ID(e.prefix + "section-" + s.ID).Open(open)
	if c.drawn = c.drawn || open; !c.drawn {
		return details.OnToggle(c.onToggle).Body(summary)
	}
	body := []app.UI{summary, app.P().Class("help intro").Text(e.words.T(s.IntroID()))}
	if s.Array == "" {
		body = append(body, c.renderFields(s, 0))
	} else {
		body = append(body, app.Ul().Class("errors").ID(e.prefix+"errors-"+s.Array).Body(
			app.Range(e.errs.For(s.Array)).Slice(func(i int) app.UI { return app.Li().Text(e.errs.For(s.Array)[i]) }),
		))
		for i := range n {
			body = append(body, c.renderItem(s, i, n))
		}
		body = append(body, c.renderItemButtons(s))
	}
	return details.OnToggle(c.onToggle).Body(body...)
}

// sectionErrors counts the messages shown in a section.
func sectionErrors(e *editor, s scenarioform.Section) int {
	n := 0
	if s.Array != "" {
		n += len(e.errs.For(s.Array))
	}
	for i := range s.Items(e.doc) {
		if s.Array != "" {
			n += len(e.errs.For(scenarioform.Item(s.Array, i)))
		}
		for _, f := range s.Fields {
			n += len(e.errs.For(s.Path(f, i)))
		}
	}
	return n
}

func (c *sectionView) renderFields(s scenarioform.Section, i int) app.UI {
	vals := s.ItemValues(c.Editor.doc, i)
	var fields []app.UI
	for _, f := range s.Fields {
		if f.Visible(vals) {
			fields = append(fields, c.renderField(s, f, s.Path(f, i)))
		}
	}
	return app.Div().Class("fields").Body(fields...)
}

// renderField is one labelled input with its unit, Kafka setting, hint and,
// when the engine refuses the value, its message right below.
func (c *sectionView) renderField(s scenarioform.Section, f scenarioform.Field, path string) app.UI {
	e := c.Editor
	w := e.words
	id := scenarioform.InputID(e.prefix, path)
	msgs := e.errs.For(path)
	help := []app.UI{}
	if f.Setting != "" {
		help = append(help, app.Code().Class("setting").Text(w.T(s.MessageID(f, scenarioform.PartSetting))), app.Text(" "))
	}
	if springNames[f.Key] != "" {
		help = append(help, app.Span().Class("spring").Text(w.T("editor.spring")+" "),
			app.Code().Class("setting").Text(w.T(springID(f.Key))), app.Text(" "))
	}
	help = append(help, app.Text(w.T(s.MessageID(f, scenarioform.PartHint))))
	label := w.T(s.MessageID(f, scenarioform.PartLabel))
	class := "field"
	if f.Kind == scenarioform.Bool || f.Kind == scenarioform.Present {
		class = "field check-field"
	}
	wrap := app.Div().Class(class).DataSet("path", path)
	describe := id + "-help " + id + "-error"
	errorList := app.Ul().ID(id+"-error").Class("errors").Aria("live", "polite").Body(
		app.Range(msgs).Slice(func(i int) app.UI { return app.Li().Text(msgs[i]) }),
	)
	if f.Kind == scenarioform.Bool || f.Kind == scenarioform.Present {
		return wrap.Body(
			app.Div().Class("check").Body(
				app.Input().Type("checkbox").ID(id).Checked(f.Checked(e.doc, path)).
					Aria("describedby", describe).Aria("invalid", len(msgs) > 0).
					OnChange(c.onCheck(f, path), path),
				app.Label().For(id).Text(label),
			),
			app.P().ID(id+"-help").Class("help").Body(help...),
			errorList,
		)
	}
	labelled := []app.UI{app.Text(label)}
	// A unit that only repeats the label ("Partitions (partitions)") is
	// left out.
	if unit := w.T(s.MessageID(f, scenarioform.PartUnit)); f.Unit != "" && !strings.EqualFold(unit, label) {
		labelled = append(labelled, app.Span().Class("unit").Text(" ("+unit+")"))
	}
	return wrap.Body(
		app.Label().For(id).Body(labelled...),
		c.renderInput(s, f, path, id, describe, len(msgs) > 0),
		app.P().ID(id+"-help").Class("help").Body(help...),
		errorList,
	)
}

func (c *sectionView) renderInput(s scenarioform.Section, f scenarioform.Field, path, id, describe string, invalid bool) app.UI {
	w := c.Editor.words
	value := scenarioform.Display(c.Editor.doc, path)
	switch f.Kind {
	case scenarioform.Choice:
		known := false
		for _, o := range f.Options {
			known = known || o.Value == value
		}
		return app.Select().ID(id).Aria("describedby", describe).Aria("invalid", invalid).
			OnChange(c.onText(f, path), path).Body(
			app.If(!known, app.Option().Value(value).Selected(true).Text(w.T("editor.invalidChoice", i18n.S("value", value)))),
			app.Range(f.Options).Slice(func(i int) app.UI {
				o := f.Options[i]
				return app.Option().Value(o.Value).Selected(o.Value == value).Text(w.T(s.OptionID(f, o.Value)))
			}),
		)
	case scenarioform.List, scenarioform.IntList:
		// Lists are read when the person leaves the input (or presses
		// Enter): read on every key, "range, " would lose its comma.
		return app.Input().Type("text").ID(id).Value(value).Attr("spellcheck", "false").
			Attr("autocomplete", "off").Aria("describedby", describe).Aria("invalid", invalid).
			OnChange(c.onText(f, path), path)
	}
	in := app.Input().Type("text").ID(id).Value(value).Attr("autocomplete", "off").
		Aria("describedby", describe).Aria("invalid", invalid).OnInput(c.onText(f, path), path)
	switch f.Kind {
	case scenarioform.Int:
		in = in.Attr("inputmode", "numeric")
	case scenarioform.Float:
		in = in.Attr("inputmode", "decimal")
	}
	return in
}

func (c *sectionView) onText(f scenarioform.Field, path string) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		text := ctx.JSSrc().Get("value").String()
		if f.Kind == scenarioform.Float {
			text = decimalPoint(c.Editor.words.Lang(), text)
		}
		f.Set(c.Editor.doc, path, text)
		c.Editor.reparse()
		c.changed(ctx)
	}
}

func (c *sectionView) onCheck(f scenarioform.Field, path string) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		f.SetChecked(c.Editor.doc, path, ctx.JSSrc().Get("checked").Bool())
		c.Editor.reparse()
		c.changed(ctx)
	}
}

// Handlers that capture values pass them as the handler's scope too:
// go-app keeps a mounted element's handler while the function's code is the
// same, so an input that now shows another field would otherwise still
// write to the old one.

// itemTitle names a producer or an action in its legend.
func itemTitle(w *i18n.Catalog, s scenarioform.Section, d *scenarioform.Doc, i int) string {
	v := s.ItemValues(d, i)
	n := i18n.S("number", strconv.Itoa(i+1))
	switch s.Array {
	case "producers":
		return w.T("editor.producers.item", n, i18n.S("name", v("name")))
	case "timeline":
		action := v("action")
		if w.Has(actionID(action)) {
			action = w.T(actionID(action))
		}
		return w.T("editor.timeline.item", i18n.S("at", secondsText(w.Lang(), v("at_s"))), i18n.S("action", action))
	}
	return w.T("editor.item", i18n.S("title", w.T(s.TitleID())), n)
}

// secondsText is a number of seconds typed in a form written the way l
// writes numbers, as the results write them (22,5 in Portuguese, 500,000,000
// in Korean); text that is not a number a person reads in full stays as
// typed.
func secondsText(l i18n.Lang, typed string) string {
	f, err := strconv.ParseFloat(strings.TrimSpace(typed), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || math.Abs(f) >= 1e15 {
		return typed
	}
	_, frac, _ := strings.Cut(strconv.FormatFloat(f, 'f', -1, 64), ".")
	if len(frac) > 9 {
		return typed
	}
	return l.Float(f, len(frac))
}

// actionID is the catalog id of a timeline action's short name.
func actionID(action string) string { return "editor.action." + action }

// springID is the catalog id of what Spring calls the setting of key.
func springID(key string) string { return "editor.spring." + key }

// springNames is what Spring for Apache Kafka calls a setting, for the
// many teams who meet Kafka through it (in English: the catalog says it in
// every language); none when Spring uses Kafka's own name.
var springNames = map[string]string{
	"consumer.mode":               "a listener that hands records to an executor (thread_pool) or keeps one queue per key",
	"consumer.pool_threads":       "the executor's ThreadPoolTaskExecutor size",
	"consumer.retry":              "DefaultErrorHandler with a BackOff (in place) or @RetryableTopic (retry topic)",
	"consumer.retry_backoff_ms":   "the BackOff's interval (FixedBackOff)",
	"consumer.static_membership":  "spring.kafka.consumer.properties.group.instance.id",
	"consumer.enable_auto_commit": "spring.kafka.consumer.enable-auto-commit (false by default: the container commits)",
	"consumer.commit_after_batch": "AckMode.BATCH, the container's default",
	"consumer.commit_on_revoke":   "done by the listener container on revoke",
	"consumer.max_poll_records":   "spring.kafka.consumer.max-poll-records",
	"consumer.auto_offset_reset":  "spring.kafka.consumer.auto-offset-reset",
	"consumer.assignors":          "spring.kafka.consumer.properties.partition.assignment.strategy",
}
