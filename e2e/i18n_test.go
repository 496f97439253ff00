package e2e

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// doorTitles are the start's three doors as the catalog words them in l.
func doorTitles(l i18n.Lang) []string {
	c := i18n.For(l)
	return []string{c.T("start.learn.title"), c.T("start.design.title"), c.T("start.keys.title")}
}

// shownDoors are the start's door titles on the page.
func shownDoors(t *testing.T, ctx context.Context) []string {
	t.Helper()
	waitFor(t, ctx, `document.getElementById("start") !== null`)
	return eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#start .door h3")).map(h => h.textContent)`)
}

// A link with ?lang= opens the app in that language: the start's doors,
// the navigation and <html lang>; its links carry the language on.
func TestLanguageFromLink(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Korean} {
		t.Run(string(l), func(t *testing.T) {
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			open(t, ctx, env.baseURL+"/?lang="+string(l))
			want := doorTitles(l)
			if got := shownDoors(t, ctx); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("the doors read %q, want %q", got, want)
			}
			if strings.Join(want, "|") == strings.Join(doorTitles(i18n.English), "|") {
				t.Fatalf("the %s doors are English", l)
			}
			if got := eval[string](t, ctx, `document.documentElement.lang`); got != l.Tag() {
				t.Errorf("<html lang> is %q, want %q", got, l.Tag())
			}
			if got := eval[string](t, ctx, `document.getElementById("nav-learn").textContent`); got != i18n.For(l).T("nav.learn") {
				t.Errorf("the navigation's Learn reads %q", got)
			}
			for _, sel := range []string{"#nav-learn", "#door-learn a", "#door-keys a"} {
				if h := eval[string](t, ctx, `document.querySelector(`+js(sel)+`).getAttribute("href")`); !strings.Contains(h, "lang="+string(l)) {
					t.Errorf("%s goes to %q, without the language", sel, h)
				}
			}
			// The lesson list, reached by the door, is in the same language.
			eval[bool](t, ctx, `(document.querySelector("#door-learn a").click(), true)`)
			waitFor(t, ctx, `document.getElementById("learn-list") !== null`)
			if h1 := eval[string](t, ctx, `document.querySelector("main h1").textContent`); h1 != i18n.For(l).T("learn.title") {
				t.Errorf("the Learn page's title reads %q", h1)
			}
			first := eval[string](t, ctx, `document.querySelector("#learn-list .lesson a").getAttribute("href")`)
			if !strings.Contains(first, "lang="+string(l)) {
				t.Errorf("the first lesson's link %q lost the language", first)
			}
			// Compare rewrites its address and keeps ?lang= in it.
			eval[bool](t, ctx, `(document.getElementById("nav-compare").click(), true)`)
			waitFor(t, ctx, `location.pathname === "/compare" && location.hash.includes("change=") && location.search.includes("lang=`+string(l)+`")`)
			if got := eval[string](t, ctx, `document.getElementById("nav-compare").textContent`); got != i18n.For(l).T("nav.compare") {
				t.Errorf("on Compare the navigation reads %q", got)
			}
		})
	}
}

