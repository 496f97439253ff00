package e2e

import (
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
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
