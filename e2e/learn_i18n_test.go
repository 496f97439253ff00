package e2e

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// lessonsIn are the lessons as a page in l shows them.
func lessonsIn(t *testing.T, l i18n.Lang) []lessons.Lesson {
	t.Helper()
	all, err := lessons.In(string(l))
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestLearnWalksEveryLessonInPortugueseAndKorean is the English walk
// (TestLearnWalksEveryLessonAndStep) in Portuguese and Korean: the list,
// then Next through every step of every lesson, each run in the browser
// with every check ✓, the lesson's words and the page's in the language,
// the tab's title and <html lang> too.
func TestLearnWalksEveryLessonInPortugueseAndKorean(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Korean} {
		t.Run(string(l), func(t *testing.T) {
			c := i18n.For(l)
			all := lessonsIn(t, l)
			// A browser of its own: the language a link opens in is
			// remembered, and must not reach the English walk.
			tab, cancelTab := chromedp.NewContext(env.browser, chromedp.WithNewBrowserContext())
			ctx, cancel := context.WithTimeout(tab, 8*time.Minute)
			defer func() { cancel(); cancelTab() }()
			open(t, ctx, env.baseURL+"learn?lang="+string(l))
			waitFor(t, ctx, `document.querySelectorAll("#learn-list > li").length === `+js(len(all)))
			shown := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#learn-list > li")).map(li => li.textContent)`)
			for i, ls := range all {
				for _, part := range []string{ls.Title, ls.Question, c.T("learn.steps", i18n.Count(len(ls.Steps)))} {
					if !strings.Contains(shown[i], part) {
						t.Errorf("list item %d reads %q, want it to show %q", i+1, shown[i], part)
					}
				}
			}
			if got := eval[string](t, ctx, `document.title`); got != c.T("learn.tab.list") {
				t.Errorf("the list's tab title is %q, want %q", got, c.T("learn.tab.list"))
			}
			click(t, ctx, "#lesson-"+all[0].ID+" a")
			start := time.Now()
			steps := 0
			for _, ls := range all {
				for si := range ls.Steps {
					checkStepIn(t, ctx, c, ls, si)
					checkStepWords(t, ctx, c, ls, si)
					steps++
					clickNext(t, ctx, ls.ID, si+1)
				}
			}
			waitFor(t, ctx, `document.querySelectorAll("#learn-list > li").length === `+js(len(all)))
			if missing, _ := lessons.Missing(string(l)); len(missing) > 0 {
				t.Logf("%d lessons have no %s words yet and were walked in English: %s", len(missing), l, strings.Join(missing, " "))
			}
			t.Logf("%s: %d steps of %d lessons, each run and checked, in %.1f s", l, steps, len(all), time.Since(start).Seconds())
		})
	}
}

// checkStepWords checks the step's words that checkStepIn does not: the
// page's own (navigation, headings, what to look at) come from the catalog
// of the language, and the tab's title and <html lang> follow it.
func checkStepWords(t *testing.T, ctx context.Context, c *i18n.Catalog, l lessons.Lesson, si int) {
	t.Helper()
	s := l.Steps[si]
	where := fmt.Sprintf("%s: lesson %d step %d", c.Lang(), l.Number, si+1)
	got := eval[struct {
		Lang, Title, Question, Look, Expect, Checks, Next string
		Views                                             []string
	}](t, ctx, `({lang: document.documentElement.lang, title: document.title,
		question: document.getElementById("learn-question").textContent,
		look: document.getElementById("learn-look-title").textContent,
		expect: document.querySelector("#learn-expect summary").textContent,
		checks: document.getElementById("learn-checks-summary").textContent,
		next: document.getElementById("learn-next").firstChild.textContent,
		views: Array.from(document.querySelectorAll("#learn-look li strong")).map(e => e.textContent)})`)
	want := map[string][2]string{
		"<html lang>":         {got.Lang, c.Lang().Tag()},
		"tab title":           {got.Title, c.T("learn.tab.step", i18n.N("lesson", l.Number), i18n.N("step", si+1), i18n.S("title", s.Title))},
		"question":            {got.Question, l.Question},
		"what to look at":     {got.Look, c.T("learn.look.title")},
		"what you should see": {got.Expect, c.T("learn.expect.summary")},
		"checks' summary":     {got.Checks, c.T("learn.checks.allLesson", i18n.Count(len(s.Checks)))},
		"next":                {got.Next, c.T("learn.next")},
	}
	for what, gw := range want {
		if gw[0] != gw[1] {
			t.Errorf("%s: %s reads %q, want %q", where, what, gw[0], gw[1])
		}
	}
	if s.Kind() == lessons.KindSimulate && s.ScenarioRef.Rejected {
		// The engine's refusal, each field's reason in the language.
		_, err := s.Scenario()
		var fe scenario.FieldErrors
		if !errors.As(err, &fe) {
			t.Fatalf("%s: the refused scenario gives %v", where, err)
		}
		shown := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#learn-error ul li")).map(li => li.textContent)`)
		if len(shown) != len(fe) {
			t.Errorf("%s: %d reasons shown, the engine gives %d", where, len(shown), len(fe))
		}
		for i := range min(len(shown), len(fe)) {
			if want := errtext.For(c).Field(fe[i]); shown[i] != want {
				t.Errorf("%s: the refusal reads %q, want %q", where, shown[i], want)
			}
		}
	}
	for i, v := range s.LookAt {
		if i >= len(got.Views) || got.Views[i] != c.T("core.labelled", i18n.S("label", c.T("learn.view."+v+".title"))) {
			t.Errorf("%s: the views to look at read %q, want %s's %q", where, got.Views, v, c.T("learn.view."+v+".title"))
			break
		}
	}
}

