package e2e

import (
	"context"
	"html"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/app/plots"
	"partitionlab/app/scenarioform"
	"partitionlab/sim/scenario"
)

// Compare in Portuguese and Korean: its headings, verdicts and whys, the
// charts' words, the same digests as in English, and ?lang= kept in the
// address through every run and after picking a change.
func TestCompareInPortugueseAndKorean(t *testing.T) {
	a, b := cliResult(t, "thread-pool"), cliResult(t, "per-key-queues")
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Korean} {
		t.Run(string(l), func(t *testing.T) {
			c := i18n.For(l)
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			open(t, ctx, env.baseURL+"compare?lang="+string(l)+"#a.preset=thread-pool&b.preset=per-key-queues")
			// A browser of its own (so the language it remembers stays
			// there) starts its engine cold: give both runs time.
			waitLong(t, ctx, `(document.getElementById("digest-b") || {}).textContent === `+js(b.Digest))
			if got := eval[string](t, ctx, `document.getElementById("digest-a").textContent`); got != a.Digest {
				t.Errorf("A's digest %s in %s, the command line's %s", got, l, a.Digest)
			}
			for sel, want := range map[string]string{"main h1": c.T("nav.compare"), "#diff-title": c.T("compare.diff.title"),
				".compare-sides-title": c.T("compare.sides.title"), "#report-html": c.T("compare.report.html")} {
				if got := eval[string](t, ctx, `document.querySelector(`+js(sel)+`).textContent`); got != want {
					t.Errorf("%s reads %q, want %q", sel, got, want)
				}
			}
			// Per-key queues remove the thread pool's violations: better, in
			// the language's word, with the why from A's evidence.
			row := eval[map[string]string](t, ctx, `(() => { const r = document.getElementById("diff-violations-order");
				return {verdict: r.dataset.verdict, delta: r.querySelector("td.delta").innerText, why: r.querySelector("td.why").innerText}; })()`)
			if row["verdict"] != "better" || !strings.Contains(row["delta"], c.T("results.verdict.better")) ||
				strings.Contains(row["delta"], "better") || !strings.HasPrefix(row["why"], "A: ") {
				t.Errorf("the violations row reads %v", row)
			}
			if strings.Contains(row["why"], "violations, by cause") {
				t.Errorf("the why is English: %q", row["why"])
			}
			// The charts' titles are the catalog's, inside the SVG.
			waitDrawn(t, ctx, "#compare-charts", 3)
			titles := eval[string](t, ctx, `[...document.querySelectorAll("#compare-charts svg text")].map(t => t.textContent).join("|")`)
			for _, id := range []string{"plots.compare.records.title", "plots.compare.lag.title", "plots.axis.timeS"} {
				if !strings.Contains(titles, c.T(id)) {
					t.Errorf("the charts lack %q: %q", c.T(id), titles)
				}
			}
			// The address the page writes after its runs keeps the language.
			waitFor(t, ctx, `location.hash.includes("a.preset=thread-pool")`)
			if s := eval[string](t, ctx, `location.search`); !strings.Contains(s, "lang="+string(l)) {
				t.Errorf("after the runs the address's query is %q", s)
			}

			// Picking a change: B is A with it, named in the language, and
			// the address still carries the language.
			setField(t, ctx, "pick-b", "change:threads-x2", "change")
			waitLong(t, ctx, `location.hash.includes("change=threads-x2") && document.getElementById("run-status").dataset.state === "done"`)
			if s := eval[string](t, ctx, `location.search`); !strings.Contains(s, "lang="+string(l)) {
				t.Errorf("after picking a change the address's query is %q", s)
			}
			want := c.T("compare.pick.withChange", i18n.S("change", c.T("compare.change.threads-x2")))
			if got := eval[string](t, ctx, `(s => s.options[s.selectedIndex].textContent)(document.getElementById("pick-b"))`); got != want {
				t.Errorf("B's picker shows %q, want %q", got, want)
			}
			if h := eval[string](t, ctx, `document.querySelector("#b-side h3").textContent`); !strings.Contains(h, c.T("compare.change.threads-x2")) {
				t.Errorf("B's heading %q does not name the change in %s", h, l)
			}
			// A link copied now opens in the same language.
			href := eval[string](t, ctx, `location.href`)
			other := newTab(t, chromedp.WithNewBrowserContext())
			open(t, other, href)
			waitLong(t, other, `(document.getElementById("diff-title") || {}).textContent === `+js(c.T("compare.diff.title")))
		})
	}
}

// waitLong is waitFor for runs in a browser started cold.
func waitLong(t testing.TB, ctx context.Context, condition string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](condition, chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		t.Fatalf("waiting for %s: %v", condition, err)
	}
}

