package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/scenarioform"
)

// The Compare page runs both scenarios with the command line's results and
// says, in words, which numbers got better.
func TestComparePage(t *testing.T) {
	a, b := cliResult(t, "thread-pool"), cliResult(t, "per-key-queues")
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"compare#a.preset=thread-pool&b.preset=per-key-queues")
	waitFor(t, ctx, `(document.getElementById("digest-b") || {}).textContent === `+js(b.Digest))
	if got := eval[string](t, ctx, `document.getElementById("digest-a").textContent`); got != a.Digest {
		t.Errorf("A's digest %s, the command line's %s", got, a.Digest)
	}
	row := eval[map[string]string](t, ctx, `(() => { const r = document.getElementById("diff-violations-order");
		return {verdict: r.dataset.verdict, a: r.dataset.a, b: r.dataset.b, text: r.innerText}; })()`)
	if row["verdict"] != "better" || !strings.Contains(row["text"], "better") || !strings.Contains(row["text"], "▼") ||
		!strings.Contains(row["text"], "A: ") {
		t.Errorf("per-key queues remove the thread pool's violations, but the row says %v", row)
	}
	if row["a"] == "0" || row["b"] != "0" {
		t.Errorf("violations per order: A %s, B %s", row["a"], row["b"])
	}
	// The differences come before the charts and the editors.
	if !eval[bool](t, ctx, `(() => { const d = document.getElementById("diff"), c = document.getElementById("compare-charts"),
		e = document.getElementById("a-side"); return !!(d.compareDocumentPosition(c) & 4) && !!(c.compareDocumentPosition(e) & 4); })()`) {
		t.Errorf("the differences are not first")
	}

	// Editing B reruns it and the comparison follows; the address keeps both.
	setField(t, ctx, scenarioform.InputID("b-", "consumer.mode"), "thread_pool", "change")
	waitFor(t, ctx, `document.getElementById("diff-violations-order").dataset.verdict === "same"`)
	if h := eval[string](t, ctx, `location.hash`); !strings.Contains(h, "a.preset=thread-pool") || !strings.Contains(h, "b.s=") {
		t.Errorf("the address is %q, want A's preset and B's edited scenario", h)
	}
}

