package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"partitionlab/app/embedlink"
	"partitionlab/sim"
)

// hostOn serves h on a loopback port of its own (another origin than the
// app's) until the test ends, and returns its address ending in "/".
func hostOn(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/"
}

// articleHost is another site: a page of an article with body in it,
// which records every message its frames send it and sizes the iframe
// from the embed's height message, as the README tells authors to.
func articleHost(t *testing.T, body string) string {
	t.Helper()
	html := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An article</title></head>
<body><main><h1>Salting a hot customer</h1><p>The paragraph the embed illustrates.</p>` + body + `
<script>
window.got = [];
addEventListener("message", (e) => {
  window.got.push({origin: e.origin, data: e.data});
  if (e.data && e.data.type === "` + embedlink.HeightMessage + `") {
    for (const f of document.querySelectorAll("iframe")) { if (e.source === f.contentWindow) f.height = e.data.height; }
  }
});
</script></main></body></html>`
	return hostOn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	}))
}

// inFrame evaluates a JavaScript expression in the document of the
// page's first frame (another origin: the page's own scripts cannot
// reach it), in a world of the test's own that shares its DOM.
func inFrame[T any](t testing.TB, ctx context.Context, expr string) (T, error) {
	var out T
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return out, err
	}
	if len(tree.FrameTree.ChildFrames) == 0 {
		return out, fmt.Errorf("the page has no frame")
	}
	world, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: tree.FrameTree.ChildFrames[0].Frame.ID})
	if err != nil {
		return out, err
	}
	byValue := true
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ContextID: world.ExecutionContextID, ReturnByValue: &byValue})
	if err != nil {
		return out, err
	}
	if res.ExceptionDetails != nil {
		return out, fmt.Errorf("%s", res.ExceptionDetails.Text)
	}
	return out, json.Unmarshal([]byte(res.Result.Value), &out)
}

// waitInFrame polls a condition in the frame's document.
func waitInFrame(t testing.TB, ctx context.Context, cond, describe string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ok, err := inFrame[bool](t, ctx, `(() => { try { return !!(`+cond+`); } catch (e) { return false; } })()`)
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			got, _ := inFrame[string](t, ctx, describe)
			t.Fatalf("in the embed, %s never held (%v); it shows %s", cond, err, got)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// previewDone is the condition that the dialog's preview shows its run
// (clicking it on when the loaded machine makes it wait for a click).
const previewDone = `(() => { const d = document.getElementById("embed-preview").contentDocument;
	const go = d.getElementById("run-confirm"); if (go) { go.click(); }
	const s = d.getElementById("embed-status");
	return s !== null && s.dataset.digest !== "" && s.dataset.state === "done"; })()`

// frameDigest is the condition that the embed shows the run of digest.
// A run the loaded machine makes long waits for a click, as everywhere:
// the reader clicks it.
func frameDigest(digest string) string {
	return `(() => { const go = document.getElementById("run-confirm"); if (go) { go.click(); }
		return document.getElementById("embed-status").dataset.digest === ` + js(digest) + `; })()`
}

const frameShows = `(document.getElementById("embed") || {innerText: "no embed"}).innerText.slice(0, 400) + " | " + JSON.stringify((document.getElementById("embed-status") || {dataset: {}}).dataset)`

// cliDigest is the command line's digest of a preset with changes.
func cliDigest(t *testing.T, preset string, sets ...string) string {
	t.Helper()
	args := []string{"simulate", "--preset", preset, "--json"}
	for _, s := range sets {
		args = append(args, "--set", s)
	}
	out, err := exec.Command(env.bin, args...).Output()
	if err != nil {
		t.Fatalf("partitionlab %s: %v", strings.Join(args, " "), err)
	}
	var r sim.Result
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	return r.Digest
}

// dialogSnippet opens the Embed dialog of Simulate at site (serve's or a
// static host's), lets the reader change the partition count, and copies
// the snippet the dialog writes, which its preview shows.
func dialogSnippet(t *testing.T, ctx context.Context, site string) string {
	t.Helper()
	open(t, ctx, site+"#preset=hot-customer")
	waitLong(t, ctx, `document.getElementById("embed-button") !== null`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("embed-button"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("embed-control-pick-0") !== null`)
	setField(t, ctx, "embed-control-pick-0", "topic.partitions", "change")
	waitFor(t, ctx, `document.getElementById("embed-snippet").value.includes("ctl=topic.partitions")`)
	return previewedSnippet(t, ctx)
}

