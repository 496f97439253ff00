package app

import (
	"errors"
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/changes"
	"partitionlab/app/i18n"
	"partitionlab/app/share"
	"partitionlab/sim/scenario"
)

// Link parameters of the Compare page besides the two scenarios.
const (
	seedParam   = "seed" // "own": B keeps its own seed
	ownSeed     = "own"
	changeParam = "change" // B is A with this change (changes.Change.ID)
	fieldParam  = "field"  // the path=value of changes.Custom
)

// defaultChange is the alternative the page opens with when nothing says
// otherwise: the first question of most reviews, "and with more partitions?".
const defaultChange = "partitions-x2"

// comparePage is a design review: A, a scenario (by default the one last
// run on the Simulate page), against B, A with one change the reviewer
// picks or any other scenario. Both run with A's seed unless the reviewer
// says otherwise, so the differences come from the designs, not from
// chance. The differences come first, each with why; then the charts, one
// per measure with A and B on the same axes; then both editors.
type comparePage struct {
	app.Compo

	sides     [2]*editor
	views     [2]*resultView
	review    *reviewView // the differences and charts of the last two runs
	running   int         // the side the loop is running
	loop      runLoop
	sameSeed  bool
	viewCount int
	wait      debouncer
	links     [2]string // what was pasted into each side's link input
	message   string
	// change makes B from A (a changes.Change ID); "" when B is a scenario
	// of its own (a preset, a link or edited).
	change, field string
	changeErr     string
	// sweepLink is the Sweep page with A's scenario.
	sweepLink string
}

func newComparePage() *comparePage {
	a, _ := scenario.Preset(defaultPreset)
	return &comparePage{sides: [2]*editor{newEditor("a-", a), newEditor("b-", a)}, sameSeed: true, sweepLink: "/sweep"}
}

func sideName(i int) string { return string(rune('A' + i)) }

func sidePrefix(i int) string { return string(rune('a'+i)) + "." }

func (p *comparePage) OnMount(ctx app.Context) {
	ctx.Handle(actionEdited, p.onEdited)
}

// OnNav reads both scenarios and B's change from the address; without
// any, A is the scenario last run on the Simulate page (if there is one)
// and B is A with twice the partitions.
func (p *comparePage) OnNav(ctx app.Context) {
	raw := ctx.Page().URL().String()
	found := false
	for i, e := range p.sides {
		err := e.loadLink(raw, sidePrefix(i))
		switch {
		case err == nil:
			found = true
		case !errors.Is(err, share.ErrNoScenario):
			e.notice = tr().T("compare.link.unreadable", i18n.S("side", sideName(i)), i18n.S("error", fieldErrorsText(tr(), err)))
		}
	}
	p.change, p.field = "", ""
	if u, err := url.Parse(raw); err == nil {
		if v, err := url.ParseQuery(u.Fragment); err == nil {
			p.sameSeed = v.Get(seedParam) != ownSeed
			p.change, p.field = v.Get(changeParam), v.Get(fieldParam)
		}
	}
	if !found {
		var stored string
		ctx.LocalStorage().Get(storedScenario, &stored)
		if stored != "" {
			p.sides[0].loadJSON([]byte(stored))
		}
		p.change = defaultChange
	}
	p.deriveB()
	p.startRuns(ctx)
}

// deriveB makes B from A when B is A with a change; a change that cannot
// be made leaves B as it was and says why.
func (p *comparePage) deriveB() {
	p.changeErr = ""
	if p.change == "" {
		return
	}
	t := tr()
	c, ok := changes.Find(p.change)
	if !ok {
		p.changeErr = t.T("compare.change.unknown", i18n.S("change", strconv.Quote(p.change)))
		p.change = ""
		return
	}
	if c.ID == changes.Custom && p.field == "" {
		p.changeErr = t.T("compare.change.needField")
		return
	}
	b, err := changes.Apply(p.sides[0].sc, c, p.field)
	switch {
	case errors.Is(err, changes.ErrNoChange):
		what := changeLabel(t, c)
		if c.ID == changes.Custom {
			what = p.field
		}
		p.changeErr = t.T("compare.change.already", i18n.S("change", what))
		return
	case err != nil:
		p.changeErr = fieldErrorsText(t, err) // the engine's words, in the page's language
		return
	}
	p.sides[1].loadJSON(scenario.MarshalScenario(b))
}

