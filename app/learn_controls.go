package app

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// renderControls are the one or two inputs the step invites the learner
// to change, each with its label, unit and the Kafka setting it stands for.
func (p *learnPage) renderControls(s lessons.Step) app.UI {
	if len(s.Controls) == 0 {
		return nil
	}
	st := p.state
	moved := len(st.sets(s, p.stepIndex)) > 0
	return app.Section().Class("learn-controls").ID("learn-controls").Aria("labelledby", "learn-controls-title").Body(
		app.H3().ID("learn-controls-title").Text(p.catalog.T("learn.controls.title")),
		app.Range(s.Controls).Slice(func(i int) app.UI {
			if len(s.Controls[i].Values) > 0 {
				return p.renderChoices(i, s.Controls[i])
			}
			return p.renderNumber(i, s.Controls[i])
		}),
		app.If(moved, app.Button().Type("button").ID("learn-reset").Text(p.catalog.T("learn.controls.reset")).
			OnClick(func(ctx app.Context, _ app.Event) {
				st.values[p.stepIndex] = append([]any(nil), st.defaults[p.stepIndex]...)
				for i, v := range st.values[p.stepIndex] {
					st.typed[p.stepIndex][i], st.errs[p.stepIndex][i] = valueText(v), ""
				}
				p.showStep(ctx)
			})),
	)
}

func controlID(i int) string { return "learn-control-" + strconv.Itoa(i) }

// controlLabel is the control's label with its unit.
func controlLabel(c lessons.Control) app.UI {
	return app.Span().Body(
		app.Text(c.Label),
		app.If(c.Unit != "", app.Span().Class("unit").Text(" ("+c.Unit+")")),
	)
}

// controlSetting names what the control stands for in Kafka: a setting
// (max.poll.records) or, where there is none, the concept (workload).
func controlSetting(cat *i18n.Catalog, id string, c lessons.Control) app.UI {
	label := cat.T("learn.controls.kafkaTerms")
	if strings.Contains(c.Setting, ".") && !strings.Contains(c.Setting, " ") {
		label = cat.T("learn.controls.kafkaSetting")
	}
	return app.P().ID(id+"-setting").Class("help").Body(
		app.Text(label), app.Code().Class("setting").Text(c.Setting),
	)
}

// renderChoices is a control with listed values: radio buttons, so every
// choice is visible and the lesson's own value is marked.
func (p *learnPage) renderChoices(ci int, c lessons.Control) app.UI {
	id := controlID(ci)
	cur, def := p.state.values[p.stepIndex][ci], p.state.defaults[p.stepIndex][ci]
	return app.FieldSet().Class("field learn-control").ID(id).DataSet("path", c.Path).
		Aria("describedby", id+"-setting").Body(
		app.Legend().Body(controlLabel(c)),
		app.Div().Class("choices").Body(app.Range(c.Values).Slice(func(j int) app.UI {
			v := c.Values[j]
			oid := id + "-" + strconv.Itoa(j)
			return app.Span().Class("choice").Body(
				app.Input().Type("radio").Name(id).ID(oid).Value(valueText(v)).Checked(reflect.DeepEqual(v, cur)).
					OnChange(func(ctx app.Context, _ app.Event) { p.choose(ctx, ci, v) }),
				app.Label().For(oid).Body(
					app.Text(valueLabel(p.catalog.Lang(), v)),
					app.If(reflect.DeepEqual(v, def), app.Span().Class("lesson-value").Text(" "+p.catalog.T("learn.controls.lessonValue"))),
				),
			)
		})),
		controlSetting(p.catalog, id, c),
	)
}

