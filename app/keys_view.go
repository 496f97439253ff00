package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/keyplacement"
	"partitionlab/hashcore"
)

// serializerLabel says in a few words what a serializer sends; the help
// text below the menu names the Kafka classes.
func serializerLabel(t *i18n.Catalog, s hashcore.Serializer) string {
	return t.T("keys.serializer." + string(s))
}

func (c *keysPage) renderInputs(t *i18n.Catalog) app.UI {
	return app.Section().Class("card inputs").Aria("label", t.T("keys.inputs")).Body(
		app.Div().Class("field").Body(
			app.Label().For("keys").Text(t.T("keys.keys")),
			app.Textarea().ID("keys").Rows(10).
				Attr("spellcheck", "false").Attr("autocomplete", "off").Attr("autocapitalize", "off").
				Aria("describedby", "keys-help key-errors").
				Aria("invalid", len(c.result.keyErrs) > 0).
				Text(c.keysText).OnInput(c.onText(&c.keysText)),
			app.P().ID("keys-help").Class("help").Text(t.T("keys.keysHelp")),
			c.renderWeightedOption(t),
			app.Div().Class("check").Body(
				app.Input().Type("checkbox").ID("empty-key").Checked(c.emptyKey).OnChange(func(ctx app.Context, _ app.Event) {
					c.emptyKey = ctx.JSSrc().Get("checked").Bool()
					c.compute()
				}),
				app.Label().For("empty-key").Text(t.T("keys.emptyKey")),
			),
			app.Ul().ID("key-errors").Class("errors").Aria("live", "polite").Body(
				app.Range(c.result.keyErrs).Slice(func(i int) app.UI { return app.Li().Text(c.result.keyErrs[i]) }),
			),
		),
		app.Div().Class("field-row").Body(
			c.numberField(t, "partitions", t.T("keys.partitions"), t.T("keys.partitionsHelp"), &c.partitionsText, c.result.partitionsErr),
			c.numberField(t, "compare", t.T("keys.compare"), t.T("keys.compareHelp"), &c.compareText, c.result.compareErr),
		),
		app.Div().Class("field").Body(
			app.Label().For("serializer").Text(t.T("keys.serializer")),
			app.Select().ID("serializer").OnChange(c.onSerializer).Body(
				app.Range(hashcore.Serializers()).Slice(func(i int) app.UI {
					s := hashcore.Serializers()[i]
					return app.Option().Value(string(s)).Selected(s == c.serializer).Text(serializerLabel(t, s))
				}),
			),
			app.P().Class("help").Text(t.T("keys.serializerHelp")),
		),
		app.FieldSet().Class("field clients").Body(
			app.Legend().Text(t.T("keys.clients")),
			app.Range(hashcore.Partitioners()).Slice(func(i int) app.UI {
				p := hashcore.Partitioners()[i]
				id := "client-" + p.Name()
				return app.Div().Class("check").Body(
					app.Input().Type("checkbox").ID(id).Checked(!c.hidden[p.Name()]).OnChange(c.onClient(p.Name())),
					app.Label().For(id).Body(
						app.Span().Class("swatch").Style("background", chart.Hex(i)).Aria("hidden", "true"),
						app.Strong().Text(p.Name()),
						app.Span().Class("help").Text(" "+t.T("keys.client."+p.Name())),
					),
				)
			}),
			app.If(c.result.clientsErr != "", app.P().ID("clients-error").Class("error").Text(c.result.clientsErr)),
		),
	)
}

// numberField is a labelled partition-count input with its help text and,
// when the value is wrong, the error right below it.
func (c *keysPage) numberField(t *i18n.Catalog, id, label, help string, value *string, errText string) app.UI {
	return app.Div().Class("field").Body(
		app.Label().For(id).Text(label),
		app.Input().ID(id).Type("number").Min(1).Max(keyplacement.MaxPartitions).Step(1).
			Attr("inputmode", "numeric").Placeholder(t.T("keys.off")).
			Aria("describedby", id+"-help "+id+"-error").Aria("invalid", errText != "").
			Value(*value).OnInput(c.onText(value)),
		app.P().ID(id+"-help").Class("help").Text(help),
		app.P().ID(id+"-error").Class("error").Aria("live", "polite").Text(errText),
	)
}

