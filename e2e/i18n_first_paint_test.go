package e2e

import (
	"context"
	"html"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
)

// withoutApp opens url in a new tab whose app.wasm never arrives, so the
// page stays as the server drew it (and as web/loading-i18n.js left it),
// as a slow connection shows it for the first 20 s. acceptLanguage, when
// given, is the browser's language.
func withoutApp(t *testing.T, url, acceptLanguage string) context.Context {
	t.Helper()
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if acceptLanguage != "" {
		ua := eval[string](t, ctx, `navigator.userAgent`)
		if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride,
			emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: acceptLanguage}); err != nil {
			t.Fatal(err)
		}
	}
	blockRequests(t, ctx, "*://*:*/web/app.wasm")
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.readyState === "complete"`)
	if eval[bool](t, ctx, `document.querySelector("[data-app-mounted]") !== null`) {
		t.Fatalf("%s: the app mounted although app.wasm was blocked", url)
	}
	return ctx
}

// blockRequests makes the tab's requests to addresses matching pattern
// fail, as a network that cannot reach them would.
func blockRequests(t *testing.T, ctx context.Context, pattern string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	block := []*network.BlockPattern{{URLPattern: pattern, Block: true}}
	if _, err := chromedp.Call(ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: block}); err != nil {
		t.Fatal(err)
	}
}

// A page opened with ?lang= is in that language before the app starts:
// the server draws it so (<html lang>, the title, the header, the loading
// label, the page, the Simulate page's results).
func TestPageIsInItsLanguageBeforeTheAppStarts(t *testing.T) {
	ko, pt := i18n.For(i18n.Korean), i18n.For(i18n.Portuguese)

	ctx := withoutApp(t, env.baseURL+"?lang=ko", "")
	check := func(what, expr, want string) {
		t.Helper()
		if got := eval[string](t, ctx, expr); got != want {
			t.Errorf("%s: %q, want %q", what, got, want)
		}
	}
	check("<html lang>", `document.documentElement.lang`, "ko")
	check("the title", `document.title`, ko.T("site.title"))
	check("the menu", `document.getElementById("nav-compare").textContent`, ko.T("nav.compare"))
	check("the picker", `document.getElementById("lang-picker").dataset.lang`, "ko")
	check("the menu's link", `document.getElementById("nav-keys").getAttribute("href")`, "/keys?lang=ko")
	label := eval[string](t, ctx, `document.getElementById("app-wasm-loader-label").textContent`)
	if prefix, _, _ := strings.Cut(ko.T("site.loading"), "{"); !strings.HasPrefix(label, strings.TrimSpace(prefix)) {
		t.Errorf("the loading label reads %q, want Korean's %q", label, ko.T("site.loading"))
	}
	if !eval[bool](t, ctx, `document.getElementById("results") !== null && JSON.parse(document.getElementById("prerendered-result").textContent).lang === "ko"`) {
		t.Errorf("the Simulate page has no results drawn in Korean")
	}
	if words := eval[[]string](t, ctx, strings.Replace(englishIn, "%s", js(englishWords), 1)); len(words) > 0 {
		t.Errorf("English on the Korean page before the app starts: %q", words)
	}

	ctx = withoutApp(t, env.baseURL+"keys?lang=pt", "")
	check("<html lang>", `document.documentElement.lang`, "pt-BR")
	check("the menu", `document.getElementById("nav-simulate").textContent`, pt.T("nav.simulate"))
	check("the picker", `document.getElementById("lang-picker").dataset.lang`, "pt")
	if lead := eval[string](t, ctx, `document.getElementById("main").textContent`); !strings.Contains(lead, pt.T("keys.lead")) {
		t.Errorf("Key → partition does not say %q before the app starts", pt.T("keys.lead"))
	}
}

// A page opened without ?lang= arrives in English (the page at an address
// is always the same); in a browser that speaks Korean, its frame is
// Korean at once (web/loading-i18n.js: <html lang>, the title, the menu,
// the picker), and the app draws the rest in Korean when it starts.
func TestFrameIsInTheBrowsersLanguageBeforeTheAppStarts(t *testing.T) {
	ko := i18n.For(i18n.Korean)
	ctx := withoutApp(t, env.baseURL+"keys", "ko-KR,ko")
	for what, c := range map[string][2]string{
		"<html lang>": {`document.documentElement.lang`, "ko"},
		"the title":   {`document.title`, ko.T("site.title")},
		"the menu":    {`document.getElementById("nav-learn").textContent`, ko.T("nav.learn")},
		"the picker":  {`document.getElementById("lang-picker").dataset.lang`, "ko"},
		"the label":   {`document.getElementById("app-wasm-loader-label").textContent.startsWith(` + js(ko.T("site.loadingNoProgress")[:len("앱을 불러오는")]) + `) + ""`, "true"},
	} {
		if got := eval[string](t, ctx, c[0]); got != c[1] {
			t.Errorf("%s: %q, want %q", what, got, c[1])
		}
	}
	// The address names no language, so the links keep naming none.
	if href := eval[string](t, ctx, `document.getElementById("nav-simulate").getAttribute("href")`); href != "/" {
		t.Errorf("the menu's link to Simulate is %q", href)
	}
}

// countTakenCharts counts the charts the app takes from the page
// (partitionlabEngine.prerenderedChart) in window.chartsTaken.
const countTakenCharts = `Object.defineProperty(window, "partitionlabEngine", {
  configurable: true,
  set(engine) {
    const take = engine.prerenderedChart;
    window.chartsTaken = 0;
    engine.prerenderedChart = (id) => { window.chartsTaken++; return take.call(engine, id); };
    Object.defineProperty(window, "partitionlabEngine", { value: engine, writable: true, configurable: true });
  },
});`

// The app opened with ?lang=ko shows the result the server drew in Korean
// without running it again, and takes its charts from the page instead of
// drawing them again: the page and the app speak the same language.
func TestKoreanPageKeepsItsPrerenderedResultAndCharts(t *testing.T) {
	want := cliResult(t, "order-events").Digest
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: countTakenCharts}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+"?lang=ko")
	waitFor(t, ctx, `document.querySelector("[data-app-mounted]") !== null`)
	waitDigest(t, ctx, "results", want)
	if ms := eval[float64](t, ctx, `+document.getElementById("run-status").dataset.simMs`); ms != 0 {
		t.Errorf("the app ran the default scenario again (%v ms) instead of showing the page's result", ms)
	}
	if n := eval[float64](t, ctx, `window.chartsTaken || 0`); n == 0 {
		t.Errorf("the app drew the charts again instead of taking the Korean page's")
	}
	if got := eval[string](t, ctx, `document.querySelector("#results figure.chart figcaption, #results figure.chart") .textContent.slice(0, 200)`); !strings.ContainsFunc(got, func(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 }) {
		t.Errorf("the results' first chart has no Korean: %q", got)
	}
}

// The page as the server drew it shows each menu at its chosen option:
// go-app writes an option not chosen as selected="false", which HTML reads
// as chosen, so every menu showed its last option until the app started.
func TestMenusShowTheirChoiceBeforeTheAppStarts(t *testing.T) {
	ctx := withoutApp(t, env.baseURL, "en-US,en")
	if got := eval[string](t, ctx, `document.querySelector("#lang-picker .lang-now").textContent + " " + document.querySelector("#lang-menu a[aria-current=page]").dataset.lang`); got != "English en" {
		t.Errorf("the language picker shows %q, want English", got)
	}
	for id, want := range map[string]string{"preset": "order-events", "f-producers-0-key": "customer_id"} {
		if got := eval[string](t, ctx, `(document.getElementById(`+js(id)+`) || {value: ""}).value`); got != want {
			t.Errorf("#%s shows %q, want %q", id, got, want)
		}
	}
	if n := eval[float64](t, ctx, `document.querySelectorAll("details[open], input[type=checkbox]:checked").length`); n != eval[float64](t, ctx, `document.querySelectorAll("details[open=''], input[type=checkbox][checked='']").length`) {
		t.Errorf("a box or section is ticked or open that the page did not choose")
	}
}

// A page in another language is kept by the service worker as the server
// drew it, so a return visit reads Korean before app.wasm has started,
// offline too. The worker used to answer /?lang=ko with the English page it
// had precached, whose body stayed English until the app mounted.
func TestReturnVisitInKoreanIsKoreanBeforeTheAppStarts(t *testing.T) {
	server, base, err := serve(env.bin, env.web, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop := func() { stopServer(t, server, base) }
	defer stop()
	ko, en := i18n.For(i18n.Korean), i18n.For(i18n.English)
	url := base + "?lang=ko"
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, url)
	waitForServiceWorker(t, ctx)
	open(t, ctx, url) // the first visit the worker answers: it keeps the page the server sends
	kept := `caches.match(location.origin + "/?lang=ko").then((r) => r ? r.text() : "")`
	var keptPage string
	for deadline := time.Now().Add(20 * time.Second); keptPage == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		keptPage = eval[string](t, ctx, kept, chromedp.EvalAwaitPromise)
	}
	if !strings.Contains(keptPage, `<html lang="ko">`) || !strings.Contains(keptPage, html.EscapeString(ko.T("simulate.lead"))) {
		t.Fatalf("the worker did not keep the Korean page (%d bytes kept)", len(keptPage))
	}

	stop() // offline: only the worker answers now
	if _, err := http.Get(url); err == nil {
		t.Fatal("the server still answers; the offline visit would prove nothing")
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `document.addEventListener("DOMContentLoaded", () => {
			window.leadAtStart = document.querySelector(".lead")?.textContent ?? "";
			window.mountedAtStart = document.querySelector("[data-app-mounted]") !== null;
		});`}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url)
	if eval[bool](t, ctx, `window.mountedAtStart`) {
		t.Fatal("the app had mounted when the page was parsed; the check would prove nothing")
	}
	switch lead := eval[string](t, ctx, `window.leadAtStart`); lead {
	case ko.T("simulate.lead"):
	case en.T("simulate.lead"):
		t.Errorf("the return visit's page reads English until the app starts: %q", lead)
	default:
		t.Errorf("the return visit's page reads %q before the app starts, want %q", lead, ko.T("simulate.lead"))
	}
}
