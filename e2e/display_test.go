package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"partitionlab/sim/scenario"
)

// At 1366 px the rebalance table of every preset fits its card: nothing
// hides behind a sideways scroll.
func TestRebalanceTableFitsAtLaptopWidth(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: 1366, Height: 900, DeviceScaleFactor: 1}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL)
	checked := 0
	for _, name := range scenario.PresetNames() {
		want := cliResult(t, name)
		if len(want.Group.Rebalances) == 0 {
			continue
		}
		setField(t, ctx, "preset", name, "change")
		waitDigest(t, ctx, "results", want.Digest)
		waitFor(t, ctx, `document.getElementById("rebalances") !== null`)
		over := eval[int](t, ctx, `(() => { const w = document.getElementById("rebalances").parentElement;
			return w.scrollWidth - w.clientWidth; })()`)
		if over > 0 {
			t.Errorf("%s: the rebalance table is %d px wider than its box", name, over)
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("only %d presets have rebalances", checked)
	}
}

// Watch the run breaks lines between words, never inside one, and the
// results of the scenario before an edit are faded while the new run
// simulates.
func TestWatchTheRunReadsWell(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"#preset=hot-customer")
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done" && document.getElementById("snapshot") !== null`)
	if wb := eval[string](t, ctx, `getComputedStyle(document.querySelector("#snapshot dd")).wordBreak`); wb == "break-all" {
		t.Errorf("the snapshot's values break inside words (word-break: %s)", wb)
	}
	if op := eval[string](t, ctx, `getComputedStyle(document.getElementById("results")).opacity`); op != "1" {
		t.Errorf("finished results are drawn at opacity %s", op)
	}
	// The status says a run is simulating: the old results fade.
	eval[bool](t, ctx, `(document.getElementById("run-status").dataset.state = "running", true)`)
	waitFor(t, ctx, `+getComputedStyle(document.getElementById("results")).opacity < 0.8`)

	// Lag and latency past what a consumer keeps up with carry the ⚠ mark.
	for _, id := range []string{"card-lag", "card-p99"} {
		if txt := eval[string](t, ctx, `document.getElementById(`+js(id)+`).textContent`); !strings.Contains(txt, "⚠") {
			t.Errorf("#%s has no ⚠ mark for hot-customer: %q", id, txt)
		}
	}
}

// The violation list is one line per violation, the story told once.
func TestViolationListIsOneLineEach(t *testing.T) {
	ctx := newTab(t)
	want := cliResult(t, "thread-pool")
	open(t, ctx, env.baseURL+"#preset=thread-pool")
	waitDigest(t, ctx, "results", want.Digest)
	waitFor(t, ctx, `document.querySelectorAll("#violations li.violation").length > 0`)
	lines := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#violations .violation-pick")).map(b => b.textContent)`)
	seen := map[string]bool{}
	for _, l := range lines {
		if seen[l] || len(l) > 120 {
			t.Errorf("violation line %q is repeated or longer than a line", l)
		}
		seen[l] = true
	}
	if e := eval[string](t, ctx, `document.getElementById("violation-explanation").textContent`); e != want.Ordering.Examples[0].Explanation {
		t.Errorf("the explanation above the list is %q", e)
	}
}

// overlappingTexts lists pairs of texts in the charts that cover each
// other, as the page draws them.
const overlappingTexts = `(() => {
	const out = [];
	for (const fig of document.querySelectorAll(".chart")) {
		const ts = Array.from(fig.querySelectorAll("svg text")).filter(t => t.textContent.trim() !== "")
			.map(t => ({s: t.textContent, r: t.getBoundingClientRect()}));
		for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
			const a = ts[i].r, b = ts[j].r;
			const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
			const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
			if (w > 1 && h > 0.4 * Math.min(a.height, b.height)) out.push(fig.id + ": " + ts[i].s + " / " + ts[j].s);
		}
	}
	return out;
})()`

