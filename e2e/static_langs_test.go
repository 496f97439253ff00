package e2e

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
)

// stoppableHost serves h on a loopback port and returns its URL and a
// function that takes it away.
func stoppableHost(t *testing.T, h http.Handler) (string, func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String(), func() { srv.Close() }
}

// captureFirstPaint makes every document the tab opens note, when its HTML
// has been parsed (before app.wasm can have started), its <html lang> and
// the Simulate page's lead, and whether the app had mounted.
func captureFirstPaint(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `document.addEventListener("DOMContentLoaded", () => {
			window.langAtStart = document.documentElement.lang;
			window.leadAtStart = document.querySelector(".lead")?.textContent ?? "";
			window.mountedAtStart = document.querySelector("[data-app-mounted]") !== null;
		});`}); err != nil {
		t.Fatal(err)
	}
}

// On a plain static host each language's pages are at its path, in it
// from the first paint, with hreflang links between them; links and the
// picker keep the language; and once loaded, the pages open in their
// language with the host gone.
func TestStaticSiteHasAPagePerLanguageOfflineToo(t *testing.T) {
	site := writeStatic(t, "/lab/")
	for _, l := range i18n.Langs() {
		t.Run(string(l), func(t *testing.T) { checkStaticLang(t, site, l) })
	}
}

// checkStaticLang checks language l's pages of the static site in a
// browser of its own, online, then with the host gone.
func checkStaticLang(t *testing.T, site string, l i18n.Lang) {
	origin, stop := stoppableHost(t, http.StripPrefix("/lab", http.FileServer(http.Dir(site))))
	root := origin + "/lab/"
	c := i18n.For(l)
	dir := ""
	if l != i18n.English {
		dir = string(l) + "/"
	}
	// A tab that loads the app four times: more than newTab's two minutes
	// on a loaded machine.
	tab, cancelTab := chromedp.NewContext(env.browser, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, 6*time.Minute)
	t.Cleanup(func() { cancel(); cancelTab() })
	captureFirstPaint(t, ctx)
	open(t, ctx, root+dir)
	if got := eval[string](t, ctx, `window.langAtStart`); got != l.Tag() {
		t.Errorf("/lab/%s: <html lang=%q> before the app starts, want %q", dir, got, l.Tag())
	}
	if got := eval[string](t, ctx, `window.leadAtStart`); got != c.T("simulate.lead") {
		t.Errorf("/lab/%s: the first paint reads %q, want %q", dir, got, c.T("simulate.lead"))
	}
	alt := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('link[rel=alternate][hreflang]')].map(a => [a.hreflang, a.getAttribute("href")]))`)
	want := map[string]string{"x-default": "/lab/", "en": "/lab/", "pt-BR": "/lab/pt/", "es": "/lab/es/", "fr": "/lab/fr/", "ko": "/lab/ko/"}
	for tag, href := range want {
		if alt[tag] != href {
			t.Errorf("/lab/%s: hreflang %s links to %q, want %q (all: %v)", dir, tag, alt[tag], href, alt)
		}
	}
	// The app, mounted, keeps the language in its links as a path.
	for sel, want := range map[string]string{
		"#nav-keys":                    "/lab/" + dir + "keys",
		`#lang-menu a[data-lang="fr"]`: "/lab/fr/",
		`#lang-menu a[data-lang="en"]`: "/lab/",
		`#lang-menu a[data-lang="ko"]`: "/lab/ko/",
		`#lang-menu a[data-lang="pt"]`: "/lab/pt/",
	} {
		if got := eval[string](t, ctx, `document.querySelector(`+js(sel)+`).getAttribute("href")`); got != want {
			t.Errorf("/lab/%s: %s links to %q, want %q", dir, sel, got, want)
		}
	}
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != l.Tag() {
		t.Errorf("/lab/%s: the app set <html lang=%q>", dir, got)
	}
	waitForServiceWorker(t, ctx)
	if l == i18n.Korean {
		// A page under the language's path resolves to its page, in it.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("nav-keys"))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, `document.querySelectorAll("#result-table tbody tr").length > 0 && location.pathname === "/lab/ko/keys"`)
		if got := eval[string](t, ctx, `document.querySelector("#nav-keys").getAttribute("aria-current") + " " + document.documentElement.lang`); got != "page ko" {
			t.Errorf("/lab/ko/keys: current menu item and language %q, want \"page ko\"", got)
		}
		// ?lang= still works on the English addresses (and is kept as the
		// language picked, which a language's path takes precedence over).
		open(t, ctx, root+"keys?lang=es")
		if got := eval[string](t, ctx, `document.documentElement.lang + " " + document.querySelector("#nav-keys").getAttribute("href")`); got != "es /lab/es/keys" {
			t.Errorf("/lab/keys?lang=es: language and link %q, want \"es /lab/es/keys\"", got)
		}
	}

	stop()
	if _, err := http.Get(root); err == nil {
		t.Fatal("the host still answers; the offline check would prove nothing")
	}
	for _, path := range []string{dir, dir + "keys"} {
		open(t, ctx, root+path)
		if eval[bool](t, ctx, `window.mountedAtStart`) {
			t.Fatalf("/lab/%s offline: the app had mounted when the page was parsed; the check would prove nothing", path)
		}
		if got := eval[string](t, ctx, `window.langAtStart`); got != l.Tag() {
			t.Errorf("/lab/%s offline: <html lang=%q> at the first paint, want %q", path, got, l.Tag())
		}
		if path == dir {
			if got, want := eval[string](t, ctx, `window.leadAtStart`), c.T("simulate.lead"); got != want {
				t.Errorf("/lab/%s offline: the first paint reads %q, want %q", path, got, want)
			}
		} else {
			waitFor(t, ctx, `document.querySelector("#nav-keys[aria-current=page]") !== null && document.documentElement.lang === `+js(l.Tag()))
		}
	}
}
