package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
)

// englishWords are words of the app's English sentences that no Korean
// text of the app has: Kafka's names the Korean community keeps as
// written (partition, consumer, thread, rebalance, commit, poll, sticky,
// max.poll.records) are not among them, nor is a word of a setting's
// dotted name (the match needs a space or punctuation either side).
var englishWords = []string{"the", "of", "and", "with", "is", "are", "not", "when", "each", "every", "from",
	"this", "that", "which", "records", "seconds", "loading", "could", "page", "reload", "than", "none", "shown",
	"here", "what", "why", "how", "you", "your", "click", "copy", "link", "download", "error", "stopped", "engine",
	"scenario", "lesson", "step", "simplified", "chart", "into", "before", "after", "because", "only", "would",
	"will", "has", "have", "was", "were", "its", "their", "exactly", "answers"}

// englishIn lists what a person reads on the page (visible text nodes,
// SVG text included; options of a menu; aria-label, title, placeholder
// and alt; the document's title) that holds one of englishWords.
const englishIn = `((words) => {
	const re = new RegExp("(^|[\\s,:;()“”\"'])(" + words.join("|") + ")(?=$|[\\s,:;!?()“”\"'])", "i");
	const out = [];
	const seen = new Set();
	const add = (where, s) => { s = s.trim(); if (s && re.test(s) && !seen.has(where + s)) { seen.add(where + s); out.push(where + ": " + s); } };
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walker.nextNode());) {
		const el = n.parentElement;
		if (!el || el.closest("script, style, noscript, template")) continue;
		const inMenu = el.closest("select");
		if (!inMenu && el.getClientRects().length === 0) continue;
		add(el.id ? "#" + el.id : el.tagName.toLowerCase(), n.textContent);
	}
	for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], optgroup[label]")) {
		for (const a of ["aria-label", "title", "placeholder", "alt", "label"]) {
			if (el.hasAttribute(a) && (a !== "label" || el.tagName === "OPTGROUP")) add(el.tagName.toLowerCase() + "[" + a + "]", el.getAttribute(a));
		}
	}
	add("title", document.title);
	return out;
})(` + "%s" + `)`

// scanEnglish is englishIn on the page ctx shows.
func scanEnglish(t *testing.T, ctx context.Context) []string {
	return eval[[]string](t, ctx, strings.Replace(englishIn, "%s", js(englishWords), 1))
}

// Every page in Korean shows no English sentence: Simulate's start and a
// run with ordering violations and rebalances, Compare, Learn's list and
// a step, Key → partition and What is simplified. Each English text found
// is printed with where it is.
func TestNoEnglishLeftInKorean(t *testing.T) {
	// One browser of its own for the Korean pages, opened one after the
	// other as a reader goes from page to page (each link names its
	// language): only the first pays for compiling app.wasm, the others
	// start from the browser's cache.
	ctx := longTab(t, 6*time.Minute, chromedp.WithNewBrowserContext())
	for _, pg := range []struct{ name, path, ready string }{
		{"start", "?lang=ko", `document.querySelector(".door") !== null`},
		{"simulate", "?lang=ko#preset=executor-commit-trap",
			`document.getElementById("run-status").dataset.state === "done" && document.getElementById("violations") !== null && document.getElementById("rebalances") !== null`},
		{"compare", "compare?lang=ko#a.preset=thread-pool&b.preset=per-key-queues",
			`(document.getElementById("digest-b") || {}).textContent > "" && document.getElementById("run-status").dataset.state === "done"`},
		{"learn", "learn?lang=ko", `document.querySelectorAll("#learn-list > li").length > 0`},
		{"learn-step", "learn?lang=ko&lesson=hot-customer&step=1", `(document.getElementById("learn-step") || {dataset: {}}).dataset.state === "done"`},
		{"keys", "keys?lang=ko", `document.querySelector("#chart svg") !== null`},
		{"simplified", "simplified?lang=ko", `document.querySelectorAll("main li, main dt").length > 0`},
	} {
		t.Run(pg.name, func(t *testing.T) {
			open(t, ctx, env.baseURL+pg.path)
			waitLong(t, ctx, pg.ready)
			openEditorSections(t, ctx) // a closed section draws its fields once opened
			for _, f := range scanEnglish(t, ctx) {
				t.Errorf("English in Korean: %s", f)
			}
		})
	}
	// The scan reads what it should: the English start page has words of
	// the list in its text, its menus' labels and its title.
	t.Run("english-control", func(t *testing.T) {
		ctx := newTab(t, chromedp.WithNewBrowserContext())
		open(t, ctx, env.baseURL+"?lang=en")
		waitLong(t, ctx, `document.querySelector(".door") !== null`)
		found := strings.Join(scanEnglish(t, ctx), "\n")
		for _, where := range []string{"title: ", "[aria-label]: "} {
			if !strings.Contains(found, where) {
				t.Errorf("in English the scan found nothing in %q: %s", where, found)
			}
		}
	})
}

// While app.wasm downloads, go-app's loading label is in the page's
// language, its progress kept (web/loading-i18n.js): the tab's requests
// are slowed so the loading lasts long enough to read it.
func TestLoadingLabelInKorean(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	slow := network.Conditions{Latency: 200, DownloadThroughput: 250000, UploadThroughput: 100000}
	if err := throttle(ctx, slow); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(env.baseURL+"keys?lang=ko")); err != nil {
		t.Fatal(err)
	}
	ko := i18n.For(i18n.Korean).T("site.loading", i18n.S("progress", ""))
	prefix := ko[:strings.Index(ko, "%")] // the words before the number
	label := `(document.getElementById("app-wasm-loader-label") || {textContent: ""}).textContent`
	waitFor(t, ctx, label+`.startsWith(`+js(strings.TrimSpace(prefix))+`) || document.querySelector("[data-app-mounted]") !== null`)
	got := eval[string](t, ctx, label)
	if !strings.HasPrefix(got, strings.TrimSpace(prefix)) || strings.Contains(got, "Loading") {
		t.Errorf("the loading label reads %q, want Korean's %q", got, ko)
	}
}
