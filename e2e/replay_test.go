package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/sim"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// A value changed and changed back shows the run made before at once, from
// the page, without asking the engine: the same result (the command line's
// digest), its charts and its violation timeline.
func TestAValueChangedBackShowsItsRunAgainWithoutTheEngine(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"#preset=retry-topic")
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	// The runs the page posts to the engine's worker, counted.
	eval[bool](t, ctx, `(() => {
		const e = window.partitionlabEngine, post = e.post;
		window.runsPosted = 0;
		e.post = function (r) { if (JSON.parse(r).kind === "run") window.runsPosted++; return post.apply(this, arguments); };
		return true; })()`)
	changeSeed(t, ctx, 2)
	first := shownRun(t, ctx)
	changeSeed(t, ctx, 3)
	if n := eval[int](t, ctx, `window.runsPosted`); n != 2 {
		t.Fatalf("two new seeds posted %d runs to the engine", n)
	}
	if first.Replayed {
		t.Error("a seed never run before was shown as given back")
	}
	changeSeed(t, ctx, 2)
	again := shownRun(t, ctx)
	if n := eval[int](t, ctx, `window.runsPosted`); n != 2 {
		t.Errorf("the seed changed back posted a run to the engine (%d runs in all)", n)
	}
	if !again.Replayed {
		t.Error("run-status does not say the run was given back")
	}
	out, err := exec.Command(env.bin, "simulate", "--preset", "retry-topic", "--set", "seed=2", "--json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var want sim.Result
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	if again.Digest != want.Digest || first.Digest != want.Digest {
		t.Errorf("digest %s, then %s given back; the command line's %s", first.Digest, again.Digest, want.Digest)
	}
	if again.Charts != first.Charts || again.Charts == 0 {
		t.Errorf("%d charts drawn given back, %d the first time", again.Charts, first.Charts)
	}
	if again.Timeline == "" || again.Timeline != first.Timeline {
		t.Errorf("the violation timeline given back differs from the first (%d and %d bytes of SVG)", len(again.Timeline), len(first.Timeline))
	}
}

// shownRunState is what the Simulate page shows of the run on screen.
type shownRunState struct {
	Digest   string `json:"digest"`
	Replayed bool   `json:"replayed"`
	Charts   int    `json:"charts"`
	Timeline string `json:"timeline"`
}

// shownRun waits for the run's trace and every chart, then reads them.

func shownRun(t *testing.T, ctx context.Context) shownRunState {
	t.Helper()
	waitFor(t, ctx, `(document.getElementById("trace-status") || {dataset: {}}).dataset.traced === "true"`)
	waitDrawn(t, ctx, "#results", 2)
	return eval[shownRunState](t, ctx, `({
		digest: document.getElementById("results").dataset.digest,
		replayed: document.getElementById("run-status").dataset.replayed === "true",
		charts: document.querySelectorAll("#results figure svg").length,
		timeline: (document.querySelector(".violation-chart svg") || {outerHTML: ""}).outerHTML,
	})`)
}

// recordRuns keeps, in window.runsPosted and window.runsDone, the ids of
// the runs the page posts to the engine's worker and of those whose end it
// hears, and in window.runScenarios the scenario of each run posted.
const recordRuns = `Object.defineProperty(window, "partitionlabEngine", {
  configurable: true,
  set(engine) {
    window.runsPosted = [];
    window.runsDone = [];
    window.runScenarios = [];
    const post = engine.post, listen = engine.listen;
    engine.post = function (r) {
      const q = JSON.parse(r);
      if (q.kind === "run") {
        window.runsPosted.push(q.id);
        window.runScenarios.push(JSON.stringify(q.scenario));
      }
      return post.apply(this, arguments);
    };
    engine.listen = function (fn) {
      return listen.call(this, (data) => {
        if (data.startsWith('{"kind":"done"')) window.runsDone.push(JSON.parse(data).id);
        return fn(data);
      });
    };
    Object.defineProperty(window, "partitionlabEngine", { value: engine, writable: true, configurable: true });
  },
});`

// While a lesson's step is read, its next step runs in the engine's worker;
// Next then shows it, every check passing, without running it again.
func TestLearnRunsTheNextStepWhileTheReaderReads(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var l lessons.Lesson
	for _, c := range all {
		if len(c.Steps) > 1 && c.Steps[0].Kind() == lessons.KindSimulate && c.Steps[1].Kind() == lessons.KindSimulate {
			// Two runs: a step whose run is the step before's is given
			// back anyway.
			a, errA := c.Steps[0].Scenario()
			b, errB := c.Steps[1].Scenario()
			if errA == nil && errB == nil && string(scenario.MarshalScenario(a)) != string(scenario.MarshalScenario(b)) {
				l = c
				break
			}
		}
	}
	if l.ID == "" {
		t.Fatal("no lesson begins with two different simulations")
	}
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordRuns}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+"learn?lesson="+l.ID+"&step=1")
	c := i18n.For(i18n.English)
	checkStepIn(t, ctx, c, l, 0)
	// The first step's run, then the second's, made ahead, to its end.
	waitForOr(t, ctx, `window.runsPosted.length === 2 && window.runsDone.includes(window.runsPosted[1])`,
		`JSON.stringify({lesson: `+js(l.ID)+`, posted: window.runsPosted, done: window.runsDone})`)
	click(t, ctx, "#learn-next")
	checkStepIn(t, ctx, c, l, 1)
	// What Next may post is the step after, made ahead in turn.
	if again := eval[int](t, ctx, `window.runScenarios.slice(2).filter((s) => s === window.runScenarios[1]).length`); again != 0 {
		t.Errorf("Next posted the second step's run again (%d times)", again)
	}
}
