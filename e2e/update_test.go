package e2e

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestNewVersionIsOfferedAfterARebuild serves one build, then a changed one
// at the same address: the service worker keeps serving the old version
// (cache first) and the page offers to reload into the new one.
func TestNewVersionIsOfferedAfterARebuild(t *testing.T) {
	web := filepath.Join(env.dir, "web-update")
	if err := os.CopyFS(web, os.DirFS(env.web)); err != nil {
		t.Fatal(err)
	}
	old, base, err := serve(env.bin, web, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { old.Process.Kill(); old.Wait() }()
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, base)
	waitForServiceWorker(t, ctx)
	stopServer(t, old, base)

	// A rebuild: any change to web/ gives a new version.
	css := filepath.Join(web, "partitionlab.css")
	b, err := os.ReadFile(css)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(css, append(b, "\n/* rebuilt */\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(base)
	next, _, err := serve(env.bin, web, u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { next.Process.Kill(); next.Wait() }()

	open(t, ctx, base)
	waitFor(t, ctx, `document.getElementById("update-banner") !== null`)
	if _, err := chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil,
		chromedp.Click(chromedp.CSS("#update-banner button")))); err != nil {
		t.Fatalf("clicking Reload: %v", err)
	}
	waitFor(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.getElementById("update-banner") === null`)
	rebuilt, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`fetch("/web/partitionlab.css").then(r => r.text()).then(t => t.includes("rebuilt"))`, chromedp.EvalAwaitPromise))
	if err != nil || !rebuilt {
		t.Errorf("after Reload the page still gets the old files (rebuilt=%v, %v)", rebuilt, err)
	}
}