func (p *comparePage) onEdited(ctx app.Context, a app.Action) {
	switch a.Value {
	case "b-":
		p.change, p.changeErr = "", "" // B is now a scenario of its own
	case "a-":
		p.deriveB()
	}
	p.message = ""
	p.loop.cancel()
	if !p.sides[0].valid || !p.sides[1].valid {
		p.wait.cancel()
		return
	}
	p.wait.after(ctx, p.startRuns)
}

// scenario is what side i runs: B takes A's seed when the seeds are shared.
func (p *comparePage) scenario(i int) scenario.Scenario {
	sc := p.sides[i].sc
	if i == 1 && p.sameSeed {
		sc.Seed = p.sides[0].sc.Seed
	}
	return sc
}

// startRuns runs A, then B (one run at a time: the page has one thread).
func (p *comparePage) startRuns(ctx app.Context) {
	p.writeURL()
	p.runSide(ctx, 0)
}

func (p *comparePage) runSide(ctx app.Context, i int) {
	if !p.sides[i].valid {
		return
	}
	sc := p.scenario(i)
	p.running = i
	// Compare shows each side's numbers, not its charts (its own charts
	// put A and B on the same axes): the worker draws none with a side.
	p.loop.start(ctx, sc, false, runHooks{
		result: func(ctx app.Context, j *runOutcome) {
			p.viewCount++
			p.views[i] = newResultView(sc, j.Result(), p.viewCount)
		},
		done: func(ctx app.Context, j *runOutcome) {
			if i == 0 && p.sides[1].valid {
				p.runSide(ctx, 1)
				return
			}
			if p.views[0] != nil && p.views[1] != nil {
				c := tr()
				p.review = newReviewView(c, p.views[0], p.views[1], [2]string{p.sideTitle(c, 0), p.sideTitle(c, 1)})
			}
		},
	})
}

func (p *comparePage) writeURL() {
	v := url.Values{}
	for i, e := range p.sides {
		if e.valid {
			for k, vs := range share.Values(e.sc, sidePrefix(i)) {
				v[k] = vs
			}
		}
	}
	if !p.sameSeed {
		v.Set(seedParam, ownSeed)
	}
	p.sweepLink = "/sweep"
	if a := p.sides[0]; a.valid {
		p.sweepLink = sweepHref(share.Param(a.sc))
	}
	if p.change != "" {
		v.Set(changeParam, p.change)
		if p.change == changes.Custom {
			v.Set(fieldParam, p.field)
		}
	}
	u := *app.Window().URL()
	// The address keeps the page's language, so a copied link opens in it.
	u.RawQuery, u.Fragment = langQuery(), v.Encode()
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// progress is the share of both runs done, never above 100.
func (p *comparePage) progress() int {
	return min((p.running*100+p.loop.percent())/2, 100)
}

func (p *comparePage) onSameSeed(ctx app.Context, _ app.Event) {
	p.sameSeed = ctx.JSSrc().Get("checked").Bool()
	p.onEdited(ctx, app.Action{})
}

// loadStored loads the scenario last run on the Simulate page into side i.
func (p *comparePage) loadStored(ctx app.Context, i int) bool {
	var stored string
	ctx.LocalStorage().Get(storedScenario, &stored)
	if stored == "" {
		p.message = tr().T("compare.simulate.none")
		return false
	}
	if err := p.sides[i].loadJSON([]byte(stored)); err != nil {
		p.message = fieldErrorsText(tr(), err)
		return false
	}
	return true
}

func (p *comparePage) onFromSimulate(i int) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		if p.loadStored(ctx, i) {
			p.onEdited(ctx, app.Action{Value: p.sides[i].prefix})
		}
	}
}

func (p *comparePage) onLoadLink(i int) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		raw := p.links[i]
		err := p.sides[i].loadLink(raw, "")
		if errors.Is(err, share.ErrNoScenario) {
			err = p.sides[i].loadLink(raw, sidePrefix(i))
		}
		if err != nil {
			p.message = tr().T("compare.link.notLoaded", i18n.S("side", sideName(i)), i18n.S("error", fieldErrorsText(tr(), err)))
			return
		}
		p.links[i] = ""
		p.onEdited(ctx, app.Action{Value: p.sides[i].prefix})
	}
}
