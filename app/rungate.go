package app

import (
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/sim/scenario"
)

// A run waits for a click when it would take more than gateSeconds here,
// by the engine's estimate of its work (scenario.EstimateWork) and this
// browser's measured speed, or when it stopped the engine (or the page)
// the last time.
const (
	gateSeconds = 3.0
	// minSpeedSample is the engine time a run needs to teach the speed:
	// shorter runs are mostly setting up.
	minSpeedSample = 200.0 // ms
)

// Storage keys: the crashes survive in the browser; the run in flight is
// kept per tab, so a reload of a tab whose page died mid-run knows.
const (
	crashedKey  = "partitionlab.crashed"
	inFlightKey = "partitionlab.in-flight"    // web/engine.js clears it when the page goes away normally
	speedKey    = "partitionlab.engine-speed" // events per second
	maxCrashes  = 20
)

// runGate is a run held back until the person clicks.
type runGate struct {
	sc     scenario.Scenario
	traced bool
	h      runHooks
	key    string
	// work and limits give the estimate; crashed is why the run stopped
	// the engine before, if it did.
	work    scenario.Work
	limits  scenario.Limits
	crashed string
}

// newRunGate returns the gate sc must wait behind, or nil to run at once.
func newRunGate(ctx app.Context, sc scenario.Scenario, traced bool, h runHooks) *runGate {
	g := &runGate{sc: sc, traced: traced, h: h, key: runKeyOf(sc), work: scenario.EstimateWork(sc), limits: browserLimits(ctx)}
	if g.crashed = crashedBefore(ctx, g.key); g.crashed != "" || g.work.Seconds(g.limits) > gateSeconds {
		return g
	}
	return nil
}

// confirm starts the run waiting behind the gate.
func (l *runLoop) confirm(ctx app.Context) {
	g := l.gate
	if g == nil {
		return
	}
	l.gate = nil
	forgetCrash(ctx, g.key)
	l.send(ctx, g.sc, g.traced, g.h)
}

// runKeyOf names a scenario in the browser's storage: a hash of its
// complete document.
func runKeyOf(sc scenario.Scenario) string {
	h := fnv.New64a()
	h.Write(scenario.MarshalScenario(sc))
	return strconv.FormatUint(h.Sum64(), 36)
}

// crash is one scenario that stopped the engine.
type crash struct {
	Key string `json:"key"`
	Why string `json:"why"`
}

func crashes(ctx app.Context) []crash {
	var list []crash
	ctx.LocalStorage().Get(crashedKey, &list)
	return list
}

// crashedBefore says why sc's run stopped the engine before, or "" if it
// did not. A run still in flight when this tab's previous page died (a
// crash of the whole page: a normal unload clears the mark) counts too.
func crashedBefore(ctx app.Context, key string) string {
	for _, c := range crashes(ctx) {
		if c.Key == key {
			return c.Why
		}
	}
	var f inFlight
	ctx.SessionStorage().Get(inFlightKey, &f)
	if f.Key == key && f.Load != pageLoad() {
		return pageStopped
	}
	return ""
}

// pageStopped is the crash of a run whose page died: said in the reader's
// language when shown (the others are the browser's own words).
const pageStopped = "the page stopped before this run ended"

// workerFailed and exitStatus are the crashes web/engine.js and
// web/engine-worker.js report in their own words.
const workerFailed = "the engine's worker failed"

// exitStatus reads why, if it is web/engine.js's "the engine stopped (exit
// status 2)", into the code and what follows it on the same line.
//
// Hand-written, not a regexp: the pages' WebAssembly modules link no
// regexp (with go-app's router, it was about 77 kB of app.wasm with
// brotli; internal/archtest checks it).
func exitStatus(why string) (code, rest string, ok bool) {
	after, ok := strings.CutPrefix(why, "the engine stopped (exit status ")
	if !ok {
		return "", "", false
	}
	code, rest, closed := strings.Cut(after, ")")
	if !closed || !onlyDigits(strings.TrimPrefix(code, "-")) || strings.Contains(rest, "\n") {
		return "", "", false
	}
	return code, rest, true
}

// crashWords is why a run stopped the engine, in c's language where the
// words are the app's own.
func crashWords(c *i18n.Catalog, why string) string {
	if why == pageStopped {
		return c.T("results.crash.pageStopped")
	}
	// The worker's own words (web/engine.js, web/engine-worker.js); Go's
	// runtime messages after them ("fatal error: out of memory") stay as
	// the runtime writes them.
	if why == workerFailed {
		return c.T("engine.workerFailed")
	}
	if code, rest, ok := exitStatus(why); ok {
		return c.T("engine.exitStatus", i18n.S("code", code)) + rest
	}
	return why
}

func rememberCrash(ctx app.Context, key, why string) {
	list := append([]crash{{Key: key, Why: why}}, crashes(ctx)...)
	ctx.LocalStorage().Set(crashedKey, list[:min(len(list), maxCrashes)])
}

