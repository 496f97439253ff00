package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/sweepclient"
	"partitionlab/sim/sweep"
)

// otherSetting is the setting picker's choice for a path typed by hand.
const otherSetting = "other"

// sweepAxis is one varied setting as the form shows it: a common setting
// picked by name, or any path typed; the values as typed.
type sweepAxis struct {
	pick, path, spec string
}

// sweepForm is the form's state: text as typed, checked by
// sweepclient.Form.Definition.
type sweepForm struct {
	axes  []sweepAxis
	seeds string
	// reqs are the requirements by measure word: "0" for a "none" box
	// ticked, the limit typed for the others, "" for none.
	reqs  map[string]string
	scope string
}

// requirementInputs are the requirements the form offers, in its order:
// a box for "none of it", a number for "at most".
var requirementInputs = []struct {
	word string
	box  bool
}{
	{"violations.order", true}, {"violations.customer", true}, {"violations.key", true},
	{"duplicates", true}, {"lost", true},
	{"load", false}, {"p99_ms", false}, {"max_lag", false},
}

func defaultSweepForm() sweepForm {
	s := sweep.CommonSettings()[0]
	return sweepForm{axes: []sweepAxis{{pick: s.Path, path: s.Path, spec: s.Spec}}, seeds: "1", reqs: map[string]string{}}
}

// formOf is the form for a sweep read from an address.
func formOf(f sweepclient.Form) sweepForm {
	out := sweepForm{seeds: strconv.Itoa(f.Seeds), reqs: map[string]string{}, scope: f.Scope}
	for _, v := range f.Vary {
		pick := otherSetting
		if commonSetting(v.Path) {
			pick = v.Path
		}
		out.axes = append(out.axes, sweepAxis{pick: pick, path: v.Path, spec: v.Spec})
	}
	for _, r := range f.Require {
		if q, err := sweep.ParseRequirement(r); err == nil {
			out.reqs[q.Word] = strconv.FormatFloat(q.Limit, 'g', -1, 64)
		} else {
			out.reqs[r] = r // kept as typed: its error shows
		}
	}
	return out
}

func commonSetting(path string) bool {
	for _, s := range sweep.CommonSettings() {
		if s.Path == path {
			return true
		}
	}
	return false
}

// form is the sweep the form says, and the requirement word of each
// requirement, in order (for their errors).
func (f sweepForm) form() sweepclient.Form {
	out := sweepclient.Form{Scope: f.scope}
	out.Seeds, _ = strconv.Atoi(strings.TrimSpace(f.seeds))
	for _, a := range f.axes {
		out.Vary = append(out.Vary, sweepclient.Vary{Path: strings.TrimSpace(a.path), Spec: strings.TrimSpace(a.spec)})
	}
	for _, w := range f.reqWords() {
		v := strings.TrimSpace(f.reqs[w])
		if strings.ContainsAny(w, "<=") { // an expression kept from a link
			out.Require = append(out.Require, w)
			continue
		}
		out.Require = append(out.Require, w+"<="+v)
	}
	return out
}

// reqWords are the requirements given, in the form's order.
func (f sweepForm) reqWords() []string {
	var out []string
	for _, in := range requirementInputs {
		if strings.TrimSpace(f.reqs[in.word]) != "" {
			out = append(out, in.word)
		}
	}
	for w, v := range f.reqs {
		if strings.ContainsAny(w, "<=") && v != "" {
			out = append(out, w)
		}
	}
	return out
}

// reqError is the error of requirement word, if any.
func (p *sweepPage) reqError(word string) string {
	for i, w := range p.form.reqWords() {
		if w == word {
			return p.errs[sweepclient.FieldRequire(i)]
		}
	}
	return ""
}

// edited rechecks the sweep after an edit.
func (p *sweepPage) edited(ctx app.Context) { p.check(ctx, false) }

