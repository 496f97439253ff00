package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/changes"
	"partitionlab/app/i18n"
	"partitionlab/app/share"
	"partitionlab/sim/scenario"
)

// Values of the pickers' options besides preset names.
const (
	pickSimulate = "simulate" // A: the Simulate page's last scenario
	pickOwn      = ""         // the scenario as it is (edited, from a link)
	pickChange   = "change:"  // B: A with a change
	pickPreset   = "preset:"  // B: a preset
)

// fieldExample is the custom change's placeholder: a scenario path and
// value, written the same in every language.
const fieldExample = "consumer.concurrency=12"

// renderPickers shows, in sight, what A and B are: A from the Simulate
// page or a preset, B as A with one change or a preset of its own.
func (p *comparePage) renderPickers(c *i18n.Catalog) app.UI {
	names := scenario.PresetNames()
	aPreset := share.PresetOf(p.sides[0].sc)
	bPick := pickOwn
	switch {
	case p.change != "":
		bPick = pickChange + p.change
	case share.PresetOf(p.sides[1].sc) != "":
		bPick = pickPreset + share.PresetOf(p.sides[1].sc)
	}
	list := changes.List()
	return app.Section().Class("card review-pickers").ID("review-pickers").Aria("label", c.T("compare.pick.label")).Body(
		app.Div().Class("picker").Body(
			app.Label().For("pick-a").Text(sideName(0)),
			app.Select().ID("pick-a").OnChange(p.onPickA).Body(
				app.Option().Value(pickOwn).Selected(aPreset == "").Text(c.T("compare.side.title", i18n.S("side", sideName(0)), i18n.S("name", p.sideTitle(c, 0)))),
				app.Option().Value(pickSimulate).Text(c.T("compare.pick.simulate")),
				app.OptGroup().Label(c.T("compare.pick.preset")).Body(app.Range(names).Slice(func(i int) app.UI {
					return app.Option().Value(names[i]).Selected(names[i] == aPreset).Text(presetTitleIn(c, names[i]))
				})),
			),
		),
		app.Div().Class("picker").Body(
			app.Label().For("pick-b").Text(sideName(1)),
			app.Select().ID("pick-b").OnChange(p.onPickB).Body(
				app.If(bPick == pickOwn, app.Option().Value(pickOwn).Selected(true).Text(c.T("compare.side.title", i18n.S("side", sideName(1)), i18n.S("name", p.sideTitle(c, 1))))),
				app.OptGroup().Label(c.T("compare.pick.change")).Body(app.Range(list).Slice(func(i int) app.UI {
					v := pickChange + list[i].ID
					return app.Option().Value(v).Selected(v == bPick).Text(c.T("compare.pick.withChange", i18n.S("change", changeLabel(c, list[i]))))
				})),
				app.OptGroup().Label(c.T("compare.pick.preset")).Body(app.Range(names).Slice(func(i int) app.UI {
					v := pickPreset + names[i]
					return app.Option().Value(v).Selected(v == bPick).Text(presetTitleIn(c, names[i]))
				})),
			),
			app.If(p.change == changes.Custom, app.Div().Class("inline").Body(
				app.Label().For("pick-field").Text(c.T("compare.pick.field")),
				app.Input().Type("text").ID("pick-field").Value(p.field).Placeholder(fieldExample).
					Aria("describedby", "change-error").Attr("autocomplete", "off").OnChange(p.onField),
			)),
			app.If(p.changeErr != "", app.P().Class("error").ID("change-error").Aria("live", "polite").Text(p.changeErr)),
		),
		app.Div().Class("check").Body(
			app.Input().Type("checkbox").ID("same-seed").Checked(p.sameSeed).OnChange(p.onSameSeed),
			app.Label().For("same-seed").Text(c.T("compare.pick.sameSeed")),
		),
	)
}

func (p *comparePage) onPickA(ctx app.Context, _ app.Event) {
	v := ctx.JSSrc().Get("value").String()
	switch v {
	case pickOwn:
		return
	case pickSimulate:
		if !p.loadStored(ctx, 0) {
			return
		}
	default:
		if err := p.sides[0].loadPreset(v); err != nil {
			p.message = fieldErrorsText(tr(), err)
			return
		}
	}
	p.onEdited(ctx, app.Action{Value: "a-"})
}

func (p *comparePage) onPickB(ctx app.Context, _ app.Event) {
	v := ctx.JSSrc().Get("value").String()
	switch {
	case strings.HasPrefix(v, pickChange):
		p.change = strings.TrimPrefix(v, pickChange)
		p.deriveB()
		if p.changeErr != "" {
			return
		}
		p.onEdited(ctx, app.Action{Value: "derived"})
	case strings.HasPrefix(v, pickPreset):
		if err := p.sides[1].loadPreset(strings.TrimPrefix(v, pickPreset)); err != nil {
			p.message = fieldErrorsText(tr(), err)
			return
		}
		p.onEdited(ctx, app.Action{Value: "b-"})
	}
}

func (p *comparePage) onField(ctx app.Context, _ app.Event) {
	p.field = strings.TrimSpace(ctx.JSSrc().Get("value").String())
	p.deriveB()
	if p.changeErr == "" {
		p.onEdited(ctx, app.Action{Value: "derived"})
	}
}
