package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/scenarioform"
	"partitionlab/sim/scenario"
)

// field is the id of the Simulate page's input for a scenario path.
func field(path string) string { return scenarioform.InputID("", path) }

// Every preset, picked from the menu, shows the headline numbers the command
// line prints for it: same digest, same cards.
func TestSimulateEveryPresetMatchesTheCommandLine(t *testing.T) {
	names := scenario.PresetNames()
	for _, n := range names {
		startCLI(n)
	}
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			want := cliResult(t, name)
			setField(t, ctx, "preset", name, "change")
			waitDigest(t, ctx, "results", want.Digest)
			checkCards(t, readCards(t, ctx), want, name)
		})
	}
}

func TestSimulatePage(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	ref := cliResult(t, "order-events")
	waitDigest(t, ctx, "results", ref.Digest)
	checkCards(t, readCards(t, ctx), ref, "first load")
	waitFor(t, ctx, `location.hash === "#preset=order-events"`)

	// One blue bar per partition (the hottest's is drawn over in vermillion).
	bars := func() int {
		return eval[int](t, ctx, `document.querySelectorAll('#chart-records svg path[style^="fill:#0072B2"]').length`)
	}
	t.Run("the partition count changes the plots", func(t *testing.T) {
		if n := bars(); n != 12 {
			t.Fatalf("records per partition has %d bars for 12 partitions", n)
		}
		lag := eval[string](t, ctx, `document.querySelector("#chart-lag svg").outerHTML`)
		setField(t, ctx, field("topic.partitions"), "24", "input")
		waitFor(t, ctx, `document.querySelectorAll('#chart-records svg path[style^="fill:#0072B2"]').length === 24`)
		if got := eval[string](t, ctx, `document.querySelector("#chart-lag svg").outerHTML`); got == lag {
			t.Errorf("the lag chart did not change with the partition count")
		}
		if digestShown(t, ctx) == ref.Digest {
			t.Errorf("24 partitions give the digest of 12")
		}
		waitFor(t, ctx, `location.hash.startsWith("#s=")`)
	})

	t.Run("an invalid value is explained and the last result stays", func(t *testing.T) {
		before := digestShown(t, ctx)
		setField(t, ctx, field("topic.partitions"), "0", "input")
		errID := field("topic.partitions") + "-error"
		waitFor(t, ctx, `document.getElementById(`+js(errID)+`).innerText.includes("0 is not in 1..10000")`)
		waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "invalid"`)
		if got := eval[string](t, ctx, `document.getElementById(`+js(field("topic.partitions"))+`).getAttribute("aria-invalid")`); got != "true" {
			t.Errorf("the input is not marked invalid (aria-invalid=%q)", got)
		}
		if got := digestShown(t, ctx); got != before || len(readCards(t, ctx)) == 0 {
			t.Errorf("the result changed or went away: digest %s, was %s", got, before)
		}
		setField(t, ctx, field("topic.partitions"), "24", "input")
		waitFor(t, ctx, `document.getElementById(`+js(errID)+`).innerText === "" && document.getElementById("run-status").dataset.state !== "invalid"`)
	})

	t.Run("inputs that appear edit their own field", func(t *testing.T) {
		// A thread pool's size appears where "records per poll" was; the
		// input there must now write the pool's size.
		setField(t, ctx, field("consumer.mode"), scenario.ModeThreadPool, "change")
		pool := field("consumer.pool_threads")
		waitFor(t, ctx, `document.getElementById(`+js(pool)+`) !== null`)
		setField(t, ctx, pool, "0", "input")
		waitFor(t, ctx, `document.getElementById(`+js(pool+"-error")+`).innerText.includes("0 is not in 1..1000")`)
		if got := eval[string](t, ctx, `document.getElementById(`+js(field("consumer.max_poll_records"))+`).value`); got != "500" {
			t.Errorf("max.poll.records became %q", got)
		}
		setField(t, ctx, pool, "8", "input")
		waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	})

	t.Run("a thread pool breaks ordering, with evidence", func(t *testing.T) {
		setField(t, ctx, field("consumer.mode"), scenario.ModeThreadPool, "change")
		waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
		waitFor(t, ctx, `document.querySelectorAll("#violations li.violation").length > 0`)
		// The selected violation's story is told once, above the list.
		text := eval[string](t, ctx, `document.getElementById("violations-panel").innerText`)
		for _, want := range []string{"completed at", "before", "sent earlier", "cause: concurrent processing", "Evidence:"} {
			if !strings.Contains(text, want) {
				t.Errorf("the violation list lacks %q:\n%.400s", want, text)
			}
		}
		facts := eval[string](t, ctx, `document.querySelector("#violations .evidence").textContent`)
		for _, want := range []string{"Written to", "offset", "Completed", "pool"} {
			if !strings.Contains(facts, want) {
				t.Errorf("the evidence lacks %q: %.300s", want, facts)
			}
		}
		// The traced run fills the timeline with the keys' other records.
		waitFor(t, ctx, `document.getElementById("trace-status").dataset.traced === "true"`)
		waitDrawn(t, ctx, "#chart-violation", 1)
		before := eval[string](t, ctx, `document.querySelector("#chart-violation svg").outerHTML`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#violations li.violation:nth-child(3) .violation-pick"))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, `document.querySelector("#violations li.violation:nth-child(3) .violation-pick").getAttribute("aria-pressed") === "true"`)
		// Picking another violation draws another timeline.
		waitFor(t, ctx, `(s => s !== null && s.outerHTML !== `+js(before)+`)(document.querySelector("#chart-violation svg"))`)
	})

	t.Run("the scrubber shows the run at a moment", func(t *testing.T) {
		total := eval[string](t, ctx, `document.querySelector("#snap-produced dd").textContent`)
		setField(t, ctx, "scrubber", "25", "input")
		waitFor(t, ctx, `document.querySelector("#chart-lag .cursor") !== null`)
		if got := eval[string](t, ctx, `document.querySelector("#snap-produced dd").textContent`); got == total {
			t.Errorf("a quarter of the way in, %s records are produced, as many as at the end", got)
		}
		left := eval[float64](t, ctx, `parseFloat(document.querySelector("#chart-lag .cursor").style.left)`)
		if left < 10 || left > 45 {
			t.Errorf("the cursor is at %.1f%% of the lag chart, want about a quarter along its axis", left)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-forward"))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, `parseFloat(document.querySelector("#chart-lag .cursor").style.left) > `+js(left))
	})

	t.Run("charts and the result download", func(t *testing.T) {
		// Record what the page saves instead of letting the browser save it,
		// with the Blob behind each link: the Content-Security-Policy
		// (connect-src 'self') lets no script fetch a blob: URL.
		eval[bool](t, ctx, `(() => { window.saved = []; window.blobs = {};
			const create = URL.createObjectURL;
			URL.createObjectURL = b => { const u = create.call(URL, b); window.blobs[u] = b; return u; };
			HTMLAnchorElement.prototype.click = function () { window.saved.push({name: this.download, href: this.href}); };
			return true; })()`)
		for _, sel := range []string{"#chart-records .downloads button:nth-child(1)", "#chart-records .downloads button:nth-child(2)", "#download-result"} {
			eval[bool](t, ctx, `(document.querySelector(`+js(sel)+`).click(), true)`)
		}
		// The PNG is drawn on a canvas first, so it comes last.
		waitFor(t, ctx, `window.saved.length === 3`)
		eval[bool](t, ctx, `(window.saved.sort((a, b) => a.name < b.name ? -1 : 1), true)`)
		type saved struct {
			Name string `json:"name"`
			Head string `json:"head"`
			Size int    `json:"size"`
		}
		files := eval[[]saved](t, ctx, `Promise.all(window.saved.map(s => window.blobs[s.href].arrayBuffer().then(b => ({
			name: s.name, size: b.byteLength, head: String.fromCharCode(...new Uint8Array(b.slice(0, 8)))}))))`, chromedp.EvalAwaitPromise)
		want := []struct{ suffix, head string }{{"-records.png", "\u0089PNG"}, {"-records.svg", "<?xml"}, {"-result.json", "{"}}
		for i, w := range want {
			if !strings.HasSuffix(files[i].Name, w.suffix) || !strings.HasPrefix(files[i].Head, w.head) || files[i].Size < 100 {
				t.Errorf("download %d: %+v, want a file ending in %s that starts with %q", i, files[i], w.suffix, w.head)
			}
		}
		digest := eval[string](t, ctx, `window.blobs[window.saved[2].href].text().then(s => JSON.parse(s).digest)`, chromedp.EvalAwaitPromise)
		if digest != digestShown(t, ctx) {
			t.Errorf("the downloaded result has digest %s, the page shows %s", digest, digestShown(t, ctx))
		}
	})

	t.Run("a shared link reproduces the run", func(t *testing.T) {
		waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
		digest := digestShown(t, ctx)
		// The address follows the result shown, once it is drawn.
		link := eval[string](t, ctx, `location.href`)
		fresh := newTab(t, chromedp.WithNewBrowserContext())
		open(t, fresh, link)
		waitDigest(t, fresh, "results", digest)
		if got := eval[string](t, fresh, `document.getElementById(`+js(field("consumer.mode"))+`).value`); got != scenario.ModeThreadPool {
			t.Errorf("the link's editor shows mode %q", got)
		}
	})

	t.Run("a long run waits for a click, shows progress and partial results, and can be cancelled", func(t *testing.T) {
		digest := digestShown(t, ctx)
		setField(t, ctx, field("duration_s"), "3000", "input")
		waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "waiting"`)
		gate := eval[string](t, ctx, `document.getElementById("run-gate").textContent`)
		if !regexp.MustCompile(`about [0-9.]+ [kMG]? ?events.*, about [0-9]+ (s|min) here`).MatchString(gate) {
			t.Errorf("the long run's notice says %q; want its estimate", gate)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("run-confirm"))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, `document.getElementById("run-progress") !== null && document.getElementById("run-progress").value > 0`)
		if v := eval[float64](t, ctx, `document.getElementById("run-progress").value`); v > 100 {
			t.Errorf("the progress bar shows %v %%", v)
		}
		// The worker sends the run so far about every second.
		waitFor(t, ctx, `/s simulated: .* events sent/.test(document.getElementById("run-partial").textContent)`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("cancel-run"))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "cancelled"`)
		if got := digestShown(t, ctx); got != digest {
			t.Errorf("after Cancel the results are %s, want the last finished run's %s", got, digest)
		}
	})
}

// A closed section of the editor is drawn as its heading alone until a
// person opens it (which spares the first mount its fields); opened, it
// shows the scenario's values, an edit there runs, and the fields stay
// when it closes again.
func TestAClosedSectionDrawsItsFieldsWhenOpened(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"#preset=queue-consumer-group")
	waitLong(t, ctx, `document.getElementById("run-status").dataset.state === "done" && document.getElementById("card-idle") !== null`)
	groupType := js(field("consumer.group_type"))
	if eval[bool](t, ctx, `document.getElementById("section-group").open || document.querySelector("#section-group select, #section-group input") !== null`) {
		t.Fatal("the closed Consumer group section has fields before it is opened")
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#section-group > summary`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById(`+groupType+`) !== null`)
	if got := eval[string](t, ctx, `document.getElementById(`+groupType+`).value`); got != "consumer" {
		t.Errorf("the group type reads %q once opened, want the preset's consumer", got)
	}
	setField(t, ctx, field("consumer.group_type"), "share", "change")
	waitLong(t, ctx, `document.getElementById("run-status").dataset.state === "done" && document.getElementById("card-share-acquired") !== null`)
	if err := chromedp.Do(ctx, chromedp.Click(`#section-group > summary`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!document.getElementById("section-group").open`)
	if got := eval[string](t, ctx, `(document.getElementById(`+groupType+`) || {value: "gone"}).value`); got != "share" {
		t.Errorf("closed again, the group type reads %q, want share", got)
	}
}