// The header's picker switches the language; the choice is remembered
// through a reload and on an address without ?lang=.
func TestLanguagePickerIsRemembered(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"/learn")
	en := i18n.For(i18n.English).T("learn.title")
	waitFor(t, ctx, `document.querySelector("main h1") && document.querySelector("main h1").textContent === `+js(en))

	fr := i18n.For(i18n.French).T("learn.title")
	pickLanguage(t, ctx, i18n.French)
	waitAcrossReload(t, ctx, `location.search.includes("lang=fr") && document.querySelector("[data-app-mounted]") !== null &&
		document.querySelector("main h1").textContent === `+js(fr))
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "fr" {
		t.Errorf("<html lang> is %q after choosing French", got)
	}

	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitAcrossReload(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.querySelector("main h1").textContent === `+js(fr))

	open(t, ctx, env.baseURL+"/")
	if got, want := shownDoors(t, ctx), doorTitles(i18n.French); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("on an address without ?lang= the doors read %q, want the French %q", got, want)
	}
	if v := eval[string](t, ctx, `document.getElementById("lang-picker").dataset.lang`); v != "fr" {
		t.Errorf("the picker shows %q", v)
	}
}

// A first visit speaks the browser's language.
func TestLanguageFromBrowser(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	ua := eval[string](t, ctx, `navigator.userAgent`)
	if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride,
		emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "es-MX,es"}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+"/")
	if got, want := shownDoors(t, ctx), doorTitles(i18n.Spanish); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("a browser in Spanish sees the doors %q, want %q", got, want)
	}
}

// Korean text is drawn with a Korean face, not as empty boxes. Without a
// Korean font on the machine (fc-list :lang=ko) only the page's font chain
// is checked, and the test says so.
func TestKoreanGlyphsRender(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"/?lang=ko")
	family := eval[string](t, ctx, `getComputedStyle(document.body).fontFamily`)
	for _, face := range []string{"Noto Sans KR", "Malgun Gothic", "Apple SD Gothic Neo"} {
		if !strings.Contains(family, face) {
			t.Errorf("the page's fonts %q do not name %s", family, face)
		}
	}
	// Unassigned code points are drawn as the last-resort box; Hangul drawn
	// the same width as boxes has no face.
	same := eval[bool](t, ctx, `(() => { const c = document.createElement("canvas").getContext("2d");
		c.font = getComputedStyle(document.body).font;
		return c.measureText("학습학습").width === c.measureText("\u0378\u0378\u0378\u0378").width })()`)
	out, _ := exec.Command("fc-list", ":lang=ko").Output()
	if strings.TrimSpace(string(out)) == "" {
		t.Logf("this machine has no Korean font (fc-list :lang=ko is empty): Hangul drawn as boxes: %v; only the font chain was checked", same)
		return
	}
	if same {
		t.Error("Hangul is drawn as boxes although the machine has a Korean font")
	}
}

// waitAcrossReload is waitFor while the page may be navigating: a poll the
// navigation interrupts (its page or JavaScript context gone) starts again
// on the new page, until the condition holds or 30 s have passed.
func waitAcrossReload(t *testing.T, ctx context.Context, condition string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](condition, chromedp.WithPollingTimeout(5*time.Second)))
		if err == nil {
			return
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			t.Fatalf("waiting for %s: %v", condition, err)
		}
	}
}

// The static site under a sub-path speaks Korean offline: its links keep
// the sub-path and the language (as a path, /partitionlab/ko/learn, where
// the static site writes each language's pages), and a lesson list opened
// with ?lang=ko after the host is gone comes from the service worker, in
// Korean.
func TestStaticSiteInKoreanOffline(t *testing.T) {
	url, offline := staticSiteToTakeOffline(t)
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, url+"?lang=ko")
	if h := eval[string](t, ctx, `document.getElementById("nav-learn").getAttribute("href")`); h != "/partitionlab/ko/learn" {
		t.Errorf("the navigation links to %q, want /partitionlab/ko/learn", h)
	}
	waitForServiceWorker(t, ctx)

	offline(ctx)
	open(t, ctx, url+"learn?lang=ko")
	ko := i18n.For(i18n.Korean)
	waitFor(t, ctx, `document.getElementById("learn-list") !== null && document.querySelector("main h1").textContent === `+js(ko.T("learn.title")))
	kl, _ := lessons.In(string(i18n.Korean)) // the lessons' words are their own (sim/lessons/data/ko)
	want := kl[0].Title
	if got := eval[string](t, ctx, `document.querySelector("#learn-list .lesson a").textContent`); !strings.Contains(got, want) {
		t.Errorf("offline, the first lesson reads %q, want %q", got, want)
	}
}
