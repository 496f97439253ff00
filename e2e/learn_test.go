package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/app/scenarioform"
	"partitionlab/sim/lessons"
)

// TestLearnWalksEveryLessonAndStep opens the list of lessons, then clicks
// Next through every step of every lesson, going Back once in each, and
// checks that each step shows its text and that every promise it makes
// holds (✓) for the lesson's own values, in the browser.
func TestLearnWalksEveryLessonAndStep(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	ctx := longTab(t, 6*time.Minute)
	open(t, ctx, env.baseURL+"learn")
	waitFor(t, ctx, `document.querySelectorAll("#learn-list > li").length === `+js(len(all)))
	shown := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#learn-list > li")).map(li => li.textContent)`)
	for i, l := range all {
		for _, part := range []string{fmt.Sprintf("%d.", l.Number), l.Title, l.Question} {
			if !strings.Contains(shown[i], part) {
				t.Errorf("list item %d reads %q, want it to show %q", i+1, shown[i], part)
			}
		}
	}

	click(t, ctx, "#lesson-"+all[0].ID+" a")
	start := time.Now()
	steps := 0
	for li, l := range all {
		for si := range l.Steps {
			checkStep(t, ctx, l, si)
			steps++
			if li == 0 && si == 0 {
				checkExpectOnDemand(t, ctx, l.Steps[0])
			}
			switch {
			case si == 1: // Back once in every lesson (each has two steps or more)
				click(t, ctx, "#learn-back")
				checkStep(t, ctx, l, 0)
				click(t, ctx, "#learn-next")
				checkStep(t, ctx, l, 1)
			case si == 0 && li == 1: // and once across the start of a lesson
				click(t, ctx, "#learn-back")
				checkStep(t, ctx, all[0], len(all[0].Steps)-1)
				click(t, ctx, "#learn-next")
				checkStep(t, ctx, l, 0)
			}
			clickNext(t, ctx, l.ID, si+1)
		}
	}
	waitFor(t, ctx, `document.querySelectorAll("#learn-list > li").length === `+js(len(all)))
	t.Logf("%d steps of %d lessons, each run and checked, in %.1f s", steps, len(all), time.Since(start).Seconds())
}

// TestLearnTryItYourself opens a step from a link, changes its control,
// sees a promise stop holding, then opens the step in the full editor: the
// Simulate page shows the same scenario, with the learner's value, and the
// same run (digest) as the lesson page and as running the step natively.
func TestLearnTryItYourself(t *testing.T) {
	l, err := lessons.ByID("hot-customer")
	if err != nil {
		t.Fatal(err)
	}
	const si = 1 // "Twelve threads: one per partition"
	s := l.Steps[si]
	c := s.Controls[0]
	if c.Path != "consumer.concurrency" {
		t.Fatalf("lesson %s step %d's control is %s; this test changes consumer.concurrency", l.ID, si+1, c.Path)
	}
	ctx := newTab(t)
	open(t, ctx, fmt.Sprintf("%slearn?lesson=%s&step=%d", env.baseURL, l.ID, si+1))
	checkStep(t, ctx, l, si)

	setField(t, ctx, "learn-control-0", "6", "input")
	waitFor(t, ctx, `document.getElementById("learn-step").dataset.state === "done" &&
		document.getElementById("learn-checks-summary").textContent.includes("with your values")`)
	failed := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#learn-checks li[data-passed=false] .check-claim")).map(e => e.textContent)`)
	if len(failed) == 0 || !strings.HasPrefix(failed[0], "Does not hold: every partition has its own thread") {
		t.Errorf("with 6 threads for 12 partitions the page shows these promises broken: %q; want the one-thread-per-partition one", failed)
	}

	out, err := s.Run(c.Set(6.0))
	if err != nil {
		t.Fatal(err)
	}
	shownDigest := `(document.getElementById("results") || {dataset: {}}).dataset.digest === ` + js(out.Result.Digest)
	waitFor(t, ctx, shownDigest)
	click(t, ctx, "#learn-try")
	waitFor(t, ctx, `location.pathname === "/" && document.getElementById("share-bar") !== null && `+shownDigest)
	for path, want := range map[string]string{"name": out.Scenario.Name, "consumer.concurrency": "6", "topic.partitions": "12"} {
		id := scenarioform.InputID("", path)
		if got := eval[string](t, ctx, `(document.getElementById(`+js(id)+`) || {value: "(none)"}).value`); got != want {
			t.Errorf("the editor's %s (#%s) shows %q, want %q", path, id, got, want)
		}
	}
}

// checkStep waits until step si of lesson l has run and checks what it
// shows: its heading and text, and a ✓ for every one of its checks.
func checkStep(t *testing.T, ctx context.Context, l lessons.Lesson, si int) {
	t.Helper()
	checkStepIn(t, ctx, i18n.For(i18n.English), l, si)
}