// The same step in each language: its tab title and <html lang> follow the
// language, and its checks give the same ✓ and ✗ with the same measured
// values, only the words differ (the ✓/✗ parity, in the browser).
func TestLearnStepInEveryLanguage(t *testing.T) {
	const id, si = "hot-customer", 1
	type shown struct {
		Lang, Title string
		Marks       []string
		Measured    []string
		Claims      []string
	}
	var english shown
	// One browser of its own for the five, each link naming its language:
	// only the first load compiles app.wasm from nothing.
	ctx := longTab(t, 4*time.Minute, chromedp.WithNewBrowserContext())
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		ls, _ := lessons.In(string(l))
		var lesson lessons.Lesson
		for _, x := range ls {
			if x.ID == id {
				lesson = x
			}
		}
		open(t, ctx, fmt.Sprintf("%slearn?lesson=%s&step=%d&lang=%s", env.baseURL, id, si+1, l))
		checkStepIn(t, ctx, c, lesson, si)
		got := eval[shown](t, ctx, `({lang: document.documentElement.lang, title: document.title,
			marks: Array.from(document.querySelectorAll("#learn-checks .check-mark")).map(e => e.textContent),
			measured: Array.from(document.querySelectorAll("#learn-checks .check-measured")).map(e => e.textContent),
			claims: Array.from(document.querySelectorAll("#learn-checks .check-claim")).map(e => e.firstChild.textContent)})`)
		wantTitle := c.T("learn.tab.step", i18n.N("lesson", lesson.Number), i18n.N("step", si+1), i18n.S("title", lesson.Steps[si].Title))
		if got.Lang != l.Tag() || got.Title != wantTitle {
			t.Errorf("%s: <html lang=%q>, title %q; want %q, %q", l, got.Lang, got.Title, l.Tag(), wantTitle)
		}
		if l == i18n.English {
			english = got
			continue
		}
		if strings.Join(got.Marks, "") != strings.Join(english.Marks, "") || len(got.Measured) != len(english.Measured) {
			t.Fatalf("%s: checks %v, in English %v", l, got.Marks, english.Marks)
		}
		// What each check measured: the same code and value, in other words
		// ("load.hottest_share ≥ 0.44: got 0.45", "…: obtido 0.45").
		for i, en := range english.Measured {
			code, value, _ := strings.Cut(en, ": got ")
			if m := got.Measured[i]; !strings.Contains(m, code) || !strings.HasSuffix(m, " "+value) || m == en {
				t.Errorf("%s: check %d measured %q, in English %q", l, i+1, m, en)
			}
		}
		if got.Claims[0] == english.Claims[0] && !missingIn(l, lesson) {
			t.Errorf("%s: the first claim is the English %q", l, got.Claims[0])
		}
	}
}

// missingIn reports whether lesson has no words in l yet (it shows in
// English).
func missingIn(l i18n.Lang, lesson lessons.Lesson) bool {
	missing, _ := lessons.Missing(string(l))
	for _, f := range missing {
		if f == lesson.File {
			return true
		}
	}
	return false
}

