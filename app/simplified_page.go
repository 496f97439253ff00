package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/report"
)

// simplifiedPage says where the simulator departs from a real cluster, so a
// result is read for what it is.
type simplifiedPage struct{ app.Compo }

// simplifications are the simulator's departures from Kafka, the same
// list the README's "What is exact and what is simplified" gives in full
// (and every review report carries).
func simplifications() [][2]string { return report.Simplifications() }

func (p *simplifiedPage) Render() app.UI {
	items := simplifications()
	return layout("simplified",
		app.H1().Text("What is simplified"),
		app.P().Class("lead").Text("Partitioning is exact: keys are serialized and hashed byte for byte as the Java client, "+
			"librdkafka and Sarama do, and the consumer-group assignors are Kafka's own algorithms. "+
			"The simulator around them keeps what decides ordering, balance and lag, and leaves out the rest:"),
		app.Section().Class("card prose").Body(
			app.Ul().ID("simplifications").Body(
				app.Range(items).Slice(func(i int) app.UI {
					return app.Li().Body(app.Strong().Text(items[i][0]+" "), app.Text(items[i][1]))
				}),
			),
			app.P().Class("help").Text("Every run is deterministic: the same scenario and seed give the same result, "+
				"bit for bit, in the browser and on the command line (partitionlab simulate). "+
				"The README lists every simplification in detail."),
		),
	)
}
