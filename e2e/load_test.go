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