// renderNumber is a control bounded by min, max and step. A value out of
// range stays in the input with the reason below it; the step keeps its
// last valid value.
func (p *learnPage) renderNumber(ci int, c lessons.Control) app.UI {
	id := controlID(ci)
	st := p.state
	errText := st.errs[p.stepIndex][ci]
	in := app.Input().Type("number").ID(id).DataSet("path", c.Path).Attr("inputmode", "decimal").
		Aria("describedby", id+"-setting "+id+"-error").Aria("invalid", errText != "").
		Value(st.typed[p.stepIndex][ci]).OnInput(p.onType(ci, c))
	if c.Min != nil {
		in = in.Min(*c.Min)
	}
	if c.Max != nil {
		in = in.Max(*c.Max)
	}
	if c.Step != nil {
		in = in.Step(*c.Step)
	}
	return app.Div().Class("field learn-control").Body(
		app.Label().For(id).Body(controlLabel(c)),
		in,
		app.P().Class("help").Text(p.catalog.T("learn.controls.uses", i18n.S("value", valueLabel(p.catalog.Lang(), st.defaults[p.stepIndex][ci])))),
		controlSetting(p.catalog, id, c),
		app.P().ID(id+"-error").Class("error").Aria("live", "polite").Text(errText),
	)
}

func (p *learnPage) choose(ctx app.Context, ci int, v any) {
	p.state.values[p.stepIndex][ci] = v
	p.state.typed[p.stepIndex][ci] = valueText(v)
	p.showStep(ctx)
}

// onType takes a typed number; while typing, the run waits for a pause,
// so "24" runs once, not for "2" and again for "24".
func (p *learnPage) onType(ci int, c lessons.Control) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		st, si := p.state, p.stepIndex
		text := ctx.JSSrc().Get("value").String()
		st.typed[si][ci] = text
		v, err := controlNumber(p.catalog, c, text)
		if err != nil {
			st.errs[si][ci] = fieldErrorsText(tr(), err)
			return
		}
		st.errs[si][ci] = ""
		st.values[si][ci] = v
		p.wait.after(ctx, func(ctx app.Context) {
			if si == p.stepIndex && st == p.state {
				p.showStep(ctx)
			}
		})
	}
}

// controlNumber reads a typed value of a bounded control; the error says
// why not in cat's language. A number input gives its value with a point
// whatever the language, so that is the form read.
func controlNumber(cat *i18n.Catalog, c lessons.Control, text string) (float64, error) {
	v, err := strconv.ParseFloat(text, 64)
	lo, hi, step := math.Inf(-1), math.Inf(1), 0.0
	if c.Min != nil {
		lo = *c.Min
	}
	if c.Max != nil {
		hi = *c.Max
	}
	if c.Step != nil {
		step = *c.Step
	}
	l := cat.Lang()
	bounds := []i18n.Arg{i18n.S("label", c.Label), i18n.S("min", valueLabel(l, lo)), i18n.S("max", valueLabel(l, hi))}
	want := cat.T("learn.controls.range", bounds...)
	if step > 0 {
		want = cat.T("learn.controls.rangeStep", append(bounds, i18n.S("step", valueLabel(l, step)))...)
	}
	why := ""
	switch {
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		why = "learn.controls.notNumber"
	case v < lo || v > hi:
		why = "learn.controls.outOfRange"
	case step > 0 && math.Abs(math.Remainder(v-lo, step)) > 1e-9*math.Max(1, math.Abs(v)):
		why = "learn.controls.betweenSteps"
	default:
		return v, nil
	}
	return 0, errors.New(cat.T(why, i18n.S("text", text), i18n.S("want", want)))
}

// valueLabel writes a control's value as the learner reads it in l: a
// number with l's decimal mark and grouping (0,4 in Portuguese), anything
// else (a Kafka name) as it is.
func valueLabel(l i18n.Lang, v any) string {
	x, ok := v.(float64)
	if !ok || math.IsInf(x, 0) || math.IsNaN(x) {
		return valueText(v)
	}
	digits := 0
	if _, frac, found := strings.Cut(strconv.FormatFloat(x, 'f', -1, 64), "."); found {
		digits = len(frac)
	}
	return l.Float(x, digits)
}

// valueText writes a control's value as the learner reads and types it.
func valueText(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		return x
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}
