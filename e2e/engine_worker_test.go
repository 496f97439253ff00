package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
)

// dyingOnDraw replaces the page's Worker: the first deaths workers die
// (as one out of memory does: terminated, then an error event) when they
// are asked for one of the Compare page's charts, with the chart on its
// way; window.workersStarted counts the workers the page started. Those
// charts are asked once both runs are done, so no run dies with them. As
// in a browser, a worker the page has ended sends no error after.
func dyingOnDraw(deaths int) string {
	return `(() => {
		const Real = window.Worker;
		let died = 0;
		window.workersStarted = 0;
		window.Worker = class extends Real {
			constructor(...args) {
				super(...args);
				window.workersStarted++;
			}
			postMessage(m) {
				if (this.dead) return;
				if (String(m).includes('"kind":"draw"') && String(m).includes('"kind":"compare-') && died < ` + strconv.Itoa(deaths) + `) {
					died++;
					this.dead = true;
					super.terminate();
					setTimeout(() => this.endedByPage || this.onerror(Object.assign(new Event("error"), {message: "the test's worker died drawing"})));
					return;
				}
				super.postMessage(m);
			}
			// A worker the page ends sends nothing more, its error included.
			terminate() {
				this.endedByPage = true;
				super.terminate();
			}
		};
	})()`
}

// compareWithDyingWorkers opens the Compare page in a fresh tab whose
// first deaths workers die drawing (dyingOnDraw).
func compareWithDyingWorkers(t *testing.T, deaths int) context.Context {
	t.Helper()
	return openWithWorker(t, dyingOnDraw(deaths), "compare")
}

// openWithWorker opens path in a fresh tab (its own browser context) whose
// pages first run script, which replaces their Worker.
func openWithWorker(t *testing.T, script, path string) context.Context {
	t.Helper()
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+path)
	return ctx
}

// A worker that dies with charts on their way (web/engine.js answers them
// with why, to be asked again): a fresh worker draws them, and the
// Compare page shows every chart, none with an error.
func TestChartsAskedOfADeadWorkerAreDrawnByTheNext(t *testing.T) {
	ctx := compareWithDyingWorkers(t, 1)
	en := i18n.For(i18n.English)
	waitForOr(t, ctx, `document.querySelectorAll("#compare-charts svg").length >= 3 && document.querySelectorAll("#compare-charts [data-pending]").length === 0`,
		`(document.getElementById("compare-charts") || {innerText: "no charts"}).innerText`)
	if n := eval[int](t, ctx, `window.workersStarted`); n < 2 {
		t.Errorf("%d workers started; the charts were drawn without the first one dying", n)
	}
	if text := eval[string](t, ctx, `document.getElementById("compare-charts").innerText`); strings.Contains(text, en.T("engine.workerFailed")) || strings.Contains(text, "engine stopped") {
		t.Errorf("the charts, drawn again, still say %q", text)
	}
}

// A chart that kills every worker it is asked of is asked twice, not
// forever: it then says the engine stopped.
func TestAChartThatKillsEveryWorkerSaysSo(t *testing.T) {
	ctx := compareWithDyingWorkers(t, 1000)
	en := i18n.For(i18n.English)
	want := strings.Replace(en.T("engine.stopped"), "{why}", en.T("engine.workerFailed"), 1)
	waitForOr(t, ctx, `document.getElementById("compare-charts") !== null && document.getElementById("compare-charts").innerText.includes(`+js(want)+`)`,
		`JSON.stringify({workers: window.workersStarted, charts: (document.getElementById("compare-charts") || {}).outerHTML, text: document.body.innerText.slice(0, 2500)})`)
	before := eval[int](t, ctx, `window.workersStarted`)
	// Nothing asks again: no worker is started for a second.
	time.Sleep(time.Second)
	if after := eval[int](t, ctx, `window.workersStarted`); after != before || before > 4 {
		t.Errorf("%d workers started, then %d a second later: the chart is asked again and again", before, after)
	}
}

// crashingAfterEnd replaces the page's Worker: a worker the page ends
// (web/engine.js's restart, as Cancel does) sends an error event after it,
// as a worker already dying when the page ended it could have queued one;
// window.workersStarted counts the workers the page started.
const crashingAfterEnd = `(() => {
	const Real = window.Worker;
	window.workersStarted = 0;
	window.Worker = class extends Real {
		constructor(...args) {
			super(...args);
			window.workersStarted++;
		}
		terminate() {
			super.terminate();
			setTimeout(() => this.onerror(Object.assign(new Event("error"), {message: "the test's ended worker crashed"})));
		}
	};
})()`

// A crash from a worker the page has already replaced is not the engine's
// crash: it neither ends the run in flight nor starts another worker (each
// would be ended in turn, and crash again).
func TestACrashFromAReplacedWorkerIsIgnored(t *testing.T) {
	ctx := openWithWorker(t, crashingAfterEnd, "")
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	setField(t, ctx, field("duration_s"), "3000", "input")
	waitFor(t, ctx, `document.getElementById("run-confirm") !== null`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("run-confirm"))); err != nil {
		t.Fatal(err)
	}
	// A run cancelled after runner.RestartAfter goes with its worker, which
	// the page ends and replaces (a younger one is asked to stop).
	waitFor(t, ctx, `/s simulated: .* events sent/.test(document.getElementById("run-partial").textContent)`)
	time.Sleep(runner.RestartAfter)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("cancel-run"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "cancelled"`)
	// Cancel ended the first worker and started a second; the first's crash
	// comes after.
	setField(t, ctx, field("duration_s"), "30", "input")
	waitForOr(t, ctx, `document.getElementById("run-status").dataset.state === "done"`,
		`JSON.stringify({state: document.getElementById("run-status").dataset.state, workers: window.workersStarted, status: document.getElementById("run-status").innerText})`)
	time.Sleep(time.Second)
	if n, state := eval[int](t, ctx, `window.workersStarted`), eval[string](t, ctx, `document.getElementById("run-status").dataset.state`); n != 2 || state != "done" {
		t.Errorf("after a cancelled run and a finished one: %d workers started (want 2), the run's state %q (want done)", n, state)
	}
}
