package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newTab opens a tab in the shared browser, closed when the test ends.
func newTab(t testing.TB, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(env.browser, opts...)
	ctx, cancel := context.WithTimeout(tab, 2*time.Minute)
	t.Cleanup(func() { cancel(); cancelTab() })
	return ctx
}

// open loads url and waits until the app has mounted in the browser; the
// pre-rendered HTML alone does not count. A page that never mounts is
// reported with how far its start went (loadState).
func open(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	waitForOr(t, ctx, `document.querySelector("[data-app-mounted]") !== null`, loadState)
}

// loadState is how far a page's start went, as JSON: its address and
// language, go-app's loading label, the early download of its words
// (web/loading-i18n.js), its performance marks and the files it has
// received, each with when it arrived (ms after navigation started).
const loadState = `JSON.stringify({
	url: location.href,
	lang: document.documentElement.lang,
	label: (document.getElementById("app-wasm-loader-label") || {}).textContent,
	words: window.partitionlabLang ? {lang: window.partitionlabLang.lang, arrived: !!window.partitionlabLang.ready} : null,
	marks: performance.getEntriesByType("mark").map((m) => m.name + "@" + Math.round(m.startTime)),
	files: performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname + "@" + Math.round(r.responseEnd)),
})`

// waitFor polls a JavaScript condition until it holds; go-app renders on
// its own schedule after each input event. The 45 s allow a lesson's run in
// the worker on a loaded 2-core machine; only a failing wait takes that long.
// A page that navigates while it is asked (a click that opens another
// page) destroys the context the poll runs in: the poll is asked again in
// the new page until the same deadline.
func waitFor(t testing.TB, ctx context.Context, condition string) {
	t.Helper()
	waitForOr(t, ctx, condition, "")
}

// waitDrawn waits until at least n charts under selector are drawn: the
// engine's worker draws every chart but a result's (which come with it),
// and a figure says data-pending until its picture arrives.
func waitDrawn(t testing.TB, ctx context.Context, selector string, n int) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll(%s).length >= %d && document.querySelectorAll(%s).length === 0`,
		js(selector+" svg"), n, js(selector+" [data-pending], "+selector+"[data-pending]")))
}

// waitForOr is waitFor that, when the condition never holds, says what
// the page shows instead: the JavaScript expression describe, read then.
func waitForOr(t testing.TB, ctx context.Context, condition, describe string) {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](condition, chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil {
			return
		}
		if !navigatedAway(err) || time.Now().After(deadline) {
			if describe != "" {
				shown, derr := chromedp.Run(ctx, chromedp.Evaluate[string](describe))
				if derr != nil {
					shown = "(" + derr.Error() + ")"
				}
				t.Fatalf("waiting for %s: %v; the page shows %s", condition, err, shown)
			}
			t.Fatalf("waiting for %s: %v", condition, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// navigatedAway reports whether err is the browser saying the page that
// was asked is gone because another one loaded.
func navigatedAway(err error) bool {
	for _, s := range []string{"Cannot find context with specified id", "Execution context was destroyed", "Inspected target navigated or closed"} {
		if strings.Contains(err.Error(), s) {
			return true
		}
	}
	return false
}

// waitForServiceWorker waits until the page's service worker is active,
// which it becomes only once it has precached every file.
func waitForServiceWorker(t testing.TB, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`navigator.serviceWorker.ready.then(r => r.active !== null)`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("the service worker never became active: %v", err)
	}
}

// js turns a Go value into a JavaScript literal.
func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// setField sets a form field and fires the event go-app listens to, as a
// person typing (input) or choosing (change) would.
func setField(t testing.TB, ctx context.Context, id, value, event string) {
	t.Helper()
	openSectionOf(t, ctx, id)
	script := `(() => { const el = document.getElementById(` + js(id) + `);
		el.value = ` + js(value) + `;
		el.dispatchEvent(new Event(` + js(event) + `, {bubbles: true})); return true; })()`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script)); err != nil {
		t.Fatalf("setting #%s to %q: %v", id, value, err)
	}
}

// openSectionOf opens the editor's sections, as a person would before
// typing, when the element id is not drawn: a closed section draws its
// fields only once opened.
func openSectionOf(t testing.TB, ctx context.Context, id string) {
	t.Helper()
	if !eval[bool](t, ctx, `document.getElementById(`+js(id)+`) !== null`) {
		openEditorSections(t, ctx)
	}
}

// openEditorSections opens every closed section of the page's editors and
// waits until each has drawn its fields, so that a scan of the page reads
// them all.
func openEditorSections(t testing.TB, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(document.querySelectorAll("details.section:not([open])").forEach(d => { d.open = true; }), true)`)
	waitFor(t, ctx, `Array.from(document.querySelectorAll("details.section")).every(d => d.children.length > 1)`)
}

// eval runs a JavaScript expression and decodes its result.
func eval[T any](t testing.TB, ctx context.Context, expr string, opts ...chromedp.EvaluateOption) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, opts...))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// shownCell is one client's cell of the result table, as the page shows it.
type shownCell struct {
	Client    string `json:"client"`
	Partition int    `json:"partition"`
	Compare   int    `json:"compare"` // -1 when no comparison is shown
	Moved     bool   `json:"moved"`
}

// shownRow is one row of the result table.
type shownRow struct {
	Key      string      `json:"key"`
	Line     int         `json:"line"`
	Disagree bool        `json:"disagree"`
	Cells    []shownCell `json:"cells"`
}

func readTable(t testing.TB, ctx context.Context) []shownRow {
	t.Helper()
	return eval[[]shownRow](t, ctx, `Array.from(document.querySelectorAll("#result-table tbody tr")).map(tr => ({
		key: tr.querySelector("td.key code").textContent, line: +tr.dataset.line, disagree: tr.classList.contains("disagree"),
		cells: Array.from(tr.querySelectorAll("td[data-client]")).map(td => ({
			client: td.dataset.client, partition: +td.dataset.partition,
			compare: td.dataset.compare === undefined ? -1 : +td.dataset.compare,
			moved: td.dataset.moved === "true"}))}))`)
}

// bars counts the chart's filled shapes in a client's colour: one per bar,
// plus its legend swatch.
func bars(t testing.TB, ctx context.Context, hex string) int {
	t.Helper()
	return eval[int](t, ctx, `document.querySelectorAll('#chart svg path[style^="fill:`+hex+`"]').length`)
}
