package e2e

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// requestLog records the addresses a tab asks for (those the service
// worker answers included), as paths under the site's root.
type requestLog struct {
	root  string
	mu    sync.Mutex
	paths []string
}

// logRequests records what ctx's tab asks for under site (its root
// address, ending in "/").
func logRequests(t *testing.T, ctx context.Context, site string) *requestLog {
	t.Helper()
	root, err := url.Parse(site)
	if err != nil {
		t.Fatal(err)
	}
	l := &requestLog{root: root.Path}
	err = chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			if u, err := url.Parse(e.Request.URL); err == nil {
				if p, ok := strings.CutPrefix(u.Path, l.root); ok {
					l.mu.Lock()
					l.paths = append(l.paths, p)
					l.mu.Unlock()
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	return l
}

// taken are the paths asked for since the last call.
func (l *requestLog) taken() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	paths := l.paths
	l.paths = nil
	return paths
}

// cacheFiles are the file names in each of the page's origin's caches, by
// cache name.
const cacheFiles = `caches.keys().then((keys) => Promise.all(keys.map((k) =>
	caches.open(k).then((c) => c.keys()).then((rs) => [k, rs.map((r) => new URL(r.url).pathname.split("/").pop())]))))
	.then((all) => Object.fromEntries(all))`

// TestEmbedLoadsOnlyWhatItNeeds: the embed, from serve and from a static
// site under a sub-path, loads embed.wasm and never app.wasm nor Learn's
// style sheet, runs with the command line's digest, and its own service
// worker (scope: the embed's directory) keeps the embed's files and not
// the app's. The full app, opened next in the same browser, still loads
// app.wasm and not embed.wasm, and its worker leaves the embed's cache
// alone. Then, with the static host gone, the embed opens offline in
// another language and gives the command line's digest for another
// scenario.
func TestEmbedLoadsOnlyWhatItNeeds(t *testing.T) {
	digest := cliDigest(t, "hot-customer")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	staticHost := &http.Server{Handler: http.StripPrefix("/lab", http.FileServer(http.Dir(writeStatic(t, "/lab/")))), ReadHeaderTimeout: 10 * time.Second}
	go staticHost.Serve(ln)
	defer staticHost.Close()
	static := "http://" + ln.Addr().String() + "/lab/"
	for _, from := range []struct{ name, site string }{{"serve", env.baseURL}, {"static", static}} {
		t.Run(from.name, func(t *testing.T) {
			ctx := embedTab(t)
			log := logRequests(t, ctx, from.site)
			open(t, ctx, from.site+"embed/#preset=hot-customer")
			waitLong(t, ctx, frameDigest(digest))
			waitForServiceWorker(t, ctx)
			scope := eval[string](t, ctx, `navigator.serviceWorker.ready.then((r) => r.scope)`, chromedp.EvalAwaitPromise)
			if scope != from.site+"embed/" {
				t.Errorf("the embed's service worker has the scope %s, want %sembed/", scope, from.site)
			}
			asked := log.taken()
			// (engine.wasm is asked for by the engine's worker, whose requests
			// are not the page's.)
			for _, want := range []string{"web/embed.wasm", "web/engine-worker.js", "web/embed.css"} {
				if !slices.Contains(asked, want) {
					t.Errorf("the embed never asked for %s (it asked for %v)", want, asked)
				}
			}
			for _, never := range []string{"web/app.wasm", "web/learn.css", "app-worker.js"} {
				if slices.Contains(asked, never) {
					t.Errorf("the embed asked for %s: %v", never, asked)
				}
			}
			kept := waitForCaches(t, ctx, 1)
			for name, files := range kept {
				if !strings.HasPrefix(name, "embed-") || !slices.Contains(files, "embed.wasm") || slices.Contains(files, "app.wasm") || slices.Contains(files, "learn.css") {
					t.Errorf("the embed's worker keeps %s: %v; want embed-VERSION with embed.wasm and neither app.wasm nor learn.css", name, files)
				}
			}

			open(t, ctx, from.site+"#preset=hot-customer")
			waitDigest(t, ctx, "results", digest)
			waitForServiceWorker(t, ctx)
			asked = log.taken()
			if !slices.Contains(asked, "web/app.wasm") || slices.Contains(asked, "web/embed.wasm") {
				t.Errorf("the full app asked for %v; want web/app.wasm and not web/embed.wasm", asked)
			}
			kept = waitForCaches(t, ctx, 2)
			for name, files := range kept {
				if strings.HasPrefix(name, "app-") && slices.Contains(files, "embed.wasm") {
					t.Errorf("the app's worker keeps embed.wasm")
				}
			}

			if from.name != "static" {
				return
			}
			if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
				t.Fatal(err)
			}
			staticHost.Close()
			if _, err := http.Get(static); err == nil {
				t.Fatal("the host still answers after Close; the offline check would prove nothing")
			}
			open(t, ctx, from.site+"embed/?lang=ko#preset=thread-pool")
			waitLong(t, ctx, frameDigest(cliDigest(t, "thread-pool")))
			if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "ko" {
				t.Errorf("offline, the embed is in %q, want ko", lang)
			}
		})
	}
}

// waitForCaches waits until the page's service worker has activated (its
// installation kept every file, its activation deleted what it deletes)
// and the origin holds n caches, and returns them.
func waitForCaches(t *testing.T, ctx context.Context, n int) map[string][]string {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		state := eval[string](t, ctx, `navigator.serviceWorker.ready.then((r) => r.active.state)`, chromedp.EvalAwaitPromise)
		kept := eval[map[string][]string](t, ctx, cacheFiles, chromedp.EvalAwaitPromise)
		if state == "activated" && len(kept) == n {
			return kept
		}
		if time.Now().After(deadline) {
			t.Fatalf("the origin holds the caches %v, want %d", kept, n)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestEmbedModuleLeavesTheOtherPagesOut: embed.wasm, as make build
// writes it, holds no other page and neither report writer, and neither
// page module holds the engine (it runs in engine.wasm). Go keeps every
// linked function's name for its stack traces, stripped builds included:
// each page's name below is in app.wasm (so the check means something)
// and not in embed.wasm; the engine's is in engine.wasm alone.
func TestEmbedModuleLeavesTheOtherPagesOut(t *testing.T) {
	app, err := os.ReadFile(filepath.Join(env.web, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	embed, err := os.ReadFile(filepath.Join(env.web, "embed.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(embed, []byte("partitionlab/app.newEmbedPage")) {
		t.Fatal("embed.wasm has no embed page")
	}
	for _, name := range []string{"app.newSimulatePage", "app.newComparePage", "app.newSweepPage", "app.newLearnPage",
		"app.newKeysPage", "app/report.", "app/sweepreport."} {
		name = "partitionlab/" + name
		if !bytes.Contains(app, []byte(name)) {
			t.Errorf("app.wasm has no %s: the check of embed.wasm proves nothing", name)
		}
		if bytes.Contains(embed, []byte(name)) {
			t.Errorf("embed.wasm links %s", name)
		}
	}
	engine, err := os.ReadFile(filepath.Join(env.web, "engine.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	const run = "partitionlab/sim.NewWithOptions"
	if !bytes.Contains(engine, []byte(run)) {
		t.Errorf("engine.wasm has no %s: the check of the pages' modules proves nothing", run)
	}
	for file, b := range map[string][]byte{"app.wasm": app, "embed.wasm": embed} {
		if bytes.Contains(b, []byte(run)) {
			t.Errorf("%s links the engine (%s): only engine.wasm should", file, run)
		}
	}
	t.Logf("app.wasm %d bytes, embed.wasm %d bytes", len(app), len(embed))
}
