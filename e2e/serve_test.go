package e2e

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// cspWatch records every Content-Security-Policy violation a tab reports,
// through the page's own event and the browser's log.
type cspWatch struct {
	mu   sync.Mutex
	logs []string
}

func watchCSP(t *testing.T, ctx context.Context) *cspWatch {
	t.Helper()
	w := &cspWatch{}
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && strings.Contains(e.Entry.Text, "Content Security Policy") {
			w.mu.Lock()
			w.logs = append(w.logs, e.Entry.Text)
			w.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	// Scripts added this way run before the page's and are not subject to
	// its policy.
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.cspViolations = [];
			document.addEventListener("securitypolicyviolation", e =>
				window.cspViolations.push(e.violatedDirective + " blocked " + e.blockedURI));`})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *cspWatch) check(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	seen := eval[[]string](t, ctx, `window.cspViolations`)
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(seen)+len(w.logs) > 0 {
		t.Errorf("%s: Content-Security-Policy violations: %q %q", where, seen, w.logs)
	}
}

// TestAppRunsUnderItsContentSecurityPolicy opens every page of the served
// app, runs a simulation and downloads a chart as PNG (drawn through a
// canvas) and SVG, and expects no violation of the policy serve sends.
func TestAppRunsUnderItsContentSecurityPolicy(t *testing.T) {
	res, err := http.Get(env.baseURL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") {
		t.Fatalf("serve sends no policy to test (%q)", csp)
	}
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	csp := watchCSP(t, ctx)

	open(t, ctx, env.baseURL)
	waitDigest(t, ctx, "results", cliResult(t, "order-events").Digest)
	waitForServiceWorker(t, ctx)
	eval[bool](t, ctx, `(() => { window.saved = [];
		HTMLAnchorElement.prototype.click = function () { window.saved.push(this.download); };
		document.querySelector("#chart-records .downloads button:nth-child(1)").click();
		document.querySelector("#chart-records .downloads button:nth-child(2)").click();
		return true; })()`)
	waitFor(t, ctx, `window.saved.length === 2`)
	csp.check(t, ctx, "Simulate")

	for _, p := range []struct{ path, ready string }{
		{"keys", `document.querySelectorAll("#result-table tbody tr").length > 0`},
		{"learn", `document.querySelector("#main h1") !== null`},
		{"compare", `document.querySelector("#main h1") !== null`},
		{"simplified", `document.querySelector("#main h1") !== null`},
	} {
		open(t, ctx, env.baseURL+p.path)
		waitFor(t, ctx, p.ready)
		csp.check(t, ctx, p.path)
	}
}
