package e2e

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The Simulate page arrives with the default scenario's results drawn in
// it, so the first paint shows them, and a bar that says plainly the page
// answers only once the app has loaded. The app then shows that very
// result (the command line's digest) without running it again.
func TestFirstPaintShowsTheDefaultResults(t *testing.T) {
	want := cliResult(t, "order-events").Digest
	res, err := http.Get(env.baseURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	page := string(body)
	if !strings.Contains(page, `id="results"`) || !strings.Contains(page, want) {
		t.Errorf("the page as served has no results with the digest %s", want)
	}
	if !strings.Contains(page, "app-wasm-loader") || !strings.Contains(page, "the page answers once it has loaded") {
		t.Errorf("the page as served does not say it is still loading")
	}

	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL)
	waitDigest(t, ctx, "results", want)
	if ms := eval[float64](t, ctx, `+document.getElementById("run-status").dataset.simMs`); ms != 0 {
		t.Errorf("the app ran the default scenario again (%v ms) instead of showing the page's result", ms)
	}
}

// Until the app answers (a slow connection: about 20 s), the page the
// server drew works where it can: its results are shown as they are and
// its links and texts answer. Only the controls that need the app wait:
// they take no click and look it, under the bar that says why.
func TestOnlyTheControlsWaitForTheApp(t *testing.T) {
	for _, page := range []string{"", "learn"} {
		ctx := withoutApp(t, env.baseURL+page, "")
		look := `(e => getComputedStyle(e).pointerEvents + " " + getComputedStyle(e).opacity)(document.getElementById("main"))`
		if got := eval[string](t, ctx, look); got != "auto 1" {
			t.Errorf("/%s: the page's main part has pointer-events and opacity %q, want it to work as drawn", page, got)
		}
		controls := `Array.from(document.querySelectorAll("main :is(button, input, select, textarea)"))`
		if n := eval[int](t, ctx, controls+`.length`); n == 0 && page == "" {
			t.Errorf("/%s: no controls drawn", page)
		}
		ready := eval[[]string](t, ctx, controls+`.filter(e => getComputedStyle(e).pointerEvents !== "none" || +getComputedStyle(e).opacity >= 1).map(e => e.outerHTML.slice(0, 80))`)
		if len(ready) > 0 {
			t.Errorf("/%s: controls that look ready before the app: %q", page, ready)
		}
		if inert := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("main a[href]")).filter(a => getComputedStyle(a).pointerEvents === "none").map(a => a.getAttribute("href"))`); len(inert) > 0 {
			t.Errorf("/%s: links that do not answer before the app: %q", page, inert)
		}
	}
	// A lesson's link opens the lesson, drawn by the server, before the
	// app has arrived.
	ctx := withoutApp(t, env.baseURL+"learn", "")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`main a[href*="lesson=keyless-records"]`))); err != nil {
		t.Fatal(err)
	}
	waitForOr(t, ctx, `location.search.includes("lesson=keyless-records") && document.readyState === "complete"`, `location.href`)
}