// A review opens on the Simulate page's scenario against A with one change,
// the pickers in sight; numbers keep their units; each worse row says why;
// A and B share each chart, whose text is at least 12 px at 1366 px wide;
// the review downloads as HTML and as Markdown with its charts.
func TestCompareCarriesAReview(t *testing.T) {
	ctx := newTab(t)
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 900)); err != nil {
		t.Fatal(err)
	}
	// The Simulate page stores the scenario it ran; Compare opens with it.
	open(t, ctx, env.baseURL+"#preset=scale-out-eager")
	waitFor(t, ctx, `(document.getElementById("run-status") || {dataset: {}}).dataset.state === "done"`)
	// The link is written once the result is painted (simulatePage.shown),
	// which may come a frame after the run reads done.
	waitForOr(t, ctx, `(h => h.includes("a.preset=scale-out-eager") && h.includes("change=partitions-x2"))(document.getElementById("compare-link").href)`,
		`"Simulate's way to Compare is " + document.getElementById("compare-link").href + ", want this scenario as A and B as A with a change"`)
	// Its review downloads from there too.
	recordDownloads(t, ctx)
	eval[bool](t, ctx, `(document.getElementById("download-review").click(), true)`)
	waitFor(t, ctx, `window.saved.length === 1`)
	if page := savedText(t, ctx, 0); !strings.Contains(page,
		"<h1>Design review: scale-out-eager</h1>") || !strings.Contains(page, cliResult(t, "scale-out-eager").Digest) {
		t.Errorf("the Simulate page's review is not of its scenario")
	}
	open(t, ctx, env.baseURL+"compare")
	waitFor(t, ctx, `document.getElementById("digest-b") !== null && document.getElementById("run-status").dataset.state === "done"`)
	if got := eval[string](t, ctx, `document.getElementById("digest-a").textContent`); got != cliResult(t, "scale-out-eager").Digest {
		t.Errorf("A is not the Simulate page's scale-out-eager: digest %s", got)
	}
	pick := eval[map[string]string](t, ctx, `({a: document.getElementById("pick-a").value, b: document.getElementById("pick-b").value,
		aTop: String(document.getElementById("pick-a").getBoundingClientRect().top)})`)
	if pick["a"] != "scale-out-eager" || pick["b"] != "change:partitions-x2" {
		t.Errorf("the pickers show A %q, B %q; want the preset and twice the partitions", pick["a"], pick["b"])
	}
	if top := eval[float64](t, ctx, `document.getElementById("pick-b").getBoundingClientRect().bottom`); top > 900 {
		t.Errorf("B's picker is out of sight, %g px down", top)
	}

	// B = A with the cooperative-sticky assignor: processed twice, worse, and why.
	setField(t, ctx, "pick-b", "change:cooperative-sticky", "change")
	waitFor(t, ctx, `(document.getElementById("diff-duplicates") || {dataset: {}}).dataset.verdict === "worse"`)
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	dup := eval[string](t, ctx, `document.getElementById("diff-duplicates").innerText`)
	for _, want := range []string{"+344 (worse)", "B: 344 records processed twice", "a cooperative revocation does not commit", "generation 3"} {
		if !strings.Contains(dup, want) {
			t.Errorf("the duplicates row %q lacks %q", dup, want)
		}
	}
	for id, want := range map[string]string{"p99": "+1,184 ms ×176 (worse)", "pause": "−0.67 s (better)", "lag": "×4.1 (worse)"} {
		if got := eval[string](t, ctx, `document.querySelector("#diff-`+id+` td.delta").innerText`); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	for _, id := range []string{"p99", "lag", "pause"} {
		if why := eval[string](t, ctx, `document.querySelector("#diff-`+id+` td.why").innerText`); why == "" {
			t.Errorf("%s got worse or better without a why", id)
		}
	}

	// One chart per measure, A and B in it, text ≥ 12 px as drawn.
	waitDrawn(t, ctx, "#compare-charts", 3)
	charts := eval[[]map[string]any](t, ctx, `[...document.querySelectorAll("#compare-charts svg")].map(s => {
		const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
		const texts = [...s.querySelectorAll("text")];
		return {texts: texts.map(t => t.textContent).join("|"),
			smallest: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale))}; })`)
	if len(charts) != 3 {
		t.Fatalf("%d comparison charts, want records, lag and throughput", len(charts))
	}
	for i, c := range charts {
		texts := c["texts"].(string)
		if !strings.Contains(texts, "A: scale-out-eager") || !strings.Contains(texts, "B: scale-out-eager with the cooperative-sticky assignor") {
			t.Errorf("chart %d does not draw A and B on its axes: %s", i, texts)
		}
		if px := c["smallest"].(float64); px < 12 {
			t.Errorf("chart %d has text of %.1f px at 1366 px wide", i, px)
		}
	}

	// The report downloads.
	recordDownloads(t, ctx)
	eval[bool](t, ctx, `(document.getElementById("report-html").click(), document.getElementById("report-markdown").click(), true)`)
	waitFor(t, ctx, `window.saved.length === 2`)
	html := savedText(t, ctx, 0)
	digestB := eval[string](t, ctx, `document.getElementById("digest-b").textContent`)
	if !strings.HasPrefix(html, "<!DOCTYPE html>") || strings.Count(html, "<svg") != 3 || !strings.Contains(html, digestB) ||
		!strings.Contains(html, "a cooperative revocation does not commit") || strings.Contains(html, "<script") {
		t.Errorf("the HTML review is not self-contained with the charts, B's digest and the why (%d bytes)", len(html))
	}
	zip := eval[map[string]any](t, ctx, `window.blobs[window.saved[1].href].arrayBuffer().then(b => ({
		size: b.byteLength, head: String.fromCharCode(...new Uint8Array(b.slice(0, 2))), name: window.saved[1].name}))`, chromedp.EvalAwaitPromise)
	if zip["head"] != "PK" || !strings.HasSuffix(zip["name"].(string), ".zip") {
		t.Errorf("the Markdown review is not a zip: %v", zip)
	}

	// An invalid change says what is wrong and leaves B as it was.
	setField(t, ctx, "pick-b", "change:field", "change")
	waitFor(t, ctx, `document.getElementById("pick-field") !== null`)
	setField(t, ctx, "pick-field", "topic.partitions=0", "change")
	// The hint for an empty field shows first; the message about the typed
	// change follows once the page has read it.
	waitFor(t, ctx, `((document.getElementById("change-error") || {}).textContent || "").includes("topic.partitions")`)
	if got := eval[string](t, ctx, `document.getElementById("digest-b").textContent`); got != digestB {
		t.Errorf("an invalid change ran B again: digest %s, was %s", got, digestB)
	}
}

// recordDownloads keeps what the page saves instead of letting the browser
// save it: each link's name and its Blob (read without fetch, which the
// page's Content-Security-Policy keeps to its own origin).
func recordDownloads(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(() => { window.saved = []; window.blobs = window.blobs || {};
		if (!window.recording) {
			const create = URL.createObjectURL;
			URL.createObjectURL = b => { const u = create.call(URL, b); window.blobs[u] = b; return u; };
			window.recording = true;
		}
		HTMLAnchorElement.prototype.click = function () { window.saved.push({name: this.download, href: this.href}); };
		return true; })()`)
}

// savedText is the text of the i-th file the page saved.
func savedText(t *testing.T, ctx context.Context, i int) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`window.blobs[window.saved[%d].href].text()`, i), chromedp.EvalAwaitPromise)
}
