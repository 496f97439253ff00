package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
)

// bundlesFetched are the addresses of the languages' bundles the page
// asked for (app/langbundle), by the browser's own record of its requests.
func bundlesFetched(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `performance.getEntriesByType("resource").map(e => e.name).filter(n => n.includes("/web/lang/"))`)
}

// app.wasm holds English's words only: a page in another language reads
// its language's bundle, once (loading-i18n.js starts it while app.wasm
// downloads, and the app takes that answer), and a page in English reads
// none. It holds as well when the language is the browser's rather than
// the address's.
func TestEachPageReadsItsLanguagesWordsOnce(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"/keys")
	if got := bundlesFetched(t, ctx); len(got) != 0 {
		t.Errorf("the English page fetched %q", got)
	}

	for _, c := range []struct {
		name, path, acceptLanguage string
		l                          i18n.Lang
	}{
		{"by the address", "/keys?lang=ko", "", i18n.Korean},
		{"by the browser", "/keys", "fr-FR,fr", i18n.French},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			if c.acceptLanguage != "" {
				if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
					t.Fatal(err)
				}
				ua := eval[string](t, ctx, `navigator.userAgent`)
				if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride,
					emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: c.acceptLanguage}); err != nil {
					t.Fatal(err)
				}
			}
			open(t, ctx, env.baseURL+c.path)
			got := bundlesFetched(t, ctx)
			if len(got) != 1 || !strings.HasSuffix(got[0], "/web/lang/"+string(c.l)+".json") {
				t.Errorf("the page fetched the bundles %q, want %s's once", got, c.l)
			}
			lead := eval[string](t, ctx, `document.getElementById("main").textContent`)
			if want := i18n.For(c.l).T("keys.lead"); !strings.Contains(lead, want) {
				t.Errorf("the page does not say %q", want)
			}
			if eval[bool](t, ctx, `document.getElementById("lang-banner") !== null`) {
				t.Error("the page says its words could not be loaded")
			}
		})
	}
}

// When a language's words cannot be had, the page says so in English,
// the words it has, and offers to load it again; it still works. So does
// the embed (its own module, embed.wasm).
func TestPageWithoutItsLanguagesWordsSaysSo(t *testing.T) {
	ctx := withoutBundles(t, "/keys?lang=ko")
	en := i18n.For(i18n.English)
	if got := eval[string](t, ctx, `document.getElementById("nav-keys").textContent`); got != en.T("nav.keys") {
		t.Errorf("the menu reads %q, want English's %q", got, en.T("nav.keys"))
	}
	// The page works: a key typed is placed.
	setField(t, ctx, "keys", "customer-42\n", "input")
	waitFor(t, ctx, `document.getElementById("result-table").innerText.includes("customer-42")`)
}

func TestEmbedWithoutItsLanguagesWordsSaysSo(t *testing.T) {
	ctx := withoutBundles(t, "embed?lang=ko#preset=order-events")
	waitFor(t, ctx, `document.getElementById("embed-status").dataset.state === "done"`)
}

// withoutBundles opens path in a Korean tab whose languages' bundles never
// arrive, and checks that the page's banner says so in English.
func withoutBundles(t *testing.T, path string) context.Context {
	t.Helper()
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	blockRequests(t, ctx, "*://*:*/web/lang/*")
	open(t, ctx, env.baseURL+path)
	want := strings.Replace(i18n.For(i18n.English).T("lang.failed"), "{lang}", i18n.Korean.Name(), 1)
	if banner := eval[string](t, ctx, `(document.getElementById("lang-banner") || {}).textContent || ""`); !strings.Contains(banner, want) {
		t.Errorf("%s: the banner reads %q, want %q", path, banner, want)
	}
	return ctx
}