func inputValue(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

func (p *sweepPage) renderForm(c *i18n.Catalog) app.UI {
	f := &p.form
	return app.Section().ID("sweep-form").Class("sweep-form").Body(
		app.H2().Text(c.T("sweep.form.title")),
		app.P().Text(c.T("sweep.form.from", i18n.S("scenario", scenarioTitle(c, p.sc.Name)))),
		app.Range(f.axes).Slice(func(i int) app.UI { return p.renderAxis(c, i) }),
		app.If(len(f.axes) == 1, app.Button().Type("button").ID("sweep-add-axis").Text(c.T("sweep.form.addAxis")).
			OnClick(func(ctx app.Context, _ app.Event) {
				s := sweep.CommonSettings()[2]
				if f.axes[0].path == s.Path {
					s = sweep.CommonSettings()[0]
				}
				f.axes = append(f.axes, sweepAxis{pick: s.Path, path: s.Path, spec: s.Spec})
				p.edited(ctx)
			})).Else(app.Button().Type("button").ID("sweep-remove-axis").Text(c.T("sweep.form.removeAxis")).
			OnClick(func(ctx app.Context, _ app.Event) {
				f.axes = f.axes[:1]
				p.edited(ctx)
			})),
		app.Div().Class("field").Body(
			app.Label().For("sweep-seeds").Text(c.T("sweep.form.seeds")),
			app.Input().ID("sweep-seeds").Type("number").Min(1).Max(sweep.MaxSeeds).Value(f.seeds).
				OnChange(func(ctx app.Context, _ app.Event) { f.seeds = inputValue(ctx); p.edited(ctx) }),
			fieldError("sweep-seeds", p.errs[sweepclient.FieldSeeds]),
		),
		p.renderRequirements(c),
		app.Div().Class("field").Body(
			app.Label().For("sweep-scope").Text(c.T("sweep.form.scope")),
			app.Select().ID("sweep-scope").OnChange(func(ctx app.Context, _ app.Event) { f.scope = inputValue(ctx); p.edited(ctx) }).Body(
				app.Option().Value("").Selected(f.scope == "").Text(c.T("sweep.form.scopeAuto")),
				app.Range(sweep.Scopes()).Slice(func(i int) app.UI {
					s := sweep.Scopes()[i]
					return app.Option().Value(s).Selected(f.scope == s).Text(c.T("sweep.scope." + s))
				}),
			),
			fieldError("sweep-scope", p.errs[sweepclient.FieldScope]),
		),
	)
}

// renderAxis is varied setting i: its picker, its path when typed, its
// values and their error.
func (p *sweepPage) renderAxis(c *i18n.Catalog, i int) app.UI {
	a := &p.form.axes[i]
	id := "sweep-vary-" + strconv.Itoa(i)
	common := sweep.CommonSettings()
	return app.FieldSet().ID(id).Class("sweep-axis").Body(
		app.Legend().Text(c.T("sweep.form.axis", i18n.S("n", strconv.Itoa(i+1)))),
		app.Div().Class("field").Body(
			app.Label().For(id+"-pick").Text(c.T("sweep.form.setting")),
			app.Select().ID(id+"-pick").OnChange(func(ctx app.Context, _ app.Event) {
				a.pick = inputValue(ctx)
				if a.pick != otherSetting {
					for _, s := range common {
						if s.Path == a.pick {
							a.path, a.spec = s.Path, s.Spec
						}
					}
				}
				p.edited(ctx)
			}).Body(
				app.Range(common).Slice(func(k int) app.UI {
					s := common[k]
					return app.Option().Value(s.Path).Selected(a.pick == s.Path).Text(c.T("sweep.setting." + s.Path))
				}),
				app.Option().Value(otherSetting).Selected(a.pick == otherSetting).Text(c.T("sweep.form.otherSetting")),
			),
		),
		app.If(a.pick == otherSetting, app.Div().Class("field").Body(
			app.Label().For(id+"-path").Text(c.T("sweep.form.path")),
			app.Input().ID(id+"-path").Type("text").Value(a.path).
				OnChange(func(ctx app.Context, _ app.Event) { a.path = inputValue(ctx); p.edited(ctx) }),
		)),
		app.Div().Class("field").Body(
			app.Label().For(id+"-spec").Text(c.T("sweep.form.spec", i18n.S("path", a.path))),
			app.Input().ID(id+"-spec").Type("text").Value(a.spec).Aria("describedby", id+"-spec-help").
				OnChange(func(ctx app.Context, _ app.Event) { a.spec = inputValue(ctx); p.edited(ctx) }),
			app.Small().ID(id+"-spec-help").Text(c.T("sweep.form.specHelp")),
		),
		fieldError(id, p.errs[sweepclient.FieldVary(i)]),
	)
}

// renderRequirements are the requirements as boxes and limits.
func (p *sweepPage) renderRequirements(c *i18n.Catalog) app.UI {
	f := &p.form
	return app.FieldSet().ID("sweep-require").Class("sweep-require").Body(
		app.Legend().Text(c.T("sweep.form.require")),
		app.Range(requirementInputs).Slice(func(i int) app.UI {
			in := requirementInputs[i]
			id := "sweep-require-" + strings.ReplaceAll(in.word, ".", "-")
			label := c.T("sweep.require." + in.word)
			if in.box {
				return app.Div().Class("field check").Body(
					app.Input().ID(id).Type("checkbox").Checked(f.reqs[in.word] != "").
						OnChange(func(ctx app.Context, _ app.Event) {
							f.reqs[in.word] = ""
							if ctx.JSSrc().Get("checked").Bool() {
								f.reqs[in.word] = "0"
							}
							p.edited(ctx)
						}),
					app.Label().For(id).Text(label),
					fieldError(id, p.reqError(in.word)),
				)
			}
			return app.Div().Class("field").Body(
				app.Label().For(id).Text(label),
				app.Input().ID(id).Type("text").Attr("inputmode", "decimal").Value(f.reqs[in.word]).
					OnChange(func(ctx app.Context, _ app.Event) { f.reqs[in.word] = inputValue(ctx); p.edited(ctx) }),
				fieldError(id, p.reqError(in.word)),
			)
		}),
		app.P().Class("hint").Text(c.T("sweep.form.costOrder")),
	)
}

// fieldError is a field's error, next to it, or nothing.
func fieldError(id, msg string) app.UI {
	if msg == "" {
		return nil
	}
	return app.P().ID(id+"-error").Class("error field-error").Attr("role", "alert").Text(msg)
}
