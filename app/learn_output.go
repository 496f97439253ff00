package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/results"
	"partitionlab/sim"
	"partitionlab/sim/lessons"
)

// renderOutput is what the step ran: the Simulate page's results panel
// for a simulation, the engine's refusal, or a calculator's table.
func (p *learnPage) renderOutput() app.UI {
	r := p.shown
	switch {
	case r == nil:
		return app.P().Class("card").ID("learn-waiting").Text("The step's result appears here as soon as it has run.")
	case r.err != "":
		return app.P().Class("card error").ID("learn-run-error").Text("This step could not run: " + r.err)
	case r.view != nil:
		return newResultsPanel(r.view)
	case r.out.Rejection != nil:
		return renderRejection(r.out.Rejection)
	case r.out.KeyTable != nil:
		return renderKeyTable(r.out.KeyTable)
	case r.out.MovedKeys != nil:
		return renderMovedKeys(r.out.MovedKeys)
	case r.out.Sizing != nil:
		return renderSizing(r.out.Sizing)
	}
	return nil
}

// renderRejection is the engine refusing a scenario, as Kafka would
// refuse the change it describes, with each field named.
func renderRejection(err error) app.UI {
	fe, _ := err.(sim.FieldErrors)
	if fe == nil {
		fe = sim.FieldErrors{{Message: err.Error()}}
	}
	return app.Section().Class("card").ID("learn-error").Aria("labelledby", "learn-error-title").Body(
		app.H2().ID("learn-error-title").Text("The engine refuses this scenario"),
		app.P().Text("Nothing runs: the scenario asks for something Kafka does not allow."),
		app.Ul().Class("errors").Body(app.Range(fe).Slice(func(i int) app.UI {
			return app.Li().Body(app.Code().Text(fe[i].Field), app.Text(": "+fe[i].Message))
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

func renderKeyTable(t *lessons.KeyTable) app.UI {
	rows := t.Rows
	return app.Section().Class("card").ID("learn-key-table").Aria("labelledby", "learn-key-table-title").Body(
		app.H2().ID("learn-key-table-title").Text("Where each key lands"),
		app.P().Text(fmt.Sprintf("On %d partitions. The partitioner sees only the bytes.", t.Input.Partitions)),
		scrollRegion("table-wrap", "Table of where each key lands").Body(app.Table().Body(
			app.THead().Body(app.Tr().Body(th("Key", false), th("Serializer", false), th("Bytes (hex)", false),
				th("Client", false), th("Partition", true))),
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

func renderMovedKeys(m *lessons.MovedKeys) app.UI {
	ts := m.Targets
	in := m.Input
	return app.Section().Class("card").ID("learn-moved-keys").Aria("labelledby", "learn-moved-keys-title").Body(
		app.H2().ID("learn-moved-keys-title").Text("How many keys move"),
		app.P().Text(fmt.Sprintf("Customer ids 1 to %s as %s keys, partitioned as the %s client does, when the topic goes from %d partitions to another count.",
			results.Count(in.Keys), in.Serializer, in.Client, in.From)),
		scrollRegion("table-wrap", "Table of the keys that move").Body(app.Table().Body(
			app.THead().Body(app.Tr().Body(th("Change", false), th("Keys moved", true), th("Share moved", true),
				th("A uniform hash predicts", true), th("Moved keys that go to p + k × old count", true))),
			app.TBody().Body(app.Range(ts).Slice(func(i int) app.UI {
				t := ts[i]
				return app.Tr().Body(
					app.Td().Text(fmt.Sprintf("%d → %d", t.From, t.To)),
					app.Td().Class("num").Text(results.Count(t.Moved)),
					app.Td().Class("num").Text(results.Percent(t.MovedShare)),
					app.Td().Class("num").Text(results.Percent(t.ExpectedShare)),
					app.Td().Class("num").Text(results.Percent(t.MovedByMultiple)),
				)
			})),
		)),
		app.P().Class("help").Text("A key stays only where its hash gives the same remainder for both counts; "+
			"when the new count is a multiple of the old one, a key that moves can only go to p + old count, p + 2 × old count, …"),
	)
}

func renderSizing(z *lessons.Sizing) app.UI {
	in := z.Input
	row := func(label, value string) app.UI {
		return app.Div().Body(app.Dt().Text(label), app.Dd().Text(value))
	}
	num := func(f float64) string { return valueText(f) }
	return app.Section().Class("card").ID("learn-sizing").Aria("labelledby", "learn-sizing-title").Body(
		app.H2().ID("learn-sizing-title").Text("How many partitions"),
		app.Dl().Class("learn-sizing-grid").Body(
			row("Peak rate", num(in.TargetPerS)+" records/s"),
			row("One consumer thread", num(in.ConsumerPerS)+" records/s"),
			row("Safety factor", num(in.SafetyFactor)),
			row("Threads that just keep up", fmt.Sprintf("%d = ceil(%s ÷ %s)", z.ConsumersNeeded, num(in.TargetPerS), num(in.ConsumerPerS))),
			row("Partitions", fmt.Sprintf("%d = ceil(%s ÷ %s × %s)", z.Partitions, num(in.TargetPerS), num(in.ConsumerPerS), num(in.SafetyFactor))),
			row("Each thread busy", results.Percent(z.Utilization)),
		),
	)
}