// The charts read well: no text covers another (the lag legend and the
// timeline's numbered marks used to), counts have thousands separators,
// and a violation a fraction of a millisecond long is drawn on an axis
// in milliseconds with no legend dot that looks like a record.
func TestChartsReadWell(t *testing.T) {
	ctx := newTab(t)
	for _, name := range []string{"add-partitions", "hot-customer", "thread-pool", "scale-out-eager"} {
		want := cliResult(t, name)
		open(t, ctx, env.baseURL+"#preset="+name)
		waitDigest(t, ctx, "results", want.Digest)
		for _, o := range eval[[]string](t, ctx, overlappingTexts) {
			t.Errorf("%s: texts overlap in %s", name, o)
		}
	}
	open(t, ctx, env.baseURL+"#preset=hot-customer")
	waitDigest(t, ctx, "results", cliResult(t, "hot-customer").Digest)
	ticks := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#chart-lag svg text")).map(t => t.textContent).filter(s => /^[0-9,]+$/.test(s))`)
	comma := false
	for _, tk := range ticks {
		comma = comma || strings.Contains(tk, ",")
	}
	if !comma {
		t.Errorf("hot-customer's lag axis (30,000 records) has no thousands separator: %q", ticks)
	}

	open(t, ctx, env.baseURL+"#preset=thread-pool")
	waitDigest(t, ctx, "results", cliResult(t, "thread-pool").Digest)
	waitFor(t, ctx, `document.getElementById("trace-status") !== null && document.getElementById("trace-status").dataset.traced === "true"`)
	waitDrawn(t, ctx, "#chart-violation", 1)
	texts := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#chart-violation svg text")).map(t => t.textContent)`)
	joined := strings.Join(texts, "|")
	if !strings.Contains(joined, "time (ms)") {
		t.Errorf("the violation timeline's axis is not in milliseconds: %q", texts)
	}
	for _, s := range texts {
		if strings.HasPrefix(s, "0.0") {
			t.Errorf("the violation timeline has tick %q", s)
		}
	}
}

// Copy link says "copied" only when the clipboard took the link; when the
// browser refuses, the page shows the link to copy by hand.
func TestCopyLinkTellsTheTruth(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"#preset=order-events")
	waitFor(t, ctx, `location.hash === "#preset=order-events"`)
	eval[bool](t, ctx, `(navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError")), true)`)
	eval[bool](t, ctx, `(document.getElementById("copy-link").click(), true)`)
	waitFor(t, ctx, `document.getElementById("share-message").textContent !== ""`)
	msg := eval[string](t, ctx, `document.getElementById("share-message").textContent`)
	if strings.Contains(msg, "copied") || !strings.Contains(msg, "#preset=order-events") {
		t.Errorf("after the clipboard refused, the page says %q", msg)
	}
	eval[bool](t, ctx, `(window.copied = "", navigator.clipboard.writeText = (s) => { window.copied = s; return Promise.resolve(); }, true)`)
	eval[bool](t, ctx, `(document.getElementById("copy-link").click(), true)`)
	waitFor(t, ctx, `document.getElementById("share-message").textContent.includes("copied")`)
	if c := eval[string](t, ctx, `window.copied`); !strings.HasSuffix(c, "#preset=order-events") {
		t.Errorf("the clipboard got %q", c)
	}
}

// No label repeats itself as its unit: "Partitions (partitions)".
func TestLabelsDoNotRepeatTheirUnit(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	waitFor(t, ctx, `document.querySelector("#editor label") !== null`)
	labels := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#editor label")).map(l => l.textContent.trim())`)
	for _, l := range labels {
		if i := strings.Index(l, " ("); i > 0 && strings.EqualFold(l[:i], strings.TrimSuffix(l[i+2:], ")")) {
			t.Errorf("label %q repeats itself as its unit", l)
		}
	}
	if p := eval[string](t, ctx, `document.querySelector('label[for="`+field("topic.partitions")+`"]').textContent`); p != "Partitions" {
		t.Errorf("the partition count's label reads %q", p)
	}
}