// Simulate in Portuguese and Korean runs the same scenario to the same
// digest as the command line, with the page in the language.
func TestSimulateInPortugueseAndKorean(t *testing.T) {
	ref := cliResult(t, "hot-customer")
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Korean} {
		ctx := newTab(t, chromedp.WithNewBrowserContext())
		open(t, ctx, env.baseURL+"?lang="+string(l)+"#preset=hot-customer")
		waitDigest(t, ctx, "results", ref.Digest)
		if got := eval[string](t, ctx, `document.documentElement.lang`); got != l.Tag() {
			t.Errorf("%s: <html lang> is %q", l, got)
		}
		if got := eval[string](t, ctx, `document.getElementById("nav-simulate").textContent`); got != i18n.For(l).T("nav.simulate") {
			t.Errorf("%s: the navigation reads %q", l, got)
		}
		if n := len(readCards(t, ctx)); n == 0 {
			t.Errorf("%s: no headline cards", l)
		}
	}
}

// A share link copied on an English page and opened in Korean (and one
// copied there, opened in Portuguese) runs the same scenario: same digest.
func TestShareLinkKeepsItsDigestInAnotherLanguage(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"#preset=hot-customer")
	waitDigest(t, ctx, "results", cliResult(t, "hot-customer").Digest)
	setField(t, ctx, field("topic.partitions"), "7", "input")
	waitFor(t, ctx, `location.hash.startsWith("#s=") && document.getElementById("run-status").dataset.state === "done"`)
	digest := digestShown(t, ctx)
	if digest == cliResult(t, "hot-customer").Digest {
		t.Fatal("7 partitions give the preset's digest; the link would prove nothing")
	}
	copyLink := func(ctx context.Context) string {
		eval[bool](t, ctx, `(window.copied = "", navigator.clipboard.writeText = (s) => { window.copied = s; return Promise.resolve(); }, true)`)
		eval[bool](t, ctx, `(document.getElementById("copy-link").click(), true)`)
		waitFor(t, ctx, `window.copied !== ""`)
		return eval[string](t, ctx, `window.copied`)
	}
	link := copyLink(ctx)
	inLang := func(link string, l i18n.Lang) string {
		page, frag, _ := strings.Cut(link, "#")
		page, _, _ = strings.Cut(page, "?")
		return page + "?lang=" + string(l) + "#" + frag
	}
	ko := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ko, inLang(link, i18n.Korean))
	waitDigest(t, ko, "results", digest)
	if got := eval[string](t, ko, `document.documentElement.lang`); got != "ko" {
		t.Errorf("the link opened with ?lang=ko shows <html lang=%q>", got)
	}
	koLink := copyLink(ko)
	if !strings.Contains(koLink, "lang=ko") {
		t.Errorf("a link copied on the Korean page, %q, does not carry the language", koLink)
	}
	pt := newTab(t, chromedp.WithNewBrowserContext())
	open(t, pt, inLang(koLink, i18n.Portuguese))
	waitDigest(t, pt, "results", digest)
}

// Korean is drawn with the font the app ships: the face loads from the
// app's own server and can draw Hangul; on a machine without a Korean font
// (fc-list :lang=ko empty, as on the machine these tests were written on)
// the page loads it by itself, and Hangul is not drawn as the boxes of a
// missing glyph. A machine with a Korean font uses its own and never
// fetches ours (the face's local() sources come before its file).
func TestKoreanUsesTheShippedFont(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"learn?lang=ko&lesson=hot-customer&step=1")
	waitFor(t, ctx, `document.getElementById("learn-step-title") !== null`)
	out, _ := exec.Command("fc-list", ":lang=ko").Output()
	if strings.TrimSpace(string(out)) == "" {
		waitFor(t, ctx, hangulFaceLoaded)
		fetched := eval[[]string](t, ctx, `performance.getEntriesByType("resource").map(e => e.name).filter(n => n.endsWith(".woff2"))`)
		if len(fetched) != 1 || !strings.HasPrefix(fetched[0], strings.TrimSuffix(env.baseURL, "/")) || !strings.HasSuffix(fetched[0], "/web/NotoSansKR-Hangul.woff2") {
			t.Errorf("fonts fetched: %q, want the app's own NotoSansKR-Hangul.woff2", fetched)
		}
	} else {
		t.Log("this machine has a Korean font: the page uses it; the shipped face is loaded on purpose below")
	}
	if !eval[bool](t, ctx, `document.fonts.load('16px "Partition Lab Hangul"', "학습").then(fs => fs.length === 1 && fs[0].status === "loaded")`, chromedp.EvalAwaitPromise) {
		t.Error("the shipped Hangul face does not load")
	}
	if !eval[bool](t, ctx, `document.fonts.check('16px "Partition Lab Hangul"', "학습 레슨 단계")`) {
		t.Error("document.fonts.check says the Hangul face cannot draw 학습 레슨 단계")
	}
	// Every element that shows Hangul names the face in its fonts: a
	// font stack without it (code, a chart's text) would draw boxes.
	waitFor(t, ctx, `document.getElementById("learn-step").dataset.state === "done"`)
	without := eval[[]string](t, ctx, `(() => {
		const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), out = [];
		for (let n = w.nextNode(); n; n = w.nextNode()) {
			const el = n.parentElement;
			if (/[\uac00-\ud7a3]/.test(n.textContent) && el.checkVisibility() &&
				!getComputedStyle(el).fontFamily.includes("Partition Lab Hangul")) {
				out.push(el.tagName + ": " + getComputedStyle(el).fontFamily + ": " + n.textContent.slice(0, 40));
			}
		}
		return out })()`)
	if len(without) > 0 {
		t.Errorf("Hangul shown in fonts without the Hangul face: %q", without)
	}
	boxes := eval[bool](t, ctx, `(() => { const c = document.createElement("canvas").getContext("2d");
		c.font = getComputedStyle(document.getElementById("learn-step-title")).font;
		return c.measureText("학습학습").width === c.measureText("\u0378\u0378\u0378\u0378").width })()`)
	if boxes {
		t.Error("Hangul is drawn as the boxes of a missing glyph")
	}
}