// previewedSnippet is the dialog's snippet, once its preview shows the
// embed the snippet frames; then the dialog is closed. (A run left in
// flight here makes the framed embed ask for a click, which the tests
// give, as a reader would.)
func previewedSnippet(t *testing.T, ctx context.Context) string {
	t.Helper()
	snippet := eval[string](t, ctx, `document.getElementById("embed-snippet").value`)
	src := strings.ReplaceAll(strings.SplitN(strings.TrimPrefix(snippet, `<iframe src="`), `"`, 2)[0], "&amp;", "&")
	waitLong(t, ctx, `(() => { const f = document.getElementById("embed-preview");
		return f.src === `+js(src)+` && f.contentDocument.getElementById("embed") !== null; })()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("embed-close"))); err != nil {
		t.Fatal(err)
	}
	return snippet
}

// embedTab is a tab of its own browser context for a test that loads the
// app several times on a loaded machine.
func embedTab(t *testing.T) context.Context {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(env.browser, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, 8*time.Minute)
	t.Cleanup(func() { cancel(); cancelTab() })
	return ctx
}

// TestEmbedInAnotherSite: an article on another origin frames the snippet
// the Embed dialog wrote, from serve and from a static host. The embed
// shows its numbers with the command line's digest, says its height to
// the article, gives the command line's digest for a reader's changed
// setting, and opens the full app on exactly that run.
func TestEmbedInAnotherSite(t *testing.T) {
	base := cliDigest(t, "hot-customer")
	changed := cliDigest(t, "hot-customer", "topic.partitions=24")

	site := filepath.Join(env.dir, "embed-site")
	if out, err := exec.Command(env.bin, "static", site, "--web", env.web).CombinedOutput(); err != nil {
		t.Fatalf("partitionlab static: %v\n%s", err, out)
	}
	static := hostOn(t, http.FileServer(http.Dir(site)))

	for _, from := range []struct{ name, site string }{{"serve", env.baseURL}, {"static", static}} {
		t.Run(from.name, func(t *testing.T) {
			ctx := embedTab(t)
			snippet := dialogSnippet(t, ctx, from.site)
			if !strings.HasPrefix(snippet, `<iframe src="`+from.site+`embed/#`) || !strings.Contains(snippet, `title="`) {
				t.Errorf("the snippet is %s; want an iframe of %sembed/ with a title", snippet, from.site)
			}
			article := articleHost(t, snippet)
			if err := chromedp.Do(ctx, chromedp.Navigate(article)); err != nil {
				t.Fatal(err)
			}
			waitInFrame(t, ctx, frameDigest(base), frameShows)
			waitInFrame(t, ctx, `document.querySelectorAll("#cards .stat").length === 4 && document.querySelector("#card-load .stat-value").textContent.includes("×")`, frameShows)
			waitInFrame(t, ctx, `document.querySelector("#chart-records svg") !== null`, frameShows)

			// The height message: the fixed shape, from the embed's origin.
			waitFor(t, ctx, `window.got.length > 0`)
			type message struct {
				Origin string         `json:"origin"`
				Data   map[string]any `json:"data"`
			}
			got := eval[[]message](t, ctx, `window.got`)
			embedOrigin := strings.TrimSuffix(from.site, "/")
			for _, m := range got {
				h, ok := m.Data["height"].(float64)
				if m.Origin != embedOrigin || m.Data["type"] != embedlink.HeightMessage || len(m.Data) != 2 || !ok || h < 100 {
					t.Errorf("the article got %+v; want only {type: %s, height: N} from %s", m, embedlink.HeightMessage, embedOrigin)
				}
			}
			waitFor(t, ctx, `Number(document.querySelector("iframe").height) === window.got[window.got.length - 1].data.height`)
			t.Logf("the embed says it is %v px high at %v px wide (the snippet's height: %s)",
				eval[float64](t, ctx, `window.got[window.got.length - 1].data.height`),
				eval[float64](t, ctx, `document.querySelector("iframe").clientWidth`),
				eval[string](t, ctx, `document.querySelector("iframe").getAttribute("style") && (/height="(\d+)"/.exec(`+js(snippet)+`) || [])[1]`))

			// A reader's change: the command line's digest for it.
			if _, err := inFrame[bool](t, ctx, `(() => { const el = document.getElementById("embed-control-0");
				el.value = "24"; el.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`); err != nil {
				t.Fatal(err)
			}
			waitInFrame(t, ctx, frameDigest(changed), frameShows)

			// Open in Partition Lab: the full app on exactly that run.
			open, err := inFrame[string](t, ctx, `document.getElementById("embed-open").href`)
			if err != nil || !strings.HasPrefix(open, from.site) {
				t.Fatalf("Open in Partition Lab links to %q (%v)", open, err)
			}
			full := embedTab(t)
			if err := chromedp.Do(full, chromedp.Navigate(open)); err != nil {
				t.Fatal(err)
			}
			waitLong(t, full, `(() => { const go = document.getElementById("run-confirm"); if (go) { go.click(); }
				return (document.getElementById("results") || {dataset: {}}).dataset.digest === `+js(changed)+`; })()`)
		})
	}
}

// TestOnlyTheEmbedIsFramedFromServe: an article that frames serve's other
// pages gets Chromium's error page in each frame; the embed loads.
func TestOnlyTheEmbedIsFramedFromServe(t *testing.T) {
	paths := []string{"embed#preset=hot-customer", "", "compare", "learn", "keys", "simplified"}
	var frames strings.Builder
	for _, p := range paths {
		frames.WriteString(`<iframe src="` + env.baseURL + p + `" title="` + p + `"></iframe>`)
	}
	ctx := embedTab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(articleHost(t, frames.String()))); err != nil {
		t.Fatal(err)
	}
	waitInFrame(t, ctx, `document.getElementById("embed-status") !== null`, frameShows)
	deadline := time.Now().Add(30 * time.Second)
	for {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			t.Fatal(err)
		}
		var refused, loaded []string
		for _, c := range tree.FrameTree.ChildFrames {
			if strings.HasPrefix(c.Frame.URL, "chrome-error:") {
				refused = append(refused, c.Frame.UnreachableURL)
			} else {
				loaded = append(loaded, c.Frame.URL)
			}
		}
		if len(refused) == len(paths)-1 && len(loaded) == 1 && strings.Contains(loaded[0], "/embed") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("frames loaded: %v; refused: %v; want only the embed loaded", loaded, refused)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// TestEmbedAxeAtItsWidths: the embed, with two charts, the evidence and
// three controls, has no violation axe-core finds at 320 and 900 px.
func TestEmbedAxeAtItsWidths(t *testing.T) {
	src, err := os.ReadFile(filepath.FromSlash(axePath))
	if err != nil {
		t.Fatalf("axe-core is not installed (%v): run make tools", err)
	}
	addr := env.baseURL + "embed?lang=fr#preset=thread-pool&cards=load,violations-order,lag,p99&charts=records,lag&show=evidence" +
		"&ctl=consumer.concurrency:1..12&ctl=consumer.mode:sequential|thread_pool|per_key_queues&ctl=topic.partitions:1..48"
	ctx := embedTab(t)
	for _, w := range []int64{320, 900} {
		t.Run(strconv.FormatInt(w, 10), func(t *testing.T) {
			if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: w, Height: 800, DeviceScaleFactor: 1, Mobile: w < 400}); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, addr)
			waitLong(t, ctx, `document.getElementById("embed-status").dataset.digest !== "" && document.getElementById("embed-evidence") !== null`)
			if overflow := eval[bool](t, ctx, `document.documentElement.scrollWidth > window.innerWidth + 1`); overflow {
				t.Errorf("at %d px the embed scrolls sideways", w)
			}
			eval[bool](t, ctx, `(()=>{ if (!window.axe) { (0, eval)(`+js(string(src))+`); } return true; })()`)
			vs := eval[[]axeViolation](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
				id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map(n => n.target.join(" "))})))`,
				chromedp.EvalAwaitPromise)
			for _, v := range vs {
				t.Errorf("%s (%s): %s, at %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, " | "))
			}
		})
	}
}

