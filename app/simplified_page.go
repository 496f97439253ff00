package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/report"
)

// simplifiedPage says where the simulator departs from a real cluster, so a
// result is read for what it is.
type simplifiedPage struct{ app.Compo }

// simplifications are the simulator's departures from Kafka in the
// page's language: the same list the README's "What is exact and what is
// simplified" gives in full, and every review report carries
// (report.Simplifications, English; a test keeps the two the same).
func simplifications(c *i18n.Catalog) [][2]string {
	n := len(report.Simplifications())
	items := make([][2]string, n)
	for i := range items {
		id := "simplified." + strconv.Itoa(i+1)
		items[i] = [2]string{c.T(id + ".head"), c.T(id + ".body")}
	}
	return items
}

func (p *simplifiedPage) Render() app.UI {
	c := tr()
	items := simplifications(c)
	return layout("simplified",
		app.H1().Text(c.T("simplified.title")),
		app.P().Class("lead").Text(c.T("simplified.lead")),
		app.Section().Class("card prose").Body(
			app.Ul().ID("simplifications").Body(
				app.Range(items).Slice(func(i int) app.UI {
					return app.Li().Body(app.Strong().Text(items[i][0]+" "), app.Text(items[i][1]))
				}),
			),
			app.P().Class("help").Text(c.T("simplified.deterministic")),
		),
	)
}
