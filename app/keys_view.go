package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/keymap"
	"partitionlab/app/plots"
	"partitionlab/hashcore"
)

// serializerLabels says in a few words what each serializer sends; the
// help text below the menu names the Kafka classes.
func serializerLabels() map[hashcore.Serializer]string {
	return map[hashcore.Serializer]string{
		hashcore.String: "String (UTF-8)",
		hashcore.Long:   "Long (8 bytes, big-endian)",
		hashcore.Int:    "Integer (4 bytes, big-endian)",
		hashcore.Hex:    "Bytes, typed as hex",
	}
}

func (c *keysPage) renderInputs() app.UI {
	return app.Section().Class("card inputs").Aria("label", "Inputs").Body(
		app.Div().Class("field").Body(
			app.Label().For("keys").Text("Keys, one per line"),
			app.Textarea().ID("keys").Rows(10).
				Attr("spellcheck", "false").Attr("autocomplete", "off").Attr("autocapitalize", "off").
				Aria("describedby", "keys-help key-errors").
				Aria("invalid", len(c.res.keyErrs) > 0).
				Text(c.keysText).OnInput(c.onText(&c.keysText)),
			app.P().ID("keys-help").Class("help").Text("Blank lines are skipped; spaces are part of a key."),
			c.renderWeightedOption(),
			app.Div().Class("check").Body(
				app.Input().Type("checkbox").ID("empty-key").Checked(c.emptyKey).OnChange(func(ctx app.Context, _ app.Event) {
					c.emptyKey = ctx.JSSrc().Get("checked").Bool()
					c.compute()
				}),
				app.Label().For("empty-key").Text("Also the empty key (\"\", zero bytes)"),
			),
			app.Ul().ID("key-errors").Class("errors").Aria("live", "polite").Body(
				app.Range(c.res.keyErrs).Slice(func(i int) app.UI { return app.Li().Text(c.res.keyErrs[i]) }),
			),
		),
		app.Div().Class("field-row").Body(
			c.numberField("partitions", "Partitions", "How many partitions the topic has.", &c.partitionsText, c.res.partitionsErr),
			c.numberField("compare", "Compare with", "Another partition count, to see which keys move. Leave empty to turn off.", &c.compareText, c.res.compareErr),
		),
		app.Div().Class("field").Body(
			app.Label().For("serializer").Text("Serializer"),
			app.Select().ID("serializer").OnChange(c.onSerializer).Body(
				app.Range(hashcore.Serializers()).Slice(func(i int) app.UI {
					s := hashcore.Serializers()[i]
					return app.Option().Value(string(s)).Selected(s == c.serializer).Text(serializerLabels()[s])
				}),
			),
			app.P().Class("help").Text("As Kafka's StringSerializer, LongSerializer, IntegerSerializer or ByteArraySerializer would send the key."),
		),
		app.FieldSet().Class("field clients").Body(
			app.Legend().Text("Clients (default partitioner)"),
			app.Range(hashcore.Partitioners()).Slice(func(i int) app.UI {
				p := hashcore.Partitioners()[i]
				id := "client-" + p.Name()
				return app.Div().Class("check").Body(
					app.Input().Type("checkbox").ID(id).Checked(!c.hidden[p.Name()]).OnChange(c.onClient(p.Name())),
					app.Label().For(id).Body(
						app.Span().Class("swatch").Style("background", plots.Hex(i)).Aria("hidden", "true"),
						app.Strong().Text(p.Name()),
						app.Span().Class("help").Text(" "+p.Describe()),
					),
				)
			}),
			app.If(c.res.clientsErr != "", app.P().ID("clients-error").Class("error").Text(c.res.clientsErr)),
		),
	)
}

// numberField is a labelled partition-count input with its help text and,
// when the value is wrong, the error right below it.
func (c *keysPage) numberField(id, label, help string, value *string, errText string) app.UI {
	return app.Div().Class("field").Body(
		app.Label().For(id).Text(label),
		app.Input().ID(id).Type("number").Min(1).Max(keymap.MaxPartitions).Step(1).
			Attr("inputmode", "numeric").Placeholder("off").
			Aria("describedby", id+"-help "+id+"-error").Aria("invalid", errText != "").
			Value(*value).OnInput(c.onText(value)),
		app.P().ID(id+"-help").Class("help").Text(help),
		app.P().ID(id+"-error").Class("error").Aria("live", "polite").Text(errText),
	)
}

func (c *keysPage) renderResults() app.UI {
	r := c.res
	if !r.ok {
		return app.Section().Class("card results").Aria("label", "Results").Body(
			app.P().ID("results-blocked").Text("Fix the input marked above to see where keys go."),
		)
	}
	p := r.placement
	return app.Section().Class("card results").Aria("label", "Results").Body(
		app.H2().Text("Where each key goes"),
		app.P().ID("disagree-summary").Text(disagreeSummary(p)),
		c.renderLegend(),
		scrollRegion("table-wrap", "Table of each key's partition").Body(c.renderTable()),
		app.If(len(p.Keys) > maxTableRows,
			app.P().Class("help").Text(fmt.Sprintf("The table shows the first %d of %d keys; the chart and the shares count all of them.", maxTableRows, len(p.Keys)))),
		app.If(p.Compare > 0, c.renderCompare()),
		c.renderLoad(),
		app.Figure().ID("chart").Class("chart").Body(
			app.If(r.chartErr != "", app.P().Class("error").Text(r.chartErr)).
				Else(app.Raw(r.chart)),
			app.FigCaption().Text(fmt.Sprintf("How many of the %d keys land on each of the %d partitions, per client. "+
				"Uneven bars mean uneven load on partitions and on the consumers reading them.", len(p.Keys), p.Partitions)),
		),
	)
}

