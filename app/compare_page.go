package app

import (
	"errors"
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/share"
	"partitionlab/sim"
)

// Link parameters of the Compare page besides the two scenarios.
const (
	seedParam = "seed" // "own": B keeps its own seed
	ownSeed   = "own"
)

// comparePage runs two scenarios, A and B, and shows their headline
// numbers side by side with the differences, and their charts in pairs.
// Both run with A's seed unless the person says otherwise, so the
// differences come from the designs, not from chance.
type comparePage struct {
	app.Compo

	sides    [2]*editor
	views    [2]*resultView
	running  int // the side the loop is running
	loop     runLoop
	sameSeed bool
	nviews   int
	wait     debouncer
	links    [2]string // what was pasted into each side's link input
	message  string
}

func newComparePage() *comparePage {
	a, _ := sim.Preset("thread-pool")
	b, _ := sim.Preset("per-key-queues")
	return &comparePage{sides: [2]*editor{newEditor("a-", a), newEditor("b-", b)}, sameSeed: true}
}

func sideName(i int) string { return string(rune('A' + i)) }

func sidePrefix(i int) string { return string(rune('a'+i)) + "." }

func (p *comparePage) OnMount(ctx app.Context) {
	ctx.Handle(actionEdited, p.onEdited)
}

// OnNav reads both scenarios from the address; without any, A is the
// scenario last run on the Simulate page (if there is one) and B a copy.
func (p *comparePage) OnNav(ctx app.Context) {
	raw := ctx.Page().URL().String()
	found := false
	for i, e := range p.sides {
		err := e.loadLink(raw, sidePrefix(i))
		switch {
		case err == nil:
			found = true
		case !errors.Is(err, share.ErrNoScenario):
			e.notice = "The link's scenario " + sideName(i) + " could not be read: " + err.Error()
		}
	}
	if u, err := url.Parse(raw); err == nil {
		if v, err := url.ParseQuery(u.Fragment); err == nil {
			p.sameSeed = v.Get(seedParam) != ownSeed
		}
	}
	if !found {
		var stored string
		ctx.LocalStorage().Get(storedScenario, &stored)
		if stored != "" && p.sides[0].loadJSON([]byte(stored)) == nil {
			p.sides[1].loadJSON([]byte(stored))
		}
	}
	p.startRuns(ctx)
}

func (p *comparePage) onEdited(ctx app.Context, _ app.Action) {
	p.message = ""
	p.loop.cancel()
	if !p.sides[0].valid || !p.sides[1].valid {
		p.wait.cancel()
		return
	}
	p.wait.after(ctx, p.startRuns)
}

// scenario is what side i runs: B takes A's seed when the seeds are shared.
func (p *comparePage) scenario(i int) sim.Scenario {
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
	p.loop.start(ctx, sc, false, runHooks{
		result: func(ctx app.Context, j *runOutcome) {
			p.nviews++
			p.views[i] = newResultView(sc, j.Result(), p.nviews)
		},
		done: func(ctx app.Context, j *runOutcome) {
			if i == 0 {
				p.runSide(ctx, 1)
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
	u := *app.Window().URL()
	u.RawQuery, u.Fragment = "", v.Encode()
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

func (p *comparePage) onFromSimulate(i int) app.EventHandler {
	return func(ctx app.Context, _ app.Event) {
		var stored string
		ctx.LocalStorage().Get(storedScenario, &stored)
		if stored == "" {
			p.message = "Nothing has run on the Simulate page in this browser yet."
			return
		}
		if err := p.sides[i].loadJSON([]byte(stored)); err != nil {
			p.message = err.Error()
			return
		}
		p.onEdited(ctx, app.Action{})
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
			p.message = "Scenario " + sideName(i) + " not loaded: " + err.Error()
			return
		}
		p.links[i] = ""
		p.onEdited(ctx, app.Action{})
	}
}

func (p *comparePage) renderStatus() app.UI {
	l := &p.loop
	state, text := "done", "Both scenarios ran."
	switch {
	case l.err != "":
		state, text = "error", "A run could not start: "+l.err
	case l.running:
		state, text = "running", "Running "+sideName(p.running)+"… "+strconv.Itoa(p.progress())+" %"
	case !p.sides[0].valid || !p.sides[1].valid:
		state, text = "invalid", "Fix the marked values to compare again; the results below are from the last valid scenarios."
	}
	return app.Div().ID("run-status").Class("run-status").DataSet("state", state).Aria("live", "polite").Body(
		app.If(l.running, app.Progress().ID("run-progress").Max(100).Value(p.progress()).Aria("label", "Progress of the runs")),
		app.Span().Class("progress-text").Text(text),
		app.If(l.running, app.Button().Type("button").ID("cancel-run").Text("Cancel").
			OnClick(func(ctx app.Context, _ app.Event) { p.loop.cancel(); p.wait.cancel() })),
		l.renderNotice(),
	)
}
