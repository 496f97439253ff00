package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/scenarioform"
)

// renderItem is one producer or timeline action: its fields, its messages
// and a button that removes it.
func (c *sectionView) renderItem(s scenarioform.Section, i, n int) app.UI {
	e := c.Editor
	item := scenarioform.Item(s.Array, i)
	w := e.words
	title := itemTitle(w, s, e.doc, i)
	msgs := e.errs.For(item)
	return app.FieldSet().Class("item").ID(scenarioform.InputID(e.prefix, item)).Body(
		app.Legend().Text(title),
		app.Ul().Class("errors").Body(
			app.Range(msgs).Slice(func(k int) app.UI { return app.Li().Text(msgs[k]) }),
		),
		c.renderFields(s, i),
		app.Button().Type("button").Class("link-button remove").ID(scenarioform.InputID(e.prefix, item)+"-remove").
			Aria("label", w.T("editor.remove.label", i18n.S("title", title))).Text(w.T("editor.remove")).OnClick(c.onRemove(s, i), item),
	)
}

func (c *sectionView) renderItemButtons(s scenarioform.Section) app.UI {
	e := c.Editor
	w := e.words
	switch s.Array {
	case "producers":
		return app.Div().Class("item-buttons").Body(
			app.Button().Type("button").ID(e.prefix+"add-producer").Text(w.T("editor.add.producer")).OnClick(c.onAdd(scenarioform.AddProducer), "add-producer"),
		)
	case "timeline":
		return app.Div().Class("item-buttons").Body(
			app.Button().Type("button").ID(e.prefix+"add-action").Text(w.T("editor.add.action")).OnClick(c.onAdd(scenarioform.AddAction), "add-action"),
			app.If(e.doc.Len("timeline") > 1,
				app.Button().Type("button").ID(e.prefix+"sort-timeline").Text(w.T("editor.sort")).OnClick(c.onAdd(scenarioform.SortTimeline), "sort"),
			),
		)
	}
	return app.Text("")
}

func (c *sectionView) onAdd(add func(*scenarioform.Doc)) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		add(c.Editor.doc)
		c.Editor.reparse()
		c.changed(ctx)
	}
}

func (c *sectionView) onRemove(s scenarioform.Section, i int) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		c.Editor.doc.Delete(scenarioform.Item(s.Array, i))
		c.Editor.reparse()
		c.changed(ctx)
		// Keyboard users would lose their place with the removed button.
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID(fmt.Sprintf("%sadd-%s", c.Editor.prefix, addTarget(s.Array))); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

func addTarget(array string) string {
	if array == "producers" {
		return "producer"
	}
	return "action"
}