// TestEmbedOfAComparison: Compare's Embed writes a snippet whose embed,
// framed by another site, runs the same two scenarios (the same digests
// as the Compare page) and shows their differences.
func TestEmbedOfAComparison(t *testing.T) {
	ctx := embedTab(t)
	open(t, ctx, env.baseURL+"compare#a.preset=thread-pool&b.preset=per-key-queues")
	waitLong(t, ctx, `document.getElementById("digest-b") !== null && document.getElementById("embed-button") !== null`)
	a := eval[string](t, ctx, `document.getElementById("digest-a").textContent`)
	b := eval[string](t, ctx, `document.getElementById("digest-b").textContent`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("embed-button"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("embed-snippet") !== null && document.getElementById("embed-charts") === null`)
	snippet := previewedSnippet(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(articleHost(t, snippet))); err != nil {
		t.Fatal(err)
	}
	waitInFrame(t, ctx, frameDigest(b), frameShows)
	waitInFrame(t, ctx, `document.getElementById("embed-diff").dataset.digestA === `+js(a)+
		` && document.querySelectorAll("#diff-table tbody tr").length === 4`, frameShows)
}

// TestSweepEmbed: a finished sweep's Embed frames its recommended point,
// with the varied setting as the reader's control. The dialog's own
// snippet, framed by an article on another origin, gives the command
// line's digest for that point, and for another value the reader picks.
func TestSweepEmbed(t *testing.T) {
	vary := []string{"topic.partitions=3,6,12"}
	want := sweepCLI(t, "--preset", "order-events", "--vary", vary[0], "--require", "load<=1.3")
	if want.Recommended == nil {
		t.Fatalf("the command line recommends no point: %s", want.Why)
	}
	values := []string{"3", "6", "12"}
	rec := values[want.Recommended.Index]
	other := values[(want.Recommended.Index+1)%len(values)]
	recDigest := cliDigest(t, "order-events", "topic.partitions="+rec)
	otherDigest := cliDigest(t, "order-events", "topic.partitions="+other)
	if recDigest != want.Points[want.Recommended.Index].Digests[0] {
		t.Fatalf("simulate --set gives %s, the sweep's point %s", recDigest, want.Points[want.Recommended.Index].Digests[0])
	}

	ctx := embedTab(t)
	open(t, ctx, env.baseURL+"sweep#"+sweepFragment("order-events", vary, "load<=1.3"))
	readSweep(t, ctx)
	waitFor(t, ctx, `document.querySelector("#sweep-embed #embed-button") !== null`)
	// Once, in a full run on a loaded machine, the dialog had not opened 45 s
	// after the click: the page notes where clicks land, to say why if again.
	eval[bool](t, ctx, `(window.clicksSeen = [], document.addEventListener("click", (e) =>
		clicksSeen.push((e.target.id || e.target.tagName) + (e.target.isConnected ? "" : " (detached)")), true), true)`)
	if err := chromedp.Do(ctx, chromedp.Click(`#sweep-embed #embed-button`)); err != nil {
		t.Fatal(err)
	}
	waitForOr(t, ctx, `document.getElementById("embed-snippet") !== null`, `JSON.stringify({clicks: window.clicksSeen,
		expanded: (document.getElementById("embed-button") || {ariaExpanded: "no button"}).ariaExpanded,
		embed: (document.getElementById("sweep-embed") || {outerHTML: "none"}).outerHTML.slice(0, 300),
		final: (document.getElementById("sweep-outcome") || {dataset: {}}).dataset.final, hash: location.hash.length})`)
	snippet := previewedSnippet(t, ctx)
	if !strings.Contains(snippet, "ctl=topic.partitions") {
		t.Errorf("the sweep's snippet lets the reader change nothing: %s", snippet)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(articleHost(t, snippet))); err != nil {
		t.Fatal(err)
	}
	waitInFrame(t, ctx, frameDigest(recDigest), frameShows)
	if _, err := inFrame[bool](t, ctx, `(() => { const el = document.getElementById("embed-control-0");
		el.value = `+js(other)+`; el.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`); err != nil {
		t.Fatal(err)
	}
	waitInFrame(t, ctx, frameDigest(otherDigest), frameShows)
}
