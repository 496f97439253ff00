package app

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/embedlink"
	"partitionlab/app/i18n"
	"partitionlab/app/share"
	"partitionlab/sim/lessons"
)

// embedSettings are the settings an author may let readers change, each
// with the range or choices it starts with (a range can be narrowed).
var embedSettings = []embedlink.Control{
	{Path: "topic.partitions", Min: 1, Max: 48, Step: 1},
	{Path: "consumer.concurrency", Min: 1, Max: 24, Step: 1},
	{Path: "consumer.instances", Min: 1, Max: 8, Step: 1},
	{Path: "producers.0.key", Choices: []string{"customer_id", "order_id", "null"}},
	{Path: "consumer.mode", Choices: []string{"sequential", "thread_pool", "per_key_queues"}},
	{Path: "consumer.processing_ms", Min: 1, Max: 20, Step: 1},
	{Path: "workload.orders_per_s", Min: 100, Max: 3000, Step: 100},
	{Path: "seed", Min: 1, Max: 100, Step: 1},
}

// previewWidths are the widths the dialog previews an embed at.
var previewWidths = []int{320, 600, 900}

// embedDialog is the Embed button and the small dialog it opens: what
// the embed shows, which settings the reader may change, a preview at
// the embed's size and the <iframe> snippet to copy. Its owner gives the
// scenario as its link parameter (share.Param) and may give controls to
// start with (a lesson step's).
type embedDialog struct {
	app.Compo

	// Ilink is the scenario's part of the embed's fragment (a Simulate
	// link's, or a Compare link's with Icompare); Iname names it.
	Ilink, Iname string
	Icompare     bool
	// Icontrols are the settings offered first (a lesson step's).
	Icontrols []embedlink.Control

	open    bool
	started bool
	opts    embedlink.Options
	width   int
	message string
}

func newEmbedDialog(param, value, name string, controls []embedlink.Control) *embedDialog {
	return &embedDialog{Ilink: url.Values{param: {value}}.Encode(), Iname: name, Icontrols: controls}
}

// newCompareEmbedDialog is the dialog of a comparison: its link names
// both scenarios, and the embed shows their differences.
func newCompareEmbedDialog(link, name string) *embedDialog {
	return &embedDialog{Ilink: link, Iname: name, Icompare: true}
}