// checkStepIn is checkStep on a page in c's language, l being the lesson
// in that language.
func checkStepIn(t *testing.T, ctx context.Context, c *i18n.Catalog, l lessons.Lesson, si int) {
	t.Helper()
	s := l.Steps[si]
	waitForOr(t, ctx, `(e => e !== null && e.dataset.lesson === `+js(l.ID)+` && e.dataset.step === `+js(fmt.Sprint(si+1))+
		` && e.dataset.state !== "running")(document.getElementById("learn-step"))`,
		`location.href + " " + JSON.stringify(Object.assign({}, (document.getElementById("learn-step") || {}).dataset)) + " " + (document.getElementById("learn-results") || document.body).textContent.slice(0, 300)`)
	where := fmt.Sprintf("lesson %d (%s) step %d", l.Number, l.ID, si+1)
	got := eval[struct {
		State, Title, Text string
		Checks             []struct{ Passed, Claim string }
	}](t, ctx, `({state: document.getElementById("learn-step").dataset.state,
		title: document.getElementById("learn-step-title").textContent,
		text: document.getElementById("learn-step-text").textContent,
		checks: Array.from(document.querySelectorAll("#learn-checks > li")).map(li => ({
			passed: li.querySelector(".check-mark").textContent, claim: li.querySelector(".check-claim").textContent}))})`)
	if got.State != "done" {
		t.Fatalf("%s: %s (%s)", where, got.State, eval[string](t, ctx, `document.getElementById("learn-results").textContent.slice(0, 300)`))
	}
	if want := c.T("learn.stepHeading", i18n.N("step", si+1), i18n.Count(len(l.Steps)), i18n.S("title", s.Title)); got.Title != want {
		t.Errorf("%s: heading %q, want %q", where, got.Title, want)
	}
	if got.Text != s.Text {
		t.Errorf("%s: text %q, want the lesson's %q", where, got.Text, s.Text)
	}
	// Each view to look at is on the page (the results panel keeps the
	// element ids the Learn page frames).
	missing := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#learn-look li")).
		filter(li => !li.dataset.targets.split(" ").some(id => document.getElementById(id))).map(li => li.dataset.view)`)
	if len(missing) > 0 || len(s.LookAt) == 0 {
		t.Errorf("%s: nothing on the page shows %q (of %q)", where, missing, s.LookAt)
	}
	if len(got.Checks) != len(s.Checks) {
		t.Fatalf("%s: %d checks shown, the step has %d", where, len(got.Checks), len(s.Checks))
	}
	holds := c.T("learn.checks.holds")
	for i, shown := range got.Checks {
		if shown.Passed != "✓" || !strings.HasPrefix(shown.Claim, holds+s.Checks[i].Claim) {
			t.Errorf("%s: check %d shows %s %q, want ✓ %s%s", where, i+1, shown.Passed, shown.Claim, holds, s.Checks[i].Claim)
		}
	}
}

// checkExpectOnDemand reveals "What you should see" and hides it again.
func checkExpectOnDemand(t *testing.T, ctx context.Context, s lessons.Step) {
	t.Helper()
	visible := `document.getElementById("learn-expect-text").checkVisibility()`
	if eval[bool](t, ctx, visible) {
		t.Errorf("what the learner should see is shown before they ask")
	}
	click(t, ctx, "#learn-expect summary")
	waitFor(t, ctx, visible)
	if got := eval[string](t, ctx, `document.getElementById("learn-expect-text").textContent`); got != s.Expect {
		t.Errorf("what you should see: %q, want %q", got, s.Expect)
	}
	click(t, ctx, "#learn-expect summary")
	waitFor(t, ctx, "!"+visible)
}

// click clicks the element a CSS selector names, as a person would.
func click(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(selector))); err != nil {
		t.Fatalf("clicking %s: %v", selector, err)
	}
}

// clickNext clicks Next on a step and waits until another step (or the
// list) shows, within 3 s. A click on Next must not be lost: it was, when
// the run's progress bar went away a moment after the step read done and
// moved the page under the pointer between press and release.
func clickNext(t *testing.T, ctx context.Context, lesson string, step int) {
	t.Helper()
	moved := `(e => e === null || e.dataset.lesson !== ` + js(lesson) + ` || e.dataset.step !== ` + js(fmt.Sprint(step)) + `)(document.getElementById("learn-step"))`
	click(t, ctx, "#learn-next")
	c, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[bool](moved)); err != nil {
		t.Fatalf("lesson %s step %d: a click on Next did not move on (the click was lost): %v", lesson, step, err)
	}
}

// longTab is newTab for a test that needs more than its two minutes.
func longTab(t *testing.T, d time.Duration, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(env.browser, opts...)
	ctx, cancel := context.WithTimeout(tab, d)
	t.Cleanup(func() { cancel(); cancelTab() })
	return ctx
}