func (c *keysPage) renderResults(t *i18n.Catalog) app.UI {
	r := c.result
	if !r.ok {
		return app.Section().Class("card results").Aria("label", t.T("keys.results")).Body(
			app.P().ID("results-blocked").Text(t.T("keys.blocked")),
		)
	}
	p := r.placement
	return app.Section().Class("card results").Aria("label", t.T("keys.results")).Body(
		app.H2().Text(t.T("keys.where")),
		app.P().ID("disagree-summary").Text(disagreeSummary(t, p)),
		c.renderLegend(t),
		scrollRegion("table-wrap", t.T("keys.tableLabel")).Body(c.renderTable(t)),
		app.If(len(p.Keys) > maxTableRows,
			app.P().Class("help").Text(t.T("keys.tableCut", i18n.N("shown", maxTableRows), i18n.Count(len(p.Keys))))),
		app.If(p.Compare > 0, c.renderCompare(t)),
		c.renderLoad(t),
		c.renderChart(t, r.graph.resolve(c), t.T("keys.chart.caption", i18n.Count(len(p.Keys)), i18n.N("partitions", p.Partitions))),
	)
}

// renderChart is the keys' chart (drawn by the engine's worker: until
// then it says so, data-pending).
func (c *keysPage) renderChart(t *i18n.Catalog, nc namedChart, caption string) app.UI {
	fig := app.Figure().ID("chart").Class("chart")
	switch {
	case nc.pending:
		return pendingFigure("chart", caption)
	case nc.err != "":
		return fig.Body(app.P().Class("error").Text(nc.err), app.FigCaption().Text(caption))
	}
	shownLast("chart", nc.chart.SVG)
	return fig.Body(app.Raw(nc.chart.SVG), app.FigCaption().Text(caption))
}

func disagreeSummary(t *i18n.Catalog, p keyplacement.Placement) string {
	if len(p.Clients) == 1 {
		return t.T("keys.summary.one", i18n.Count(len(p.Keys)), i18n.N("partitions", p.Partitions), i18n.S("client", p.Clients[0].Name()))
	}
	return t.T("keys.summary.disagree", i18n.N("disagree", p.Disagreements()), i18n.Count(len(p.Keys)))
}

func (c *keysPage) renderLegend(t *i18n.Catalog) app.UI {
	p := c.result.placement
	return app.Ul().ID("legend").Class("legend").Body(
		app.If(len(p.Clients) > 1, app.Li().Body(
			app.Span().Class("legend-disagree").Aria("hidden", "true").Text("≠"),
			app.Text(" "+t.T("keys.legend.disagree")),
		)),
		app.If(p.Compare > 0, app.Li().Body(
			app.Text(t.T("keys.legend.cell", i18n.N("from", p.Partitions), i18n.N("to", p.Compare))+" "),
			app.Span().Class("badge moved").Text(t.T("keys.moved")),
			app.Text(" "+t.T("keys.legend.moved")),
		)),
	)
}

func (c *keysPage) renderTable(t *i18n.Catalog) app.UI {
	p := c.result.placement
	rows := min(len(p.Keys), maxTableRows)
	return app.Table().ID("result-table").Body(
		app.Caption().Class("sr-only").Text(t.T("keys.table.caption")),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(t.T("keys.table.line")),
			app.Th().Scope("col").Text(t.T("keys.table.key")),
			app.Th().Scope("col").Text(t.T("keys.table.bytes")),
			app.Range(p.Clients).Slice(func(i int) app.UI {
				return app.Th().Scope("col").DataSet("client", p.Clients[i].Name()).Body(
					app.Span().Class("swatch").Style("background", chart.Hex(c.result.colors[i])).Aria("hidden", "true"),
					app.Text(p.Clients[i].Name()),
				)
			}),
		)),
		app.TBody().Body(
			app.Range(p.Keys[:rows]).Slice(func(k int) app.UI { return c.renderRow(t, k) }),
		),
	)
}

