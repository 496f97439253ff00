package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"partitionlab/app/share"
)

// linkTo is the Simulate page's link for a scenario document.
func linkTo(doc string) string {
	return env.baseURL + "#" + share.ScenarioParam + "=" + share.Encode([]byte(doc))
}

// Hostile links, as a design review produces them: the page stays alive,
// answers, and says what happened.
const (
	backlogDoc = `{"duration_s":3600,"workload":{"orders_per_s":20000}}`
	perKeyDoc  = `{"duration_s":3600,"workload":{"orders_per_s":3000},"consumer":{"mode":"per_key_queues","pool_threads":1,"processing_ms":500}}`
	// perKeyDoc with a consumer added late: the fields alone no longer say
	// what will wait, so the run starts, and the engine stops it.
	heldDoc    = `{"duration_s":3600,"workload":{"orders_per_s":3000},"consumer":{"mode":"per_key_queues","pool_threads":1,"processing_ms":500},"timeline":[{"at_s":3000,"action":"add_consumer"}]}`
	bombDoc    = `{"duration_s":0.001,"topic":{"partitions":10000},"workload":{"orders_per_s":1000000},"consumer":{"auto_commit_interval_ms":86400000}}`
	tooMuchDoc = `{"duration_s":86400,"topic":{"partitions":10000},"workload":{"orders_per_s":1000000}}`
)

// answers checks that the page still handles input: text typed into the
// import box (which changes no scenario) reaches the app, and the browser
// draws the next frame, within a second.
func answers(t *testing.T, ctx context.Context) {
	t.Helper()
	ms := eval[float64](t, ctx, `new Promise(resolve => {
		const el = document.getElementById("import-text"), t0 = performance.now();
		el.value = "x"; el.dispatchEvent(new Event("input", {bubbles: true}));
		requestAnimationFrame(() => resolve(performance.now() - t0)); })`, chromedp.EvalAwaitPromise)
	if ms > 1000 {
		t.Errorf("the page took %.0f ms to answer an input", ms)
	}
}

// The backlog link (consumers that cannot keep up for an hour) does not
// start by itself: it shows the estimate and waits for a click.
func TestHostileBacklogLinkWaitsForAClick(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, linkTo(backlogDoc))
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "waiting"`)
	text := eval[string](t, ctx, `document.getElementById("run-gate").textContent`)
	if !strings.Contains(text, "216 M events") {
		t.Errorf("the notice says %q; want the estimate of 216 M events", text)
	}
	if eval[bool](t, ctx, `document.getElementById("run-progress") !== null`) {
		t.Error("the backlog run started without a click")
	}
	answers(t, ctx)
}

// Too much work for a tab is refused at once, naming the fields, the
// estimate and the browser's limit; nothing runs.
func TestHostileTooMuchWorkIsRefused(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	start := time.Now()
	open(t, ctx, linkTo(tooMuchDoc))
	waitFor(t, ctx, `document.body.textContent.includes("duration_s")`)
	text := eval[string](t, ctx, `document.querySelector(".results-column").textContent + " " + document.querySelector(".editor-card").textContent`)
	for _, want := range []string{"duration_s", "events", "limit"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page does not say %q about the refused run: %q", want, text)
		}
	}
	if eval[bool](t, ctx, `document.getElementById("run-progress") !== null`) {
		t.Error("a run of 2.6e15 events started")
	}
	// The browser names its own limit, not the command line's, and the
	// results do not promise a run.
	if !strings.Contains(text, "in the browser is 2.5e8") || strings.Contains(text, "command line") {
		t.Errorf("the refusal does not name the browser's limit: %q", text)
	}
	if p := eval[string](t, ctx, `document.getElementById("results-placeholder").textContent`); !strings.Contains(p, "Nothing runs until") {
		t.Errorf("the results placeholder says %q", p)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	answers(t, ctx)
}

// A backlog of per-key queues whose threads the fields alone show cannot
// keep up (one thread at 500 ms a record against 9,000 events a second)
// would hold more events than the browser allows: it is refused at once,
// beside duration_s, in the page's language, with the rates and the
// limit, and nothing runs.
func TestHostilePerKeyBacklogIsRefusedUpFront(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	start := time.Now()
	open(t, ctx, env.baseURL+"/?lang=pt#"+share.ScenarioParam+"="+share.Encode([]byte(perKeyDoc)))
	waitFor(t, ctx, `document.body.textContent.includes("duration_s")`)
	text := eval[string](t, ctx, `document.querySelector(".results-column").textContent + " " + document.querySelector(".editor-card").textContent`)
	for _, want := range []string{"duration_s", "pelo menos 32.000.000 eventos estariam esperando", "9.000 eventos são enviados por segundo", "6 consumers × 1 threads a 500 ms", "4.194.304", "no navegador"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page does not say %q about the refused run: %q", want, text)
		}
	}
	if eval[bool](t, ctx, `document.getElementById("run-progress") !== null || document.getElementById("run-confirm") !== null`) {
		t.Error("the per-key backlog was offered a run")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	answers(t, ctx)
}

// A backlog whose memory grows with it (per-key queues, one thread that
// cannot keep up: every record waits in its key's queue), which the
// estimate cannot judge (a consumer joins later), runs after its click
// until it holds the browser's limit of events, then stops rather than
// running the worker out of memory: the page says why in its own
// language, naming duration_s and the limit, and still answers.
func TestHostileBacklogHoldingTooMuchStopsAndSaysWhy(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"/?lang=ko#"+share.ScenarioParam+"="+share.Encode([]byte(heldDoc)))
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "waiting"`)
	click(t, ctx, "#run-confirm")
	waitForOr(t, ctx, `["done", "crashed", "error", "stopped"].includes(document.getElementById("run-status").dataset.state)`,
		`document.getElementById("run-status").textContent`)
	state := eval[string](t, ctx, `document.getElementById("run-status").dataset.state`)
	text := eval[string](t, ctx, `document.getElementById("run-status").textContent`)
	if state != "stopped" {
		t.Fatalf("the run ended %s: %q; want it stopped at the browser's limit", state, text)
	}
	for _, want := range []string{"결과 없음", "duration_s", "4,194,304", "브라우저의 한도인"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page does not say %q about the stopped run: %q", want, text)
		}
	}
	answers(t, ctx)
}