func (d *embedDialog) onOpen(ctx app.Context, _ app.Event) {
	d.open = !d.open
	if d.open && !d.started {
		d.started, d.opts, d.width = true, embedlink.Default(), 600
		d.opts.Controls = slices.Clone(d.Icontrols)
		if d.Icompare {
			d.opts.Charts = nil // a comparison shows its differences
		}
	}
	d.message = ""
	if d.open {
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID("embed-dialog-title"); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

// src is the embed's address: this site's, in the page's language, with
// the scenario and the options in its fragment.
func (d *embedDialog) src() string {
	frag := d.Ilink
	if v := d.opts.Values().Encode(); v != "" {
		frag += "&" + v
	}
	loc := app.Window().Get("location")
	u := url.URL{Path: strings.TrimSuffix(app.Getenv("GOAPP_ROOT_PREFIX"), "/") + EmbedSnippetPath, RawQuery: langQuery()}
	return loc.Get("origin").String() + u.String() + "#" + frag
}

// title is the iframe's title, which a screen reader says.
func (d *embedDialog) title(c *i18n.Catalog) string {
	return c.T("embed.snippet.title", i18n.S("scenario", scenarioTitle(c, d.Iname)))
}

func (d *embedDialog) Render() app.UI {
	c := tr()
	button := app.Button().Type("button").ID("embed-button").Aria("expanded", d.open).Aria("controls", "embed-dialog").
		Text(c.T("embed.button")).OnClick(d.onOpen)
	if !d.open {
		return app.Span().Class("embed-dialog-host").Body(button)
	}
	src := d.src()
	snippet := embedlink.Snippet(src, d.title(c), d.opts.Height())
	return app.Span().Class("embed-dialog-host").Body(
		button,
		app.Section().ID("embed-dialog").Class("card embed-dialog").Attr("role", "dialog").Aria("labelledby", "embed-dialog-title").Body(
			app.H2().ID("embed-dialog-title").TabIndex(-1).Text(c.T("embed.dialog.title")),
			app.P().Class("help").Text(c.T("embed.dialog.intro")),
			d.renderChecks(c, "cards", c.T("embed.dialog.cards"), embedlink.Cards, d.opts.Cards, embedlink.MaxCards,
				func(id string) string { return c.T("results.card." + strings.TrimPrefix(id, "violations-")) }),
			app.If(!d.Icompare,
				d.renderChecks(c, "charts", c.T("embed.dialog.charts"), embedlink.Charts, d.opts.Charts, embedlink.MaxCharts,
					func(id string) string { return chartName(c, id) }),
				d.renderParts(c),
			),
			d.renderControls(c),
			app.H3().Text(c.T("embed.dialog.preview")),
			app.Label().For("embed-width").Text(c.T("embed.dialog.width")),
			app.Select().ID("embed-width").OnChange(func(ctx app.Context, _ app.Event) {
				d.width, _ = strconv.Atoi(ctx.JSSrc().Get("value").String())
			}).Body(app.Range(previewWidths).Slice(func(i int) app.UI {
				w := strconv.Itoa(previewWidths[i])
				return app.Option().Value(w).Selected(previewWidths[i] == d.width).Text(c.T("embed.dialog.px", i18n.S("n", w)))
			})),
			app.IFrame().ID("embed-preview").Class("embed-preview").Src(src).Title(d.title(c)).
				Width(d.width).Height(d.opts.Height()),
			app.Label().For("embed-snippet").Text(c.T("embed.dialog.snippet")),
			app.Textarea().ID("embed-snippet").ReadOnly(true).Rows(4).Attr("spellcheck", "false").Text(snippet),
			app.Div().Class("embed-dialog-actions").Body(
				app.Button().Type("button").ID("embed-copy").Text(c.T("embed.dialog.copy")).OnClick(func(ctx app.Context, _ app.Event) {
					copyText(ctx, snippet, func(ctx app.Context, ok bool) {
						if ok {
							d.message = tr().T("embed.dialog.copied")
						}
					})
				}),
				app.Button().Type("button").ID("embed-close").Text(c.T("embed.dialog.close")).OnClick(d.onOpen),
				app.Span().ID("embed-message").Aria("live", "polite").Text(d.message),
			),
		),
	)
}

// renderChecks is a list of checkboxes of which at most most may be on.
func (d *embedDialog) renderChecks(c *i18n.Catalog, group, legend string, all, on []string, most int, label func(string) string) app.UI {
	return app.FieldSet().ID("embed-"+group).Body(
		app.Legend().Text(legend),
		app.Range(all).Slice(func(i int) app.UI {
			id := "embed-" + group + "-" + all[i]
			checked := slices.Contains(on, all[i])
			return app.Label().For(id).Class("check").Body(
				app.Input().Type("checkbox").ID(id).Checked(checked).Disabled(!checked && len(on) >= most).
					OnChange(func(ctx app.Context, _ app.Event) { d.toggle(group, all[i]) }, group, all[i]),
				app.Text(" "+label(all[i])),
			)
		}),
	)
}

// toggle turns a card or a chart on or off, keeping the full app's order.
func (d *embedDialog) toggle(group, id string) {
	list, all := &d.opts.Cards, embedlink.Cards
	if group == "charts" {
		list, all = &d.opts.Charts, embedlink.Charts
	}
	if i := slices.Index(*list, id); i >= 0 {
		*list = slices.Delete(slices.Clone(*list), i, i+1)
		return
	}
	var out []string
	for _, a := range all {
		if a == id || slices.Contains(*list, a) {
			out = append(out, a)
		}
	}
	*list = out
}

func (d *embedDialog) renderParts(c *i18n.Catalog) app.UI {
	part := func(id, label string, on *bool) app.UI {
		return app.Label().For("embed-part-"+id).Class("check").Body(
			app.Input().Type("checkbox").ID("embed-part-"+id).Checked(*on).
				OnChange(func(ctx app.Context, _ app.Event) { *on = !*on }, id),
			app.Text(" "+label),
		)
	}
	return app.FieldSet().ID("embed-parts").Body(
		app.Legend().Text(c.T("embed.dialog.parts")),
		part(embedlink.PartFlow, c.T("embed.dialog.part.flow"), &d.opts.Flow),
		part(embedlink.PartEvidence, c.T("embed.dialog.part.evidence"), &d.opts.Evidence),
	)
}

// stepEmbed is the Embed dialog of a lesson step's run with the learner's
// values, offering the step's controls to the reader; nil when the step
// runs no scenario the engine takes.
func stepEmbed(s lessons.Step, sets []string) *embedDialog {
	sc, err := s.Scenario(sets...)
	if err != nil {
		return nil
	}
	var ctls []embedlink.Control
	for _, c := range s.Controls {
		e := embedlink.Control{Path: c.Path, Step: 1}
		for _, v := range c.Values {
			e.Choices = append(e.Choices, valueText(v))
		}
		if c.Min != nil && c.Max != nil {
			e.Min, e.Max = *c.Min, *c.Max
			if c.Step != nil {
				e.Step = *c.Step
			}
		}
		if _, err := embedlink.ParseControl(e.String()); err == nil && len(ctls) < embedlink.MaxControls {
			ctls = append(ctls, e)
		}
	}
	name, value := share.Param(sc)
	return newEmbedDialog(name, value, sc.Name, ctls)
}
