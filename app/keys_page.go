package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/keymap"
	"partitionlab/app/plots"
	"partitionlab/hashcore"
)

// exampleKeys fill the page on first load: ids of the shapes people key by,
// and non-ASCII keys, which are hashed as their UTF-8 bytes.
const exampleKeys = `customer-42
customer-1337
order-2024-0001
order-2024-0002
user@example.com
Zürich
東京
🍕 pizza`

// maxTableRows bounds the table so a pasted list of 100000 keys does not
// freeze the page; the chart and the shares still count every key.
const maxTableRows = 1000

// keysPage is the "Key → partition" page. It keeps what the person typed;
// the result is recomputed from that on every change and kept unexported so
// go-app does not deep-compare it on each render.
type keysPage struct {
	app.Compo

	keysText       string
	partitionsText string
	compareText    string
	serializer     hashcore.Serializer
	hidden         map[string]bool // clients the person switched off
	weighted       bool            // lines are key,count (keys_weighted.go)
	// emptyKey adds the empty key (zero bytes), which a line of the text
	// box cannot hold: an empty line is skipped.
	emptyKey bool

	res keysResult
}

// keysResult is everything the page shows, derived from the inputs.
type keysResult struct {
	partitionsErr string
	compareErr    string
	clientsErr    string
	keyErrs       []string
	// ok means placement (and chart) are valid for the current inputs.
	ok        bool
	placement keymap.Placement
	// colors[c] is the palette index of placement.Clients[c].
	colors   []int
	chart    string
	chartErr string
	// weights[line] is the record count of the key on that line, when
	// the lines are key,count.
	weights []int64
}

func newKeysPage() *keysPage {
	c := &keysPage{
		keysText:       exampleKeys,
		partitionsText: "6",
		compareText:    "12",
		serializer:     hashcore.String,
		hidden:         map[string]bool{},
	}
	c.compute()
	return c
}

// compute derives the result from the inputs. It never fails: every problem
// becomes a message shown next to the input it concerns.
func (c *keysPage) compute() {
	var r keysResult
	n, err := keymap.ParsePartitions("Partitions", c.partitionsText)
	if err != nil {
		r.partitionsErr = err.Error()
	}
	compare := 0
	if strings.TrimSpace(c.compareText) != "" {
		var err error
		if compare, err = keymap.ParsePartitions("Compare with", c.compareText); err != nil {
			r.compareErr = err.Error() + " (or leave it empty)"
		}
	}
	texts := keymap.Lines(c.keysText)
	if c.weighted {
		texts, r.weights, r.keyErrs = weightedTexts(texts)
	}
	keys, errs := keymap.Serialize(texts, c.serializer, "line", keymap.Blank)
	if c.emptyKey {
		empty, eerrs := keymap.Serialize([]string{""}, c.serializer, "the empty key", nil)
		for i := range empty {
			empty[i].Pos = 0
		}
		keys, errs = append(empty, keys...), append(eerrs, errs...)
	}
	for _, e := range errs {
		r.keyErrs = append(r.keyErrs, e.Error())
	}
	var clients []hashcore.Partitioner
	for i, p := range hashcore.Partitioners() {
		if !c.hidden[p.Name()] {
			clients = append(clients, p)
			r.colors = append(r.colors, i)
		}
	}
	if len(clients) == 0 {
		r.clientsErr = "Pick at least one client."
	}
	if r.partitionsErr != "" || r.compareErr != "" || r.clientsErr != "" {
		c.res = r
		return
	}
	r.ok = true
	r.placement = keymap.Place(keys, clients, n, compare)
	series := make([]plots.Series, len(clients))
	for i, p := range clients {
		series[i] = plots.Series{Name: p.Name(), ColorIndex: r.colors[i], Counts: r.placement.KeysPerPartition(i)}
		if c.weighted {
			series[i].Counts = recordsPerPartition(r.placement, i, r.weights)
		}
	}
	title := "Keys per partition"
	if c.weighted {
		title = "Records per partition, keys weighted by their counts"
	}
	r.chart, err = plots.KeysPerPartition(title, n, series)
	if err != nil {
		r.chartErr = err.Error()
	}
	c.res = r
}

// onText returns an input handler that stores the field's value in *dst and
// recomputes.
func (c *keysPage) onText(dst *string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		*dst = ctx.JSSrc().Get("value").String()
		c.compute()
	}
}

func (c *keysPage) onSerializer(ctx app.Context, e app.Event) {
	if s, err := hashcore.ParseSerializer(ctx.JSSrc().Get("value").String()); err == nil {
		c.serializer = s
	}
	c.compute()
}

func (c *keysPage) onClient(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		c.hidden[name] = !ctx.JSSrc().Get("checked").Bool()
		c.compute()
	}
}

func (c *keysPage) Render() app.UI {
	return layout("keys",
		app.H1().Text("Key → partition"),
		app.P().Class("lead").Text("Type keys, one per line. Each key is serialized to bytes and hashed "+
			"exactly as each client's default partitioner does it, so you can see where records with that key "+
			"go, where clients disagree, and which keys move when the partition count changes."),
		app.Div().Class("columns").Body(
			c.renderInputs(),
			c.renderResults(),
		),
	)
}
