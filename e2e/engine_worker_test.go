package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
)

// dyingOnDraw replaces the page's Worker: the first deaths workers die
// (as one out of memory does: terminated, then an error event) when they
// are asked for a chart, with the chart on its way; window.workersStarted
// counts the workers the page started.
func dyingOnDraw(deaths int) string {
	return `(() => {
		const Real = window.Worker;
		let died = 0;
		window.workersStarted = 0;
		window.Worker = class extends Real {
			constructor(...args) {
				super(...args);
				window.workersStarted++;
				this.dead = false;
			}
			postMessage(m) {
				if (this.dead) return;
				if (String(m).includes('"kind":"draw"') && died < ` + strconv.Itoa(deaths) + `) {
					died++;
					this.dead = true;
					this.terminate();
					setTimeout(() => this.onerror(Object.assign(new Event("error"), {message: "the test's worker died drawing"})));
					return;
				}
				super.postMessage(m);
			}
		};
	})()`
}

// A worker that dies with charts on their way (web/engine.js answers them
// with why, to be asked again): a fresh worker draws them, and the
// Compare page shows every chart, none with an error.
func TestChartsAskedOfADeadWorkerAreDrawnByTheNext(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: dyingOnDraw(1)}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+"compare")
	waitForOr(t, ctx, `document.querySelectorAll("#compare-charts svg").length >= 3 && document.querySelectorAll("#compare-charts [data-pending]").length === 0`,
		`(document.getElementById("compare-charts") || {innerText: "no charts"}).innerText`)
	if n := eval[int](t, ctx, `window.workersStarted`); n < 2 {
		t.Errorf("%d workers started; the charts were drawn without the first one dying", n)
	}
	if text := eval[string](t, ctx, `document.getElementById("compare-charts").innerText`); strings.Contains(text, "engine stopped") || strings.Contains(text, "worker") {
		t.Errorf("the charts, drawn again, still say %q", text)
	}
}

// A chart that kills every worker it is asked of is asked twice, not
// forever: it then says the engine stopped.
func TestAChartThatKillsEveryWorkerSaysSo(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: dyingOnDraw(1000)}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+"compare")
	en := i18n.For(i18n.English)
	want := strings.Replace(en.T("engine.stopped"), "{why}", en.T("engine.workerFailed"), 1)
	waitFor(t, ctx, `document.getElementById("compare-charts") !== null && document.getElementById("compare-charts").innerText.includes(`+js(want)+`)`)
	before := eval[int](t, ctx, `window.workersStarted`)
	// Nothing asks again: no worker is started for a second.
	time.Sleep(time.Second)
	if after := eval[int](t, ctx, `window.workersStarted`); after != before || before > 4 {
		t.Errorf("%d workers started, then %d a second later: the chart is asked again and again", before, after)
	}
}
