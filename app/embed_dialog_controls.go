package app

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/embedlink"
	"partitionlab/app/i18n"
)

// renderControls are the three choices of a setting readers may change,
// with the range of a number.
func (d *embedDialog) renderControls(c *i18n.Catalog) app.UI {
	// One empty slot after those chosen, up to the most there may be.
	slots := make([]int, min(len(d.opts.Controls)+1, embedlink.MaxControls))
	return app.FieldSet().ID("embed-controls").Body(
		app.Legend().Text(c.T("embed.dialog.controls")),
		app.Range(slots).Slice(func(i int) app.UI {
			id := "embed-control-pick-" + strconv.Itoa(i)
			cur := ""
			if i < len(d.opts.Controls) {
				cur = d.opts.Controls[i].Path
			}
			settings := d.settings()
			var bounds app.UI
			if cur != "" {
				bounds = d.renderRange(c, i)
			}
			return app.Div().Class("field embed-control-pick").Body(app.FilterUIElems(
				app.Label().For(id).Text(c.T("embed.dialog.control", i18n.N("n", i+1))),
				app.Select().ID(id).OnChange(func(ctx app.Context, _ app.Event) { d.pick(i, ctx.JSSrc().Get("value").String()) }).Body(
					app.Option().Value("").Selected(cur == "").Text(c.T("embed.dialog.control.none")),
					app.Range(settings).Slice(func(j int) app.UI {
						s := settings[j]
						text := controlWords(c, s.Path)
						if s.Number() {
							text += " (" + c.T("embed.dialog.range", i18n.S("min", embedlink.Num(s.Min)), i18n.S("max", embedlink.Num(s.Max))) + ")"
						}
						return app.Option().Value(s.Path).Selected(s.Path == cur).Text(text)
					}),
				),
				bounds,
			)...)
		}),
	)
}

// settings are the settings offered: the owner's first, then the list.
func (d *embedDialog) settings() []embedlink.Control {
	out := slices.Clone(d.Icontrols)
	for _, s := range embedSettings {
		if !slices.ContainsFunc(out, func(o embedlink.Control) bool { return o.Path == s.Path }) {
			out = append(out, s)
		}
	}
	return out
}

// pick puts setting path (none for "") in slot i.
func (d *embedDialog) pick(i int, path string) {
	ctls := slices.Clone(d.opts.Controls)
	if path == "" {
		if i < len(ctls) {
			ctls = slices.Delete(ctls, i, i+1)
		}
		d.opts.Controls = ctls
		return
	}
	for _, s := range d.settings() {
		if s.Path != path {
			continue
		}
		if j := slices.IndexFunc(ctls, func(o embedlink.Control) bool { return o.Path == path }); j >= 0 {
			ctls = slices.Delete(ctls, j, j+1)
			i = min(i, len(ctls))
		}
		if i < len(ctls) {
			ctls[i] = s
		} else {
			ctls = append(ctls, s)
		}
	}
	d.opts.Controls = ctls
}

// renderRange is the range of the number control in slot i, or which of
// its setting's choices the reader gets.
func (d *embedDialog) renderRange(c *i18n.Catalog, i int) app.UI {
	ctl := d.opts.Controls[i]
	n := strconv.Itoa(i)
	if ctl.Number() {
		bound := func(which string, v float64, set func(float64) embedlink.Control) app.UI {
			id := "embed-control-" + which + "-" + n
			return app.Span().Class("embed-bound").Body(
				app.Label().For(id).Text(c.T("embed.dialog."+which)),
				app.Input().Type("number").ID(id).Step(ctl.Step).Value(embedlink.Num(v)).
					OnChange(func(ctx app.Context, _ app.Event) {
						f, err := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64)
						next := set(f)
						if _, bad := embedlink.ParseControl(next.String()); err == nil && bad == nil {
							d.opts.Controls[i] = next
						}
					}, which, ctl.String()),
			)
		}
		return app.Div().Class("embed-range").Body(
			bound("min", ctl.Min, func(f float64) embedlink.Control { ctl.Min = f; return ctl }),
			bound("max", ctl.Max, func(f float64) embedlink.Control { ctl.Max = f; return ctl }),
		)
	}
	var all []string
	for _, s := range d.settings() {
		if s.Path == ctl.Path {
			all = s.Choices
		}
	}
	return app.Div().Class("embed-range").Body(
		app.Range(all).Slice(func(j int) app.UI {
			id := "embed-control-choice-" + n + "-" + strconv.Itoa(j)
			on := slices.Contains(ctl.Choices, all[j])
			return app.Label().For(id).Class("check").Body(
				app.Input().Type("checkbox").ID(id).Checked(on).Disabled(on && len(ctl.Choices) <= 2).
					OnChange(func(ctx app.Context, _ app.Event) { d.toggleChoice(i, all, all[j]) }, ctl.String()),
				app.Text(" "), app.Code().Text(all[j]),
			)
		}),
	)
}

// toggleChoice offers choice to the reader of slot i, or stops offering
// it, keeping the setting's order and at least two choices.
func (d *embedDialog) toggleChoice(i int, all []string, choice string) {
	ctl := d.opts.Controls[i]
	var out []string
	for _, a := range all {
		if on := slices.Contains(ctl.Choices, a); on != (a == choice) {
			out = append(out, a)
		}
	}
	if len(out) >= 2 {
		ctl.Choices = out
		d.opts.Controls[i] = ctl
	}
}