// Key → partition in Portuguese and Korean: labels, the summary, the
// chart's words, and an error next to its field in the language.
func TestKeysInPortugueseAndKorean(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Korean} {
		t.Run(string(l), func(t *testing.T) {
			c := i18n.For(l)
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			open(t, ctx, env.baseURL+"keys?lang="+string(l))
			for sel, want := range map[string]string{"main h1": c.T("nav.keys"), `label[for="keys"]`: c.T("keys.keys"),
				`label[for="partitions"]`: c.T("keys.partitions"), "#result-table thead th:nth-child(2)": c.T("keys.table.key")} {
				if got := eval[string](t, ctx, `document.querySelector(`+js(sel)+`).textContent`); got != want {
					t.Errorf("%s reads %q, want %q", sel, got, want)
				}
			}
			waitFor(t, ctx, `performance.getEntriesByName("partitionlab-mounted").length > 0`)
			waitDrawn(t, ctx, "#chart", 1)
			chart := eval[string](t, ctx, `[...document.querySelectorAll("#chart svg text")].map(t => t.textContent).join("|")`)
			for _, id := range []string{"keys.chart.title", "plots.axis.keys"} {
				if !strings.Contains(chart, c.T(id)) {
					t.Errorf("the chart lacks %q: %q", c.T(id), chart)
				}
			}
			if s := eval[string](t, ctx, `document.getElementById("disagree-summary").textContent`); strings.Contains(s, "land on different partitions") {
				t.Errorf("the summary is English: %q", s)
			}
			// Korean chart words are drawn with the page's Korean face, as
			// wide as the chart measured them (plots.HangulAdvance em a
			// syllable).
			if l == i18n.Korean {
				w := eval[map[string]float64](t, ctx, `(() => {
					const t = [...document.querySelectorAll("#chart svg text")].find(t => /[가-힣]/.test(t.textContent));
					const hangul = t.textContent.replace(/[^가-힣]/g, ""), size = parseFloat(getComputedStyle(t).fontSize);
					const probe = document.createElementNS("http://www.w3.org/2000/svg", "text");
					probe.setAttribute("style", t.getAttribute("style")); probe.textContent = hangul;
					t.parentNode.appendChild(probe); const chart = probe.getComputedTextLength(); probe.remove();
					const c = document.createElement("canvas").getContext("2d");
					c.font = size + "px " + getComputedStyle(document.body).fontFamily;
					return {chart: chart / (hangul.length * size), page: c.measureText(hangul).width / (hangul.length * size)}; })()`)
				t.Logf("a Hangul syllable is %.3f em wide in the chart, %.3f em on the page", w["chart"], w["page"])
				switch d := w["chart"] - w["page"]; {
				case w["page"] < 0.85:
					t.Logf("no Korean face on this machine or page (Hangul %.2f em wide on the page, %.2f in the chart): not checked", w["page"], w["chart"])
				case d < -0.05 || d > 0.05:
					t.Errorf("Hangul is %.2f em wide in the chart and %.2f em on the page: the chart does not use the page's Korean face", w["chart"], w["page"])
				case math.Abs(w["chart"]-plots.HangulAdvance) > 0.03:
					t.Errorf("a Hangul syllable of the chart is drawn %.3f em wide; the chart measured %.2f em", w["chart"], plots.HangulAdvance)
				}
			}
			setField(t, ctx, "partitions", "0", "input")
			want := c.T("keys.error.range", i18n.S("field", c.T("keys.partitions")), i18n.S("value", "0"), i18n.S("max", errtext.Numbers(l, "100000")))
			waitFor(t, ctx, `document.getElementById("partitions-error").textContent === `+js(want))
			if got := eval[string](t, ctx, `document.getElementById("results-blocked").textContent`); got != c.T("keys.blocked") {
				t.Errorf("the results say %q", got)
			}
		})
	}
}

// B made from A with a change and then edited is no longer "A with the
// change" on the page, yet its scenario keeps the name the change gave it:
// in Korean its heading, its picker's option, the charts' legends and
// labels and the downloaded review name it in Korean, describe it with the
// preset's Korean description, and the review's file name is made of ids.
func TestEditedChangedBInKorean(t *testing.T) {
	ko := i18n.For(i18n.Korean)
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"compare?lang=ko#a.preset=scale-out-eager&change=partitions-x2")
	waitLong(t, ctx, `document.getElementById("digest-b") !== null && document.getElementById("run-status").dataset.state === "done"`)
	name := ko.T("compare.side.withChange", i18n.S("name", "scale-out-eager"), i18n.S("change", ko.T("compare.change.partitions-x2")))
	digestB := eval[string](t, ctx, `document.getElementById("digest-b").textContent`)
	setField(t, ctx, scenarioform.InputID("b-", "consumer.instances"), "4", "input")
	waitLong(t, ctx, `!location.hash.includes("change=") && document.getElementById("run-status").dataset.state === "done" &&
		document.getElementById("digest-b").textContent !== `+js(digestB))
	waitDrawn(t, ctx, "#compare-charts", 3)
	shown := eval[map[string]string](t, ctx, `({heading: document.querySelector("#b-side h3").textContent,
		option: (s => s.options[s.selectedIndex].textContent)(document.getElementById("pick-b")),
		charts: [...document.querySelectorAll("#compare-charts svg text")].map(t => t.textContent).join("|"),
		labels: [...document.querySelectorAll("main [aria-label], #compare-charts svg [aria-label]")].map(e => e.getAttribute("aria-label")).join("|")})`)
	for what, text := range shown {
		if strings.Contains(text, "with twice") || strings.Contains(text, " with ") || strings.Contains(text, "compare-chart") {
			t.Errorf("B's %s has English: %q", what, text)
		}
	}
	for _, what := range []string{"heading", "option", "charts"} {
		if !strings.Contains(shown[what], name) {
			t.Errorf("B's %s %q does not name it %q", what, shown[what], name)
		}
	}
	recordDownloads(t, ctx)
	eval[bool](t, ctx, `(document.getElementById("report-html").click(), true)`)
	waitFor(t, ctx, `window.saved.length === 1`)
	page := html.UnescapeString(savedText(t, ctx, 0))
	a, _ := scenario.Preset("scale-out-eager")
	if strings.Contains(page, "with twice") || strings.Contains(page, a.Description) {
		t.Errorf("the Korean review has B's English name or description")
	}
	if !strings.Contains(page, name) || strings.Count(page, ko.T("presetdesc.scale-out-eager")) != 2 {
		t.Errorf("the Korean review does not name and describe B in Korean")
	}
	if got := eval[string](t, ctx, `window.saved[0].name`); got != "review-scale-out-eager-vs-scale-out-eager-partitions-x2.html" {
		t.Errorf("the review is saved as %q", got)
	}
}
