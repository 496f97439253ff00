package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
)

// latinEnglishWords are English words that no Portuguese, Spanish or French
// text of the app uses on its own (checked against every catalog and lesson
// overlay of the three): a page in one of them that shows one is showing a
// sentence the catalog does not hold. Words the three languages share with
// English (topic, consumer, offset, error, no, a, on, has) are not among
// them.
var latinEnglishWords = []string{"the", "of", "with", "and", "is", "are", "not", "when", "each", "every", "from",
	"this", "that", "which", "than", "you", "your", "would", "will", "have", "was", "were", "their", "twice",
	"found", "records", "seconds", "loading", "could", "reload", "shown", "click", "copy", "download", "engine",
	"step", "simplified", "chart", "before", "after", "because", "only", "exactly", "answers"}

// The Simulate page after a run with ordering violations and rebalances,
// Compare, a step of Learn, Key → partition and What is simplified show no
// English sentence in Portuguese, Spanish or French
// (TestNoEnglishLeftInKorean does Korean).
func TestNoEnglishLeftInPortugueseSpanishFrench(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Spanish, i18n.French} {
		// One browser of its own per language, its pages opened one after
		// the other (each link names the language): only the first pays
		// for compiling app.wasm.
		ctx := longTab(t, 4*time.Minute, chromedp.WithNewBrowserContext())
		for _, pg := range []struct{ name, path, ready string }{
			{"simulate", "?lang=" + string(l) + "#preset=executor-commit-trap",
				`document.getElementById("run-status").dataset.state === "done" && document.getElementById("violations") !== null && document.getElementById("rebalances") !== null`},
			{"compare", "compare?lang=" + string(l) + "#a.preset=thread-pool&b.preset=per-key-queues",
				`(document.getElementById("digest-b") || {}).textContent > "" && document.getElementById("run-status").dataset.state === "done"`},
			{"learn-step", "learn?lang=" + string(l) + "&lesson=hot-customer&step=1", `(document.getElementById("learn-step") || {dataset: {}}).dataset.state === "done"`},
			{"keys", "keys?lang=" + string(l), `document.querySelector("#chart svg") !== null`},
			{"simplified", "simplified?lang=" + string(l), `document.querySelectorAll("main li, main dt").length > 0`},
		} {
			t.Run(string(l)+"/"+pg.name, func(t *testing.T) {
				open(t, ctx, env.baseURL+pg.path)
				waitLong(t, ctx, pg.ready)
				openEditorSections(t, ctx) // a closed section draws its fields once opened
				found := eval[[]string](t, ctx, strings.Replace(englishIn, "%s", js(latinEnglishWords), 1))
				for _, f := range found {
					t.Errorf("English in %s: %s", l, f)
				}
			})
		}
	}
	// The scan reads what it should: the same page in English has them.
	t.Run("english-control", func(t *testing.T) {
		ctx := newTab(t, chromedp.WithNewBrowserContext())
		open(t, ctx, env.baseURL+"simplified?lang=en")
		waitLong(t, ctx, `document.querySelectorAll("main li, main dt").length > 0`)
		if found := eval[[]string](t, ctx, strings.Replace(englishIn, "%s", js(latinEnglishWords), 1)); len(found) < 5 {
			t.Errorf("in English the scan found only %q", found)
		}
	})
}