// The shipped Hangul comes in two faces (web/hangul.css): a Korean page
// fetches the one of its own words only (above, 46 kB), and a team's key
// in Hangul its words do not use (떡볶이) fetches the second too, and is
// drawn from it, not as boxes. Checked on a machine without a Korean font
// only: with one, neither face is fetched.
func TestHangulOutsideTheTextsFetchesTheSecondFace(t *testing.T) {
	if out, _ := exec.Command("fc-list", ":lang=ko").Output(); strings.TrimSpace(string(out)) != "" {
		t.Skip("this machine has a Korean font: the page fetches neither shipped face")
	}
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"keys?lang=ko")
	waitFor(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.getElementById("result-table") !== null`)
	waitFor(t, ctx, hangulFaceLoaded+` && document.fonts.status === "loaded"`)
	const fonts = `performance.getEntriesByType("resource").map(e => e.name.replace(/^.*\/web\//, "")).filter(n => n.endsWith(".woff2"))`
	if got := eval[[]string](t, ctx, fonts); len(got) != 1 || got[0] != "NotoSansKR-Hangul.woff2" {
		t.Errorf("the Korean keys page fetched %q, want only NotoSansKR-Hangul.woff2", got)
	}
	setField(t, ctx, "keys", "떡볶이\norder-1\n", "input")
	cell := `[...document.querySelectorAll("#result-table td")].find(td => td.textContent.includes("떡볶이"))`
	waitFor(t, ctx, cell+` !== undefined`)
	waitFor(t, ctx, `document.fonts.status === "loaded" && Array.from(document.fonts).filter(f => f.family.replace(/"/g, "") === "Partition Lab Hangul" && f.status === "loaded").length === 2`)
	if got := eval[[]string](t, ctx, fonts); !slices.Contains(got, "NotoSansKR-Hangul-more.woff2") {
		t.Errorf("a key in 떡볶이 fetched %q, want NotoSansKR-Hangul-more.woff2 too", got)
	}
	boxes := eval[bool](t, ctx, `(() => { const c = document.createElement("canvas").getContext("2d");
		c.font = getComputedStyle(`+cell+`).font;
		return c.measureText("떡볶").width === c.measureText("\u0378\u0378").width })()`)
	if boxes {
		t.Error("떡볶 is drawn as the boxes of a missing glyph")
	}
}

// A chart saved from a Korean page carries the first Hangul face inside
// it, so it reads on a machine without a Korean font; a review of a
// scenario named 떡볶이 carries the second too, fetched for it.
func TestSavedKoreanFilesCarryTheFacesTheyNeed(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"?lang=ko#preset=order-events")
	waitFor(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.getElementById("run-status").dataset.state === "done"`)
	recordDownloads(t, ctx)
	eval[bool](t, ctx, `(document.querySelector(".chart .downloads button").click(), true)`)
	waitFor(t, ctx, `window.saved.length === 1`)
	svg := savedText(t, ctx, 0)
	if !strings.HasPrefix(eval[string](t, ctx, `window.saved[0].name`), "order-events") || strings.Count(svg, "@font-face") != 1 ||
		!strings.Contains(svg, "src:url(data:font/woff2;base64,d09G") || !strings.Contains(svg, "unicode-range:U+3000-3011,U+AC00") {
		t.Errorf("the Korean chart saved as %q carries %d faces, want the texts' one: %.300s", eval[string](t, ctx, `window.saved[0].name`), strings.Count(svg, "@font-face"), svg)
	}
	setField(t, ctx, field("name"), "떡볶이", "input")
	waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	eval[bool](t, ctx, `(document.getElementById("download-review").click(), true)`)
	waitFor(t, ctx, `window.saved.length === 2`)
	if page := savedText(t, ctx, 1); !strings.Contains(page, "떡볶이") || strings.Count(page, "@font-face") != 2 {
		t.Errorf("the review of 떡볶이 carries %d faces, want both", strings.Count(page, "@font-face"))
	}
}

// hangulFaceLoaded holds once the page has loaded the shipped Hangul face.
const hangulFaceLoaded = `Array.from(document.fonts).some(f => f.family.replace(/"/g, "") === "Partition Lab Hangul" && f.status === "loaded")`

// The static site works offline in Korean: after one visit, with the host
// gone, a lesson's step opens, runs, and its Hangul is drawn with the
// shipped font, which the service worker precached.
func TestStaticSiteLearnsInKoreanOffline(t *testing.T) {
	url, offline := staticSiteToTakeOffline(t)
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, url+"?lang=ko")
	waitForServiceWorker(t, ctx)
	for _, face := range []string{"NotoSansKR-Hangul.woff2", "NotoSansKR-Hangul-more.woff2"} {
		if !eval[bool](t, ctx, `caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.match("/partitionlab/web/`+face+`"))))).then(rs => rs.some(r => r !== undefined))`,
			chromedp.EvalAwaitPromise) {
			t.Errorf("the service worker did not precache the Hangul face %s", face)
		}
	}
	offline(ctx)
	open(t, ctx, url+"learn?lang=ko&lesson=hot-customer&step=1")
	l := lessonsIn(t, i18n.Korean)[5]
	if l.ID != "hot-customer" {
		t.Fatalf("lesson 6 is %s", l.ID)
	}
	checkStepIn(t, ctx, i18n.For(i18n.Korean), l, 0)
	if !eval[bool](t, ctx, `document.fonts.load('16px "Partition Lab Hangul"', "학습").then(fs => fs.length === 1 && fs[0].status === "loaded")`, chromedp.EvalAwaitPromise) {
		t.Error("offline, the shipped Hangul face does not load")
	}
	// Every other language works offline too: the lessons' words are in
	// app.wasm, which the worker keeps.
	for _, lang := range i18n.Langs() {
		open(t, ctx, url+"learn?lang="+string(lang))
		want := lessonsIn(t, lang)[0].Title
		waitFor(t, ctx, `(document.querySelector("#learn-list .lesson a") || {textContent: ""}).textContent.includes(`+js(want)+`)`)
	}
}

// Choosing a language in the header's picker on a lesson's step reopens
// the same step in that language: the lesson's words and the page's, and
// the step runs again with every check ✓.
func TestPickerOnALessonStep(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"learn?lesson=salting&step=2")
	en := lessonsIn(t, i18n.English)[6]
	if en.ID != "salting" {
		t.Fatalf("lesson 7 is %s", en.ID)
	}
	checkStep(t, ctx, en, 1)
	pickLanguage(t, ctx, i18n.Korean)
	ko := lessonsIn(t, i18n.Korean)[6]
	c := i18n.For(i18n.Korean)
	want := c.T("learn.stepHeading", i18n.N("step", 2), i18n.Count(len(ko.Steps)), i18n.S("title", ko.Steps[1].Title))
	waitAcrossReload(t, ctx, `location.search.includes("lang=ko") && location.search.includes("lesson=salting") &&
		(document.getElementById("learn-step-title") || {}).textContent === `+js(want))
	checkStepIn(t, ctx, c, ko, 1)
	if ko.Steps[1].Title == en.Steps[1].Title {
		t.Errorf("the Korean step's title is the English %q", en.Steps[1].Title)
	}
}

// staticSiteToTakeOffline serves the static site at /partitionlab/ until
// offline is called: then the host is gone, the browser's HTTP cache is
// off for ctx, and only the service worker can answer.
func staticSiteToTakeOffline(t *testing.T) (url string, offline func(ctx context.Context)) {
	t.Helper()
	site := writeStatic(t, "/partitionlab/")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.StripPrefix("/partitionlab", http.FileServer(http.Dir(site))), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	url = "http://" + ln.Addr().String() + "/partitionlab/"
	return url, func(ctx context.Context) {
		t.Helper()
		srv.Close()
		if _, err := http.Get(url); err == nil {
			t.Fatal("the host still answers after Close; the offline check would prove nothing")
		}
		if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			t.Fatal(err)
		}
	}
}