func (c *keysPage) renderRow(t *i18n.Catalog, k int) app.UI {
	p := c.result.placement
	key := p.Keys[k]
	disagree := len(p.Clients) > 1 && p.Disagree(k)
	// No data-key attribute: go-app trims attribute values, and a key's
	// spaces matter. The key is the text of its <code> cell.
	tr := app.Tr().DataSet("line", key.Pos)
	if disagree {
		tr = tr.Class("disagree")
	}
	return tr.Body(
		app.Td().Class("num").Body(
			app.Text(strconv.Itoa(key.Pos)),
			app.If(disagree, app.Span().Class("mark").Title(t.T("keys.table.disagree")).Text(" ≠")),
		),
		app.Td().Class("key").Body(app.Code().Text(keyText(key.Text, key.Pos))),
		app.Td().Class("bytes").Body(app.Code().Text(hexPreview(t, key.Bytes))),
		app.Range(p.Clients).Slice(func(ci int) app.UI {
			td := app.Td().Class("num").DataSet("client", p.Clients[ci].Name()).DataSet("partition", p.At[ci][k])
			if p.At[ci][k] == keyplacement.Keyless {
				return td.Title(t.T("keys.table.keylessTitle")).
					Text(t.T("keys.table.keyless"))
			}
			if p.Compare == 0 {
				return td.Text(strconv.Itoa(p.At[ci][k]))
			}
			moved := p.Moved(ci, k)
			td = td.DataSet("compare", p.AtCompare[ci][k]).DataSet("moved", moved)
			return td.Body(
				app.Text(fmt.Sprintf("%d → %d", p.At[ci][k], p.AtCompare[ci][k])),
				app.If(moved, app.Span().Class("badge moved").Text(t.T("keys.moved"))),
			)
		}),
	)
}

// hexPreview shows the bytes a partitioner hashes, every one for a key of
// ordinary length (so two keys that differ late are told apart), the
// first 32 and the count for a longer one.
func hexPreview(t *i18n.Catalog, b []byte) string {
	const show = 32
	if len(b) == 0 {
		return t.T("keys.bytes.none")
	}
	if len(b) > show {
		return fmt.Sprintf("% x … ", b[:show]) + t.T("keys.bytes.count", i18n.Count(len(b)))
	}
	return fmt.Sprintf("% x", b)
}

// keyText is a key as the table shows it: the empty key (line 0, from its
// checkbox) as "".
func keyText(text string, pos int) string {
	if pos == 0 && text == "" {
		return `""`
	}
	return text
}

func (c *keysPage) renderCompare(t *i18n.Catalog) app.UI {
	p := c.result.placement
	note := t.T("keys.compare.more")
	if p.Compare < p.Partitions {
		note = t.T("keys.compare.fewer")
	}
	return app.Div().Class("compare").Body(
		app.H3().Text(t.T("keys.compare.title", i18n.N("from", p.Partitions), i18n.N("to", p.Compare))),
		app.Ul().ID("compare-summary").Body(
			app.Range(p.Clients).Slice(func(ci int) app.UI {
				moved, total := p.MovedCount(ci), p.Hashed(ci)
				return app.Li().DataSet("client", p.Clients[ci].Name()).DataSet("moved", moved).DataSet("total", total).
					Body(app.Strong().Text(t.T("core.labelled", i18n.S("label", p.Clients[ci].Name()))), app.Text(" "+movedShare(t, moved, total)))
			}),
		),
		app.P().Class("help").Text(note),
	)
}

// movedShare says how many of total keys move, in t's language ("3 of 8
// keys (37.5 %) move").
func movedShare(t *i18n.Catalog, moved, total int) string {
	share := 0.0
	if total > 0 {
		share = 100 * float64(moved) / float64(total)
	}
	return t.T("keys.compare.share", i18n.N("moved", moved), i18n.Count(total), i18n.S("share", t.Lang().Float(share, 1)))
}
