package e2e

import (
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestStaticSiteWorksOfflineUnderSubPath publishes the app the way GitHub
// Pages serves a project site, at /partitionlab/, loads it once, then takes
// the host away and opens a shared link: the service worker alone must start
// the simulator, and the other pages must work too.
func TestStaticSiteWorksOfflineUnderSubPath(t *testing.T) {
	site := filepath.Join(env.dir, "site")
	out, err := exec.Command(env.bin, "static", site, "--base", "/partitionlab/", "--web", env.web).CombinedOutput()
	if err != nil {
		t.Fatalf("partitionlab static: %v\n%s", err, out)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/partitionlab/", http.StripPrefix("/partitionlab", http.FileServer(http.Dir(site))))
	host := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go host.Serve(ln)
	defer host.Close()
	url := "http://" + ln.Addr().String() + "/partitionlab/"

	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, url)
	waitDigest(t, ctx, "results", cliResult(t, "order-events").Digest)
	for id, want := range map[string]string{"nav-simulate": "/partitionlab/", "nav-keys": "/partitionlab/keys", "nav-compare": "/partitionlab/compare"} {
		if href := eval[string](t, ctx, `document.getElementById(`+js(id)+`).getAttribute("href")`); href != want {
			t.Errorf("the navigation links to %q, want %s (links must stay under the sub-path)", href, want)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("nav-keys"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length > 0`)
	waitForServiceWorker(t, ctx)

	host.Close()
	if _, err := http.Get(url); err == nil {
		t.Fatalf("the host still answers after Close; the offline check would prove nothing")
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	// A shared link opens offline: the scenario is in the fragment, which
	// the service worker's cache lookup ignores.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"#preset=thread-pool")); err != nil {
		t.Fatalf("opening a link offline: %v", err)
	}
	waitDigest(t, ctx, "results", cliResult(t, "thread-pool").Digest)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("nav-keys"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.querySelector("#chart svg") !== null`)
	setField(t, ctx, "keys", "offline-key", "input")
	waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length === 1`)
	if rows := readTable(t, ctx); !strings.EqualFold(rows[0].Key, "offline-key") {
		t.Errorf("offline, the table shows %+v", rows)
	}
	// An address with a query, reopened offline: the worker serves the start
	// page and the app shows the address's page.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"learn?lesson=hot-customer&step=2")); err != nil {
		t.Fatalf("reopening a lesson offline: %v", err)
	}
	waitFor(t, ctx, `(document.getElementById("learn-step-title") || {}).textContent?.startsWith("Step 2 of")`)
}

// writeStatic writes the static site for base into a new directory.
func writeStatic(t *testing.T, base string) string {
	t.Helper()
	site := filepath.Join(t.TempDir(), "site")
	out, err := exec.Command(env.bin, "static", site, "--base", base, "--web", env.web).CombinedOutput()
	if err != nil {
		t.Fatalf("partitionlab static: %v\n%s", err, out)
	}
	return site
}

// host serves h on a loopback port until the test ends and returns its URL.
func host(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// pagesHost answers as GitHub Pages does: the file, else the file with
// ".html", else the directory's index.html, else 404.html with status 404.
func pagesHost(site, prefix string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rel, ok := strings.CutPrefix(r.URL.Path, prefix)
		if !ok {
			http.NotFound(w, r)
			return
		}
		for _, try := range []string{rel, rel + ".html", strings.TrimSuffix(rel, "/") + "/index.html"} {
			if st, err := os.Stat(filepath.Join(site, filepath.FromSlash(try))); err == nil && !st.IsDir() {
				http.ServeFile(w, r, filepath.Join(site, filepath.FromSlash(try)))
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
		b, _ := os.ReadFile(filepath.Join(site, "404.html"))
		w.Write(b)
	})
}

// TestStaticPagesOpenDirectlyOnAnyHost: /lab/keys, /lab/learn?lesson=… and
// /lab/compare were 404 on hosts that serve keys/index.html for /keys/, and
// /lab/keys.html switched to go-app's "Not Found" once the app loaded.
func TestStaticPagesOpenDirectlyOnAnyHost(t *testing.T) {
	site := writeStatic(t, "/lab/")
	plain := host(t, http.StripPrefix("/lab", http.FileServer(http.Dir(site)))) + "/lab/"
	pages := host(t, pagesHost(site, "/lab/")) + "/lab/"
	keysReady := `document.querySelectorAll("#result-table tbody tr").length > 0`
	lessonReady := `(document.getElementById("learn-step-title") || {}).textContent?.startsWith("Step 2 of")`
	compareReady := `(document.getElementById("digest-b") || {}).textContent === ` + js(cliResult(t, "thread-pool").Digest)
	cases := []struct{ url, ready string }{
		{plain + "keys/", keysReady},
		{plain + "keys.html", keysReady},
		{plain + "learn/?lesson=hot-customer&step=2", lessonReady},
		{plain + "compare/#a.preset=thread-pool&b.preset=thread-pool", compareReady},
		{plain + "index.html", `document.getElementById("results") !== null`},
		{pages + "keys", keysReady},
		{pages + "learn?lesson=hot-customer&step=2", lessonReady},
		{pages + "compare#a.preset=thread-pool&b.preset=thread-pool", compareReady},
	}
	for _, c := range cases {
		ctx := newTab(t, chromedp.WithNewBrowserContext())
		open(t, ctx, c.url)
		waitFor(t, ctx, c.ready)
	}
	// An address the site does not have gets the 404.html fallback, whose
	// app says so.
	res, err := http.Get(pages + "nowhere")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("GET nowhere: %d", res.StatusCode)
	}
}

// TestEveryRequestOfAPageIsPrecached loads each page of a static site in a
// fresh browser and compares every address it asks its host for with the
// service worker's precache list: one left out (web/icon.svg was) is
// missing offline.
func TestEveryRequestOfAPageIsPrecached(t *testing.T) {
	site := writeStatic(t, "/lab/")
	origin := host(t, http.StripPrefix("/lab", http.FileServer(http.Dir(site))))
	list := readPrecacheList(t, filepath.Join(site, "app-worker.js"))
	precached := map[string]bool{}
	for _, u := range list {
		precached[u] = true
	}
	for _, path := range []string{"", "keys/", "learn/", "compare/", "simplified/"} {
		ctx := newTab(t, chromedp.WithNewBrowserContext())
		var mu sync.Mutex
		requested := map[string]bool{}
		if err := chromedp.Listen(ctx, func(ev any) {
			e, ok := ev.(*network.EventRequestWillBeSent)
			if !ok || e.Type == network.ResourceTypeDocument || !strings.HasPrefix(e.Request.URL, origin) {
				return
			}
			u, _ := url.Parse(e.Request.URL)
			mu.Lock()
			requested[u.RequestURI()] = true // a versioned address keeps its ?v=
			mu.Unlock()
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, origin+"/lab/"+path)
		waitForServiceWorker(t, ctx)
		waitFor(t, ctx, `document.readyState === "complete"`)
		mu.Lock()
		for u := range requested {
			if !precached[u] {
				t.Errorf("/lab/%s asks for %s, which the service worker does not precache", path, u)
			}
		}
		if len(requested) < 5 {
			t.Errorf("/lab/%s: only %d requests seen: %v", path, len(requested), requested)
		}
		mu.Unlock()
	}
}

func readPrecacheList(t *testing.T, worker string) []string {
	t.Helper()
	b, err := os.ReadFile(worker)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "const resourcesToCache = ")
	line, _, _ := strings.Cut(after, ";\n")
	var list []string
	if !ok || json.Unmarshal([]byte(line), &list) != nil {
		t.Fatalf("%s: no resourcesToCache list", worker)
	}
	return list
}
