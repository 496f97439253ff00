package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/app/keyplacement"
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

	result keysResult
}

// keysResult is everything the page shows, derived from the inputs.
type keysResult struct {
	partitionsErr string
	compareErr    string
	clientsErr    string
	keyErrs       []string
	// ok means placement (and chart) are valid for the current inputs.
	ok        bool
	placement keyplacement.Placement
	// colors[c] is the palette index of placement.Clients[c].
	colors []int
	// graph is the keys per partition, drawn by the engine's worker.
	graph namedChart
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
	t := tr()
	n, msg := partitionCount(t, t.T("keys.partitions"), c.partitionsText)
	r.partitionsErr = msg
	compare := 0
	if strings.TrimSpace(c.compareText) != "" {
		if compare, msg = partitionCount(t, t.T("keys.compare"), c.compareText); msg != "" {
			r.compareErr = t.T("keys.error.orEmpty", i18n.S("error", msg))
		}
	}
	texts := keyplacement.Lines(c.keysText)
	if c.weighted {
		texts, r.weights, r.keyErrs = weightedTexts(t, texts)
	}
	keys, errs := keyplacement.Serialize(texts, c.serializer, "line", keyplacement.Blank)
	if c.emptyKey {
		empty, eerrs := keyplacement.Serialize([]string{""}, c.serializer, "the empty key", nil)
		for i := range empty {
			empty[i].Pos = 0
		}
		for i := range eerrs {
			eerrs[i].Pos = 0
		}
		keys, errs = append(empty, keys...), append(eerrs, errs...)
	}
	for _, e := range errs {
		r.keyErrs = append(r.keyErrs, keyError(t, c.serializer, e))
	}
	var clients []hashcore.Partitioner
	for i, p := range hashcore.Partitioners() {
		if !c.hidden[p.Name()] {
			clients = append(clients, p)
			r.colors = append(r.colors, i)
		}
	}
	if len(clients) == 0 {
		r.clientsErr = t.T("keys.error.noClient")
	}
	if r.partitionsErr != "" || r.compareErr != "" || r.clientsErr != "" {
		c.result = r
		return
	}
	r.ok = true
	r.placement = keyplacement.Place(keys, clients, n, compare)
	series := make([]chart.Series, len(clients))
	for i, p := range clients {
		series[i] = chart.Series{Name: p.Name(), ColorIndex: r.colors[i], Counts: r.placement.KeysPerPartition(i)}
		if c.weighted {
			series[i].Counts = recordsPerPartition(r.placement, i, r.weights)
		}
	}
	title := t.T("keys.chart.title")
	if c.weighted {
		title = t.T("keys.chart.weightedTitle")
	}
	r.graph = jobChart("chart", "", chart.Job{Kind: chart.KindKeys, Title: title, Partitions: n, Series: series})
	c.result = r
}

// OnInit, in the browser, keeps the chart the server drew into the page
// (the page opens with the examples, as the server drew it) as this
// state's drawing: the figure does not wait for the engine's worker to
// show it again.
func (c *keysPage) OnInit() {
	if !app.IsClient || c.result.graph.job == nil {
		return
	}
	fig := app.Window().Get("document").Call("getElementById", "chart")
	if !fig.Truthy() {
		return
	}
	svg := fig.Call("querySelector", "svg")
	if !svg.Truthy() {
		return
	}
	shownLast("chart", svg.Get("outerHTML").String())
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
	t := tr()
	return layout("keys",
		app.H1().Text(t.T("nav.keys")),
		app.P().Class("lead").Text(t.T("keys.lead")),
		app.Div().Class("columns").Body(
			c.renderInputs(t),
			c.renderResults(t),
		),
	)
}

// partitionCount reads a partition count typed in the field named field:
// the count, or what is wrong with it in t's language.
func partitionCount(t *i18n.Catalog, field, text string) (int, string) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	// Numbers as the editor writes the engine's (errtext): grouped the
	// language's way ("100.000"), in English as the command line's keyplacement
	// writes them.
	max := i18n.S("max", errtext.Numbers(t.Lang(), strconv.Itoa(keyplacement.MaxPartitions)))
	switch {
	case err != nil:
		return 0, t.T("keys.error.notWhole", i18n.S("field", field), i18n.S("value", strconv.Quote(text)), max)
	case keyplacement.CheckPartitions(field, n) != nil:
		return 0, t.T("keys.error.range", i18n.S("field", field), i18n.S("value", errtext.Numbers(t.Lang(), strconv.Itoa(n))), max)
	}
	return n, ""
}

// keyError says in t's language which key its serializer refuses and
// why.
func keyError(t *i18n.Catalog, s hashcore.Serializer, e keyplacement.KeyError) string {
	where := t.T("keys.error.emptyKey")
	if e.Pos > 0 {
		where = t.T("keys.error.line", i18n.S("line", strconv.Itoa(e.Pos)))
	}
	id := "keys.error.serializer." + string(s)
	if !t.Has(id) {
		return t.T("keys.error.key", i18n.S("where", where), i18n.S("problem", e.Err.Error()))
	}
	return t.T("keys.error.key", i18n.S("where", where), i18n.S("problem", t.T(id, i18n.S("key", strconv.Quote(e.Text)))))
}
