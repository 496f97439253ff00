package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// renderOutput is what the step ran: the Simulate page's results panel
// for a simulation, the engine's refusal, or a calculator's table.
func (p *learnPage) renderOutput() app.UI {
	r, c := p.shown, p.catalog
	switch {
	case r == nil:
		return app.P().Class("card").ID("learn-waiting").Text(c.T("learn.waiting"))
	case r.err != "":
		return app.P().Class("card error").ID("learn-run-error").Text(c.T("learn.runError", i18n.S("error", r.err)))
	case r.view != nil:
		return newResultsPanel(r.view)
	case r.out.Rejection != nil:
		return renderRejection(c, r.out.Rejection)
	case r.out.KeyTable != nil:
		return renderKeyTable(c, r.out.KeyTable)
	case r.out.MovedKeys != nil:
		return renderMovedKeys(c, r.out.MovedKeys)
	case r.out.Sizing != nil:
		return renderSizing(c, r.out.Sizing)
	}
	return nil
}

// renderRejection is the engine refusing a scenario, as Kafka would
// refuse the change it describes, with each field named and the reason in
// the page's language.
func renderRejection(c *i18n.Catalog, err error) app.UI {
	fe, _ := err.(scenario.FieldErrors)
	if fe == nil {
		fe = scenario.FieldErrors{{Message: fieldErrorsText(c, err)}}
	}
	return app.Section().Class("card").ID("learn-error").Aria("labelledby", "learn-error-title").Body(
		app.H2().ID("learn-error-title").Text(c.T("learn.refused.title")),
		app.P().Text(c.T("learn.refused.lead")),
		app.Ul().Class("errors").Body(app.Range(fe).Slice(func(i int) app.UI {
			// The field in code, then the rest of errors.field as the
			// language punctuates it (French: a no-break space before ":").
			line := errtext.For(c).Field(fe[i])
			rest, ok := strings.CutPrefix(line, fe[i].Field)
			if !ok || fe[i].Field == "" {
				return app.Li().Text(line)
			}
			return app.Li().Body(app.Code().Text(fe[i].Field), app.Text(rest))
		})),
	)
}

// th is a column heading; numeric columns align right.
func th(text string, num bool) app.UI {
	h := app.Th().Scope("col").Text(text)
	if num {
		h = h.Class("num")
	}
	return h
}

func renderKeyTable(c *i18n.Catalog, t *lessons.KeyTable) app.UI {
	rows := t.Rows
	return app.Section().Class("card").ID("learn-key-table").Aria("labelledby", "learn-key-table-title").Body(
		app.H2().ID("learn-key-table-title").Text(c.T("learn.keyTable.title")),
		app.P().Text(c.T("learn.keyTable.lead", i18n.Count(t.Input.Partitions))),
		scrollRegion("table-wrap", c.T("learn.keyTable.region")).Body(app.Table().Body(
			app.THead().Body(app.Tr().Body(th(c.T("learn.keyTable.key"), false), th(c.T("learn.keyTable.serializer"), false),
				th(c.T("learn.keyTable.bytes"), false), th(c.T("learn.keyTable.client"), false), th(c.T("learn.keyTable.partition"), true))),
			app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
				r := rows[i]
				return app.Tr().DataSet("partition", r.Partition).Body(
					app.Td().Class("key").Body(app.Code().Text(r.Key)), app.Td().Text(r.Serializer),
					app.Td().Class("bytes").Body(app.Code().Text(r.Bytes)), app.Td().Text(r.Client),
					app.Td().Class("num").Text(fmt.Sprint(r.Partition)),
				)
			})),
		)),
	)
}

func renderMovedKeys(c *i18n.Catalog, m *lessons.MovedKeys) app.UI {
	ts := m.Targets
	in := m.Input
	l := c.Lang()
	percent := func(share float64) string { return l.Percent(share*100, 1) }
	return app.Section().Class("card").ID("learn-moved-keys").Aria("labelledby", "learn-moved-keys-title").Body(
		app.H2().ID("learn-moved-keys-title").Text(c.T("learn.moved.title")),
		app.P().Text(c.T("learn.moved.lead", i18n.N("keys", in.Keys), i18n.S("serializer", in.Serializer),
			i18n.S("client", in.Client), i18n.N("from", in.From))),
		scrollRegion("table-wrap", c.T("learn.moved.region")).Body(app.Table().Body(
			app.THead().Body(app.Tr().Body(th(c.T("learn.moved.change"), false), th(c.T("learn.moved.keys"), true),
				th(c.T("learn.moved.share"), true), th(c.T("learn.moved.uniform"), true), th(c.T("learn.moved.multiple"), true))),
			app.TBody().Body(app.Range(ts).Slice(func(i int) app.UI {
				t := ts[i]
				return app.Tr().Body(
					app.Td().Text(fmt.Sprintf("%d → %d", t.From, t.To)),
					app.Td().Class("num").Text(l.Int(int64(t.Moved))),
					app.Td().Class("num").Text(percent(t.MovedShare)),
					app.Td().Class("num").Text(percent(t.ExpectedShare)),
					app.Td().Class("num").Text(percent(t.MovedByMultiple)),
				)
			})),
		)),
		app.P().Class("help").Text(c.T("learn.moved.help")),
	)
}

func renderSizing(c *i18n.Catalog, z *lessons.Sizing) app.UI {
	in := z.Input
	l := c.Lang()
	row := func(id, value string) app.UI {
		return app.Div().Body(app.Dt().Text(c.T(id)), app.Dd().Text(value))
	}
	num := func(f float64) string { return valueLabel(l, f) }
	rate := func(f float64) string { return c.T("learn.sizing.rate", i18n.S("value", num(f))) }
	return app.Section().Class("card").ID("learn-sizing").Aria("labelledby", "learn-sizing-title").Body(
		app.H2().ID("learn-sizing-title").Text(c.T("learn.sizing.title")),
		app.Dl().Class("learn-sizing-grid").Body(
			row("learn.sizing.peak", rate(in.TargetPerS)),
			row("learn.sizing.thread", rate(in.ConsumerPerS)),
			row("learn.sizing.safety", num(in.SafetyFactor)),
			row("learn.sizing.keepUp", fmt.Sprintf("%s = ceil(%s ÷ %s)", l.Int(int64(z.ConsumersNeeded)), num(in.TargetPerS), num(in.ConsumerPerS))),
			row("learn.sizing.partitions", fmt.Sprintf("%s = ceil(%s ÷ %s × %s)", l.Int(int64(z.Partitions)), num(in.TargetPerS), num(in.ConsumerPerS), num(in.SafetyFactor))),
			row("learn.sizing.busy", l.Percent(z.Utilization*100, 1)),
		),
	)
}