// The allocation bomb either runs (the engine sizes nothing for the worst
// case) or stops the engine: then the page says so, offers to open without
// the scenario, and a reload does not run the link again.
func TestHostileAllocationBombLeavesThePageAlive(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, linkTo(bombDoc))
	waitFor(t, ctx, `["done", "crashed", "error"].includes(document.getElementById("run-status").dataset.state)`)
	state := eval[string](t, ctx, `document.getElementById("run-status").dataset.state`)
	t.Logf("the allocation bomb ended %s: %s", state, eval[string](t, ctx, `document.getElementById("run-status").textContent`))
	if state == "crashed" {
		checkCrashHandled(t, ctx)
	}
	answers(t, ctx)
}

// A worker that dies mid-run (here made to fail as a worker whose memory
// cannot grow does) leaves a page that says so; a reload of the link waits
// for a click instead of crashing again, and "Open without this scenario"
// opens the default scenario.
func TestCrashedWorkerIsSaidAndNotRunAgain(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	// The tab's first engine run fails; the ones after work.
	failOnce := `(() => {
		const Real = window.Worker;
		window.Worker = class extends Real {
			postMessage(m) {
				if (String(m).includes('"kind":"run"') && !sessionStorage.getItem("test-failed")) {
					sessionStorage.setItem("test-failed", "1");
					this.terminate();
					setTimeout(() => this.onerror(Object.assign(new Event("error"),
						{message: "Uncaught RangeError: WebAssembly.Memory.grow(): Maximum memory size exceeded"})));
					return;
				}
				super.postMessage(m);
			}
		};
	})()`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: failOnce}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, linkTo(`{"seed":5}`))
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "crashed"`)
	if text := eval[string](t, ctx, `document.getElementById("run-crashed").textContent`); !strings.Contains(text, "Maximum memory size exceeded") {
		t.Errorf("the crash notice says %q; want the worker's error", text)
	}
	checkCrashHandled(t, ctx)
}

// checkCrashHandled: the page says the engine stopped and answers; a reload
// of the link does not run it; "Open without this scenario" opens the
// default scenario, which runs.
func checkCrashHandled(t *testing.T, ctx context.Context) {
	t.Helper()
	if text := eval[string](t, ctx, `document.getElementById("run-crashed").textContent`); !strings.Contains(text, "engine stopped") {
		t.Errorf("the crash notice says %q", text)
	}
	answers(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.getElementById("run-status").dataset.state === "waiting"`)
	if kind := eval[string](t, ctx, `document.getElementById("run-gate").dataset.kind`); kind != "crashed" {
		t.Errorf("after a reload the notice is %q; want the crash", kind)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("open-without"))); err != nil {
		t.Fatal(err)
	}
	// A new page loads: wait for it before asking it anything.
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS("[data-app-mounted]"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done" && !location.href.includes("#s=")`)
}
