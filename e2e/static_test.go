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
// the host away and reloads: the service worker alone must start the app.
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
	if n := len(readTable(t, ctx)); n == 0 {
		t.Fatalf("the static site shows no keys")
	}
	if href := eval[string](t, ctx, `document.getElementById("nav-keys").getAttribute("href")`); href != "/partitionlab/" {
		t.Errorf("the navigation links to %q, want /partitionlab/ (links must stay under the sub-path)", href)
	}
	waitForServiceWorker(t, ctx)

	host.Close()
	if _, err := http.Get(url); err == nil {
		t.Fatalf("the host still answers after Close; the offline check would prove nothing")
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatalf("reloading offline: %v", err)
	}
	waitFor(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.querySelector("#chart svg") !== null`)
	setField(t, ctx, "keys", "offline-key", "input")
	waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length === 1`)
	if rows := readTable(t, ctx); !strings.EqualFold(rows[0].Key, "offline-key") {
		t.Errorf("offline, the table shows %+v", rows)
	}
}