func forgetCrash(ctx app.Context, key string) {
	var kept []crash
	for _, c := range crashes(ctx) {
		if c.Key != key {
			kept = append(kept, c)
		}
	}
	ctx.LocalStorage().Set(crashedKey, kept)
	ctx.SessionStorage().Del(inFlightKey)
}

// inFlight is the run this tab has in flight, and which page load sent it.
type inFlight struct {
	Key  string `json:"key"`
	Load string `json:"load"`
}

// pageLoad names this page load (web/engine.js sets it).
func pageLoad() string {
	if e := engine(); e.Truthy() {
		return e.Get("load").String()
	}
	return ""
}

func markInFlight(ctx app.Context, key string) {
	ctx.SessionStorage().Set(inFlightKey, inFlight{Key: key, Load: pageLoad()})
}

func clearInFlight(ctx app.Context) { ctx.SessionStorage().Del(inFlightKey) }

// browserLimits are the engine's limits in the browser, with the speed
// this browser has measured, once it has.
func browserLimits(ctx app.Context) scenario.Limits {
	l := scenario.BrowserLimits()
	var s float64
	ctx.LocalStorage().Get(speedKey, &s)
	if s > 0 {
		l.EventsPerS = s
	}
	return l
}

// learnSpeed keeps the speed of a run long enough to say, averaged with
// what was known.
func learnSpeed(ctx app.Context, events int64, engineMs float64) {
	if engineMs < minSpeedSample || events <= 0 {
		return
	}
	s := float64(events) / (engineMs / 1000)
	var old float64
	ctx.LocalStorage().Get(speedKey, &old)
	if old > 0 {
		s = (old + s) / 2
	}
	ctx.LocalStorage().Set(speedKey, s)
}

// estimateText is the estimate as a person reads it in c's language:
// "about 54 M events, about 20 s here" (scenario.Work.Summary's words).
func (g *runGate) estimateText(c *i18n.Catalog) string {
	l, w := c.Lang(), g.work
	var time string
	switch s := w.Seconds(g.limits); {
	case s < 1:
		time = c.T("results.gate.underASecond")
	case s < 120:
		time = c.T("results.gate.aboutSeconds", i18n.S("seconds", l.Float(s, 0)))
	default:
		time = c.T("results.gate.aboutMinutes", i18n.S("minutes", l.Float(s/60, 0)))
	}
	events := i18n.S("events", results.CompactIn(l, w.Events))
	if w.Assignment >= g.limits.AssignmentPerS/10 {
		return c.T("results.gate.estimateWithSteps", events, i18n.S("steps", results.CompactIn(l, w.Assignment)), i18n.S("time", time))
	}
	return c.T("results.gate.estimate", events, i18n.S("time", time))
}

// partialText is the run so far, for the progress line of a long run.
func (l *runLoop) partialText(c *i18n.Catalog) string {
	p := l.client.Partial()
	if p == nil {
		return ""
	}
	lang := c.Lang()
	return c.T("results.progress.partial", i18n.S("simulated", lang.Float(p.SimulatedS, 1)),
		i18n.S("sent", results.CompactIn(lang, float64(p.EventsProduced))),
		i18n.S("processed", results.CompactIn(lang, float64(p.EventsProcessed))),
		i18n.S("violations", results.CountIn(lang, p.OrderViolations)))
}

// renderNotice is what a view shows about a run that waits for a click or
// stopped the engine; nothing otherwise.
func (l *runLoop) renderNotice() app.UI {
	c := tr()
	openWithout := app.Button().Type("button").ID("open-without").Text(c.T("results.gate.openWithout")).
		OnClick(func(app.Context, app.Event) {
			// A fresh page, not go-app's navigation: the editor must not
			// keep the scenario.
			app.Window().Get("location").Call("assign", app.Window().URL().Path)
		})
	switch g := l.gate; {
	case g != nil && g.crashed != "":
		return app.Div().ID("run-gate").Class("run-notice").DataSet("kind", "crashed").Body(
			app.P().Text(c.T("results.gate.crashedBefore", i18n.S("why", crashWords(c, g.crashed)), i18n.S("estimate", g.estimateText(c)))),
			app.Button().Type("button").ID("run-confirm").Text(c.T("results.gate.runAnyway")).OnClick(func(ctx app.Context, _ app.Event) { l.confirm(ctx) }),
			openWithout,
		)
	case g != nil:
		return app.Div().ID("run-gate").Class("run-notice").DataSet("kind", "long").Body(
			app.P().Text(c.T("results.gate.long", i18n.S("estimate", g.estimateText(c)))),
			app.Button().Type("button").ID("run-confirm").Text(c.T("results.gate.run")).OnClick(func(ctx app.Context, _ app.Event) { l.confirm(ctx) }),
		)
	case l.crashed != "":
		return app.Div().ID("run-crashed").Class("run-notice").DataSet("kind", "crashed").Body(
			app.P().Text(c.T("results.gate.crashed", i18n.S("why", crashWords(c, l.crashed)))),
			openWithout,
		)
	}
	return app.Text("")
}