func disagreeSummary(p keymap.Placement) string {
	if len(p.Clients) == 1 {
		return fmt.Sprintf("%d keys on %d partitions with the %s client.", len(p.Keys), p.Partitions, p.Clients[0].Name())
	}
	d := p.Disagreements()
	return fmt.Sprintf("%d of %d keys land on different partitions depending on the client: "+
		"producers in different languages writing the same keys do not keep per-key order.", d, len(p.Keys))
}

func (c *keysPage) renderLegend() app.UI {
	p := c.res.placement
	return app.Ul().ID("legend").Class("legend").Body(
		app.If(len(p.Clients) > 1, app.Li().Body(
			app.Span().Class("legend-disagree").Aria("hidden", "true").Text("≠"),
			app.Text(" Highlighted rows: the clients put the key on different partitions."),
		)),
		app.If(p.Compare > 0, app.Li().Body(
			app.Text(fmt.Sprintf("Each cell reads “partition with %d → partition with %d”; ", p.Partitions, p.Compare)),
			app.Span().Class("badge moved").Text("moved"),
			app.Text(" marks a key that goes to another partition."),
		)),
	)
}

func (c *keysPage) renderTable() app.UI {
	p := c.res.placement
	rows := min(len(p.Keys), maxTableRows)
	return app.Table().ID("result-table").Body(
		app.Caption().Class("sr-only").Text("Partition of each key, per client"),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text("Line"),
			app.Th().Scope("col").Text("Key"),
			app.Th().Scope("col").Text("Bytes (hex)"),
			app.Range(p.Clients).Slice(func(i int) app.UI {
				return app.Th().Scope("col").DataSet("client", p.Clients[i].Name()).Body(
					app.Span().Class("swatch").Style("background", plots.Hex(c.res.colors[i])).Aria("hidden", "true"),
					app.Text(p.Clients[i].Name()),
				)
			}),
		)),
		app.TBody().Body(
			app.Range(p.Keys[:rows]).Slice(func(k int) app.UI { return c.renderRow(k) }),
		),
	)
}

func (c *keysPage) renderRow(k int) app.UI {
	p := c.res.placement
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
			app.If(disagree, app.Span().Class("mark").Title("the clients disagree").Text(" ≠")),
		),
		app.Td().Class("key").Body(app.Code().Text(keyText(key.Text, key.Pos))),
		app.Td().Class("bytes").Body(app.Code().Text(hexPreview(key.Bytes))),
		app.Range(p.Clients).Slice(func(ci int) app.UI {
			td := app.Td().Class("num").DataSet("client", p.Clients[ci].Name()).DataSet("partition", p.At[ci][k])
			if p.At[ci][k] == keymap.Keyless {
				return td.Title("This client sends an empty key like a record without a key: to a random, sticky partition.").
					Text("keyless")
			}
			if p.Compare == 0 {
				return td.Text(strconv.Itoa(p.At[ci][k]))
			}
			moved := p.Moved(ci, k)
			td = td.DataSet("compare", p.AtCompare[ci][k]).DataSet("moved", moved)
			return td.Body(
				app.Text(fmt.Sprintf("%d → %d", p.At[ci][k], p.AtCompare[ci][k])),
				app.If(moved, app.Span().Class("badge moved").Text("moved")),
			)
		}),
	)
}

// hexPreview shows the bytes a partitioner hashes, every one for a key of
// ordinary length (so two keys that differ late are told apart), the
// first 32 and the count for a longer one.
func hexPreview(b []byte) string {
	const show = 32
	if len(b) == 0 {
		return "(no bytes)"
	}
	if len(b) > show {
		return fmt.Sprintf("% x … (%d bytes)", b[:show], len(b))
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

func (c *keysPage) renderCompare() app.UI {
	p := c.res.placement
	note := "Existing records stay where they are; only records written after the change follow the new mapping, " +
		"so per-key order breaks for every key that moves."
	if p.Compare < p.Partitions {
		note = "Kafka can only add partitions, never remove them: this is what a new topic with fewer partitions would do."
	}
	return app.Div().Class("compare").Body(
		app.H3().Text(fmt.Sprintf("From %d to %d partitions", p.Partitions, p.Compare)),
		app.Ul().ID("compare-summary").Body(
			app.Range(p.Clients).Slice(func(ci int) app.UI {
				moved, total := p.MovedCount(ci), p.Hashed(ci)
				return app.Li().DataSet("client", p.Clients[ci].Name()).DataSet("moved", moved).DataSet("total", total).
					Body(app.Strong().Text(p.Clients[ci].Name()+": "), app.Text(keymap.Share(moved, total)+" move"))
			}),
		),
		app.P().Class("help").Text(note),
	)
}
