package app

import (
	"encoding/json"
	"errors"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/runner"
	"partitionlab/app/share"
	"partitionlab/app/sweepclient"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// sweepPage is the trade-off sweep: one scenario (the Simulate page's, a
// preset or a link's) run over one or two settings, each point with one
// or more seeds, in a Web Worker per core; the frontier of balance
// against ordering is drawn as the points arrive, with the points that
// meet the requirements and the cheapest of them. The work lives in
// sim/sweep and app/sweepclient; this file holds the page's state.
type sweepPage struct {
	app.Compo

	sc     scenario.Scenario // the scenario the sweep starts from
	notice string            // what went wrong reading the address, if anything
	form   sweepForm
	// errs are the form's errors by field (sweepclient's field names);
	// problems the sweep's own (its points, its work).
	errs     map[string]string
	problems []string
	plan     *sweep.Plan
	// gated says the sweep waits for a click (it is long); estimate says
	// how long.
	gated    bool
	estimate string
	wait     debouncer
	run      sweepRun
	out      *sweepOutcome
	// gridWord is the measure a two-setting grid is coloured by.
	gridWord string
	// scDoc and scValues are sc's document and link parameters, made
	// once per scenario (nil until then).
	scDoc    json.RawMessage
	scValues url.Values
	// bar is the progress, redrawn alone as runs come in (the one
	// mounted); drawings counts the page's drawings.
	bar      *sweepProgress
	drawings int
	// pointsRev and chartsRev count the changes of the points' table and
	// of the charts, each a component drawn again only when its count
	// moves (not with the progress, nor the table with each chart);
	// charts is the charts' component mounted.
	pointsRev, chartsRev int
	charts               *sweepCharts
}

func newSweepPage() *sweepPage {
	sc, _ := scenario.Preset(defaultPreset)
	return &sweepPage{sc: sc, form: defaultSweepForm(), gridWord: "load"}
}

// OnNav reads the sweep from the address; without a scenario there, it
// starts from the one last run on the Simulate page, else the default.
func (p *sweepPage) OnNav(ctx app.Context) {
	p.notice, p.scDoc, p.scValues = "", nil, nil
	link, f, err := sweepclient.Parse(ctx.Page().URL().String())
	switch {
	case errors.Is(err, share.ErrNoScenario):
		var stored string
		ctx.LocalStorage().Get(storedScenario, &stored)
		if sc, err := scenario.ParseScenario([]byte(stored)); stored != "" && err == nil {
			p.sc = sc
		}
	case err != nil:
		p.notice = tr().T("sweep.link.unreadable", i18n.S("error", fieldErrorsText(tr(), err)))
	case link.Preset != "":
		if sc, err := scenario.Preset(link.Preset); err == nil {
			p.sc = sc
		} else {
			p.notice = tr().T("sweep.link.unreadable", i18n.S("error", fieldErrorsText(tr(), err)))
		}
	default:
		if sc, err := scenario.ParseScenario(link.Document); err == nil {
			p.sc = sc
		} else {
			p.notice = tr().T("sweep.link.unreadable", i18n.S("error", fieldErrorsText(tr(), err)))
		}
	}
	if len(f.Vary) > 0 {
		p.form = formOf(f)
	}
	p.check(ctx, true)
}

func (p *sweepPage) OnDismount() { p.run.stop() }

// check reads the form and writes the address, then has a worker check
// the sweep (its points' scenarios and work): planned hears the answer.
// The page's thread never parses a point.
func (p *sweepPage) check(ctx app.Context, now bool) {
	p.run.cancel()
	p.wait.cancel()
	p.plan, p.problems, p.gated, p.estimate = nil, nil, false, ""
	if p.out != nil && p.out.final {
		o := *p.out // a new sweep takes the last one's "final" mark away
		o.final = false
		p.out = &o
		// The charts stay as they are until the new sweep's first
		// points replace them: drawing the live scatter over them here
		// made the edit itself slow.
	}
	f := p.form.form()
	def, errs := f.Definition(p.doc())
	p.errs = map[string]string{}
	for _, e := range errs {
		p.errs[e.Field] = formErrorText(tr(), e)
	}
	p.writeURL(f)
	if len(errs) > 0 {
		return
	}
	p.run.check(ctx, def, sweepclient.Workers(cores(), runsOf(def)), func(ctx app.Context, rep runner.Reply) {
		p.planned(ctx, def, rep, now)
	})
}

// planned takes the worker's check of def: the problems, or the plan,
// its estimate, and the sweep started (at once when now, else after the
// edits pause); a long one waits for a click.
func (p *sweepPage) planned(ctx app.Context, def sweep.Definition, rep runner.Reply, now bool) {
	if len(rep.Problems) > 0 || rep.Checked == nil {
		p.problems = rep.Problems
		return
	}
	plan, err := sweep.NewCheckedPlan(def, scenario.BrowserLimits(), *rep.Checked)
	if err != nil {
		p.problems = sweepclient.Problems(err)
		return
	}
	p.plan = plan
	workers := sweepclient.Workers(cores(), plan.Runs())
	secs := plan.Work.Seconds(browserLimits(ctx)) / float64(max(workers, 1))
	p.estimate = sweepEstimate(tr(), plan, workers, secs)
	if secs > gateSeconds {
		p.gated = true
		return
	}
	if now {
		p.start(ctx)
		return
	}
	p.wait.after(ctx, p.start)
}

// runsOf is how many runs def makes, before it is checked.
func runsOf(def sweep.Definition) int {
	n := def.Seeds
	for _, a := range def.Vary {
		n *= len(a.Values)
	}
	return n
}

// doc is the sweep's scenario document, made once per scenario.
func (p *sweepPage) doc() json.RawMessage {
	if p.scDoc == nil {
		p.scDoc = scenario.MarshalScenario(p.sc)
	}
	return p.scDoc
}

// start runs the plan in the workers.
func (p *sweepPage) start(ctx app.Context) {
	if p.plan == nil {
		return
	}
	p.gated = false
	p.run.progressed = func() {
		if p.bar != nil {
			p.bar.Update()
		}
	}
	p.run.start(ctx, p.plan, func(ctx app.Context, s *sweep.Sweep, final bool) {
		p.out = newSweepOutcome(s, final)
		p.pointsRev++
		p.chartsRev++
		if final {
			p.wait.settle()
			p.drawFinal(ctx, p.out)
		}
	})
}

// writeURL keeps the sweep in the address, so a reload or a copied link
// gives the same picture. The scenario's part (a compression) is made
// once per scenario.
func (p *sweepPage) writeURL(f sweepclient.Form) {
	if p.scValues == nil {
		p.scValues = share.Values(p.sc, "")
	}
	u := *app.Window().URL()
	u.RawQuery, u.Fragment = langQuery(), sweepclient.FragmentWith(p.scValues, f)
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// cores is how many cores the browser says it has (0 when it says
// nothing).
func cores() int {
	n := app.Window().Get("navigator").Get("hardwareConcurrency")
	if !n.Truthy() {
		return 0
	}
	return n.Int()
}

// sweepEstimate says a sweep's size and time: "24 runs, about 6.1 M
// events, about 2 s here on 2 workers".
func sweepEstimate(c *i18n.Catalog, plan *sweep.Plan, workers int, secs float64) string {
	l := c.Lang()
	var t string
	switch {
	case secs < 1:
		t = c.T("results.gate.underASecond")
	case secs < 120:
		t = c.T("results.gate.aboutSeconds", i18n.S("seconds", l.Float(secs, 0)))
	default:
		t = c.T("results.gate.aboutMinutes", i18n.S("minutes", l.Float(secs/60, 0)))
	}
	return c.T("sweep.estimate", i18n.S("runs", strconv.Itoa(plan.Runs())), i18n.S("events", results.CompactIn(l, plan.Work.Events)),
		i18n.S("time", t), i18n.S("workers", l.Float(float64(workers), 0)))
}

// sweepRedrawEvery is how often the page is drawn again while the points
// arrive, with the live scatter and the table (each reply moves the
// progress, drawn alone).
const sweepRedrawEvery = 400 * time.Millisecond

// drawn counts a drawing of the page (Render calls it once).
func (p *sweepPage) drawn() int {
	p.drawings++
	return p.drawings
}

func (p *sweepPage) Render() app.UI {
	c := tr()
	return layout("sweep",
		app.H1().Text(c.T("sweep.title")),
		app.P().Class("lead").Text(c.T("sweep.lead")),
		app.If(p.notice != "", app.P().Class("error").Attr("role", "alert").Text(p.notice)),
		p.renderForm(c),
		p.renderRun(c),
		p.renderOutcome(c),
	)
}

// formErrorText says a form's error in the page's language: the page's
// own problems from the catalog, a setting's values or a requirement in
// the library's words (they quote what was typed and the forms allowed).
func formErrorText(c *i18n.Catalog, e sweepclient.FieldError) string {
	switch e.Code {
	case sweepclient.CodeSpec, sweepclient.CodeRequire:
		return c.T("sweep.error."+e.Code, i18n.S("error", e.Message))
	}
	var args []i18n.Arg
	for _, k := range slices.Sorted(maps.Keys(e.Args)) {
		args = append(args, i18n.S(k, e.Args[k]))
	}
	return c.T("sweep.error."+e.Code, args...)
}
