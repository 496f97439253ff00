package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/sim"
)

// A value changed and changed back shows the run made before at once, from
// the page, without asking the engine: the same result (the command line's
// digest), its charts and its violation timeline.
func TestAValueChangedBackShowsItsRunAgainWithoutTheEngine(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"#preset=retry-topic")
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	// Every request the page sends the engine's worker, by kind.
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
