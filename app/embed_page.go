package app

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/embedlink"
	"partitionlab/app/flow"
	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/share"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// embedPath is the embed's page: a compact view of one run that other
// sites may frame (see internal/site/secure.go), and the only one.
const embedPath = "/embed"

// embedPreset is what an embed shows with no scenario in its address.
const embedPreset = "hot-customer"

// embedPage is a run inside someone else's page (an article, a course):
// the scenario of its address with the reader's values of at most three
// settings, and the numbers, charts and parts its author chose (package
// embedlink). It runs in the same engine worker as Simulate and gives the
// same digest; it draws no header, editor or lessons, and it speaks to
// its parent page only to say its height (embed_height.go).
type embedPage struct {
	app.Compo

	doc    []byte // the scenario document of the address
	name   string // its name, for the title
	opts   embedlink.Options
	values []string // the reader's value of each control
	first  []string // the address's value of each control
	notice string   // what was wrong with the address

	loop    runLoop
	wait    debouncer
	refused string // the reader's values refused before the run
	shown   *embedRun
	// docB is B's scenario when the embed shows a comparison (A is doc).
	docB     []byte
	nameB    string
	compared *embedComparison
	views    int
	height   embedHeight
	mounted  bool
}

// embedRun is a finished run and what is drawn of it.
type embedRun struct {
	sc     scenario.Scenario
	r      *sim.Result
	cards  []results.Card
	charts []namedChart
	flow   *flow.Run
	open   string // the full app on exactly this run
	ver    int
}

func newEmbedPage() *embedPage { return &embedPage{} }

// OnMount runs in the browser only: data-app-mounted then tells tests the
// embed is live, not its pre-rendered HTML.
func (p *embedPage) OnMount(ctx app.Context) {
	p.mounted = true
	setHTMLLang()
	p.height.start(ctx)
	collectWhenIdle()
}

func (p *embedPage) OnDismount() { p.height.stop() }

// OnNav reads the scenario and the options from the address and runs.
func (p *embedPage) OnNav(ctx app.Context) {
	if !app.IsClient {
		return
	}
	c := tr()
	u := ctx.Page().URL().String()
	p.notice = ""
	if p.readComparison(u) {
		p.readOptions(ctx, u)
		return
	}
	l, err := share.Parse(u, "")
	if errors.Is(err, share.ErrNoScenario) {
		l, err = share.Link{Preset: embedPreset}, nil
	}
	if err == nil && l.Preset != "" {
		l.Document, err = scenario.PresetJSON(l.Preset)
	}
	if err != nil {
		p.notice = c.T("results.link.unreadable", i18n.S("error", fieldErrorsText(c, err)))
		l.Document, _ = scenario.PresetJSON(embedPreset)
	}
	p.doc = l.Document
	p.readOptions(ctx, u)
}

// readOptions reads the embed's options from the address, with the
// reader's first values, and runs.
func (p *embedPage) readOptions(ctx app.Context, u string) {
	c := tr()
	var err error
	p.opts, err = embedlink.Parse(u)
	if err != nil {
		p.notice = embedOptionError(c, err)
		p.opts = embedlink.Default()
	}
	sc, err := scenario.ParseScenarioWithin(p.doc, nil, scenario.BrowserLimits())
	p.name = sc.Name
	ctx.Page().SetTitle(p.title(c))
	p.first = make([]string, len(p.opts.Controls))
	if err == nil {
		full := scenario.MarshalScenario(sc)
		for i, ctl := range p.opts.Controls {
			p.first[i] = valueAtPath(full, ctl.Path)
		}
	}
	p.values = slices.Clone(p.first)
	p.run(ctx)
}

// embedOptionError says in the page's language what is wrong with the
// embed's options.
func embedOptionError(c *i18n.Catalog, err error) string {
	var e *embedlink.Error
	if !errors.As(err, &e) {
		return fieldErrorsText(c, err)
	}
	return c.T("embed.error."+e.Code, i18n.S("param", e.Param), i18n.S("value", e.Value), i18n.S("allowed", e.Allowed))
}

// sets are the reader's changes, as the command line's --set writes them.
func (p *embedPage) sets() []string {
	var sets []string
	for i, ctl := range p.opts.Controls {
		if p.values[i] != p.first[i] {
			sets = append(sets, ctl.Set(p.values[i]))
		}
	}
	return sets
}

// run starts the scenario with the reader's values; a scenario the engine
// refuses (a value out of range, too much work for the browser) leaves
// the last result on screen with the reason above it.
func (p *embedPage) run(ctx app.Context) {
	if p.docB != nil {
		p.runComparison(ctx)
		return
	}
	sc, err := scenario.ParseScenarioWithin(p.doc, p.sets(), scenario.BrowserLimits())
	p.refused = ""
	if err != nil {
		p.loop.cancel()
		p.refused = fieldErrorsText(tr(), err)
		return
	}
	var charts []string
	for _, id := range p.opts.Charts {
		charts = append(charts, "chart-"+id)
	}
	p.loop.start(ctx, sc, p.opts.Flow, runHooks{
		charts: charts,
		result: func(ctx app.Context, o *runOutcome) {
			p.wait.settle()
			p.show(sc, o.Result(), o.Charts())
		},
		done: func(ctx app.Context, o *runOutcome) {
			if s := p.shown; s != nil && s.r == o.Result() && p.opts.Flow {
				s.flow = flow.New(s.r, o.Trace())
				s.ver++
			}
		},
	})
}

// show draws what the options ask for of a result, and no more: an
// embed with one chart draws one chart (or takes it from drawn, the
// engine worker's).
func (p *embedPage) show(sc scenario.Scenario, r *sim.Result, drawn givenCharts) {
	c := tr()
	p.views++
	s := &embedRun{sc: sc, r: r, ver: p.views * 1000}
	all := results.CardsIn(c, r)
	for _, id := range p.opts.Cards {
		for _, k := range all {
			if k.ID == id {
				s.cards = append(s.cards, k)
			}
		}
	}
	if len(p.opts.Charts) > 0 {
		wanted := map[string]bool{}
		for _, id := range p.opts.Charts {
			wanted["chart-"+id] = true
		}
		var specs []chartSpec
		for _, spec := range chartSpecs(c) {
			if wanted[spec.id] {
				specs = append(specs, spec)
			}
		}
		s.charts = resultCharts(r, specs, drawn)
	}
	if p.opts.Flow {
		s.flow = flow.New(r, nil)
	}
	s.open = href("/") + "#" + share.Fragment(sc, "")
	p.shown = s
}

// onControl takes a reader's new value of control i and runs it, once
// the reader pauses.
func (p *embedPage) onControl(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		v := strings.TrimSpace(ctx.JSSrc().Get("value").String())
		if v == p.values[i] {
			return
		}
		p.values[i] = v
		p.loop.cancel()
		p.wait.after(ctx, p.run)
	}
}

// valueAtPath is the value at a --set path of a scenario document, as
// --set would write it ("" when there is none).
func valueAtPath(doc []byte, path string) string {
	var node any
	dec := json.NewDecoder(strings.NewReader(string(doc)))
	dec.UseNumber()
	if dec.Decode(&node) != nil {
		return ""
	}
	for _, part := range strings.Split(path, ".") {
		switch n := node.(type) {
		case map[string]any:
			node = n[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(n) {
				return ""
			}
			node = n[i]
		default:
			return ""
		}
	}
	switch v := node.(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	case bool:
		if v {
			return "true"
		}
		return "false"
	case nil:
		return "null"
	}
	return ""
}
