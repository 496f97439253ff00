package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"partitionlab/app/i18n"
)

// shotsEnv, set to a directory, keeps a screenshot of each header the
// header tests look at, for a person to check by eye.
const shotsEnv = "PARTITIONLAB_HEADER_SHOTS"

// setWidth makes the tab's viewport w pixels wide (a phone's when mobile).
func setWidth(t *testing.T, ctx context.Context, w int64, mobile bool) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: w, Height: 900, DeviceScaleFactor: 1, Mobile: mobile}); err != nil {
		t.Fatal(err)
	}
}

// headerBoxes is where the header's parts are drawn.
type headerBoxes struct {
	Brand            box       `json:"brand"`
	Nav              box       `json:"nav"`
	Picker           box       `json:"picker"`
	Summary          box       `json:"summary"`
	Items            []box     `json:"items"` // the menu's entries
	Sizer            box       `json:"sizer"` // the summary's box sized by every language's name
	Names            []float64 `json:"names"`
	ScrollWidth      float64   `json:"scrollWidth"`
	InnerWidth       float64   `json:"innerWidth"`
	SummaryLabel     string    `json:"summaryLabel"`
	PickerLabel      string    `json:"pickerLabel"`
	PickerLang       string    `json:"pickerLang"`
	ShownName        string    `json:"shownName"`
	MenuHidden       string    `json:"menuHidden"`
	CurrentLinkLangs string    `json:"currentLinkLangs"`
}

type box struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Right  float64 `json:"right"`
	Bottom float64 `json:"bottom"`
}

func (b box) middle() float64 { return (b.Top + b.Bottom) / 2 }

const readHeader = `(() => {
	const r = (e) => { const b = e.getBoundingClientRect(); return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; };
	const q = (s) => document.querySelector(s);
	const picker = q("#lang-picker");
	return {
		brand: r(q(".topbar .brand")), nav: r(q(".topbar nav ul")), picker: r(picker), summary: r(q("#lang-picker summary")),
		items: Array.from(document.querySelectorAll(".topbar nav li")).map(r),
		sizer: r(q("#lang-picker .lang-sizer")),
		names: Array.from(document.querySelectorAll("#lang-picker .lang-sizer > span")).map(e => e.getBoundingClientRect().width),
		scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
		summaryLabel: q("#lang-picker summary").getAttribute("aria-label") || "",
		pickerLabel: picker.getAttribute("aria-label") || "",
		pickerLang: picker.dataset.lang || "", shownName: q("#lang-picker .lang-now").textContent,
		menuHidden: String(!q("#lang-menu").checkVisibility()),
		currentLinkLangs: Array.from(document.querySelectorAll("#lang-menu a[aria-current=page]")).map(a => a.dataset.lang).join(","),
	};
})()`

// The header at a laptop's (1366 px), a desktop's (1920 px) and a phone's
// (390 px) width, in every language: at desktop widths the brand, the menu
// and the language picker share one row, the picker at its end, no wider
// than the longest language name needs and the same width in every
// language; on a phone it may wrap, but nothing leaves the screen. The
// picker is labelled for screen readers and shows the page's language.
func TestHeaderAtEachWidthInEveryLanguage(t *testing.T) {
	// Fifteen pages, each loading the app: longer than newTab allows.
	tab, cancelTab := chromedp.NewContext(env.browser, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, 15*time.Minute)
	t.Cleanup(func() { cancel(); cancelTab() })
	for _, w := range []struct {
		width  int64
		mobile bool
	}{{1366, false}, {1920, false}, {390, true}} {
		setWidth(t, ctx, w.width, w.mobile)
		pickerWidths := map[i18n.Lang]float64{}
		for _, l := range i18n.Langs() {
			t.Run(fmt.Sprintf("%d-%s", w.width, l), func(t *testing.T) {
				open(t, ctx, env.baseURL+"learn?lang="+string(l))
				waitFor(t, ctx, `document.fonts.status === "loaded"`)
				h := eval[headerBoxes](t, ctx, readHeader)
				keepShot(t, ctx, fmt.Sprintf("header-%d-%s.png", w.width, l))
				c := i18n.For(l)
				if h.PickerLang != string(l) || h.ShownName != l.Name() || h.CurrentLinkLangs != string(l) {
					t.Errorf("the picker shows %q (%s, current link %q), want %s", h.ShownName, h.PickerLang, h.CurrentLinkLangs, l.Name())
				}
				if want := c.T("lang.label") + ": " + l.Name(); h.SummaryLabel != want || h.PickerLabel != c.T("lang.label") {
					t.Errorf("the picker is labelled %q and %q, want %q and %q", h.PickerLabel, h.SummaryLabel, c.T("lang.label"), want)
				}
				if h.MenuHidden != "true" {
					t.Error("the picker's list is open before anyone opened it")
				}
				if h.ScrollWidth > h.InnerWidth+0.5 || h.Picker.Right > h.InnerWidth+0.5 {
					t.Errorf("the page is %.0f px wide, the picker ends at %.0f px, in a %.0f px window", h.ScrollWidth, h.Picker.Right, h.InnerWidth)
				}
				longest := 0.0
				for _, n := range h.Names {
					longest = math.Max(longest, n)
				}
				if got := h.Sizer.Right - h.Sizer.Left; math.Abs(got-longest) > 1 {
					t.Errorf("the picker's name box is %.1f px wide, the longest name %.1f px", got, longest)
				}
				if got := h.Summary.Right - h.Summary.Left; got > longest+60 {
					t.Errorf("the picker is %.0f px wide for names at most %.0f px wide", got, longest)
				}
				pickerWidths[l] = h.Summary.Right - h.Summary.Left
				if w.mobile {
					return
				}
				row := h.Brand.middle()
				for what, b := range map[string]box{"the menu": h.Nav, "the language picker": h.Picker} {
					if math.Abs(b.middle()-row) > 6 {
						t.Errorf("%s is centred at y=%.0f, the brand at y=%.0f: not on the header's row", what, b.middle(), row)
					}
				}
				for i, it := range h.Items {
					if math.Abs(it.Top-h.Items[0].Top) > 1 {
						t.Errorf("menu entry %d starts a second row (top %.0f, the first %.0f)", i+1, it.Top, h.Items[0].Top)
					}
				}
				if h.Picker.Left < h.Nav.Right || h.InnerWidth-h.Picker.Right > 40 {
					t.Errorf("the picker (x %.0f–%.0f) is not at the row's end after the menu (ends at %.0f) in %.0f px", h.Picker.Left, h.Picker.Right, h.Nav.Right, h.InnerWidth)
				}
			})
		}
		for l, got := range pickerWidths {
			if want := pickerWidths[i18n.English]; math.Abs(got-want) > 1 {
				t.Errorf("at %d px the picker is %.1f px wide in %s, %.1f px in English: the header moves with the language", w.width, got, l, want)
			}
		}
	}
}

// keepShot saves the viewport's top as name under $PARTITIONLAB_HEADER_SHOTS, if set.
func keepShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv(shotsEnv)
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// pickLanguage opens the header's picker as a person does and follows the
// link to l; the page then reloads in l.
func pickLanguage(t *testing.T, ctx context.Context, l i18n.Lang) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#lang-picker summary"))); err != nil {
		t.Fatal(err)
	}
	link := `document.querySelector('#lang-menu a[data-lang="` + string(l) + `"]')`
	waitFor(t, ctx, link+` !== null && `+link+`.getBoundingClientRect().height > 0`)
	eval[bool](t, ctx, `(() => { const a = `+link+`; setTimeout(() => a.click()); return true })()`)
}

// The picker works from the keyboard: Enter on it opens its list, Tab
// reaches each language, Escape closes the list and gives the focus back,
// and Enter on a language opens the page in it, keeping the address.
func TestLanguagePickerByKeyboard(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"learn?lesson=salting&step=2")
	isOpen := `document.getElementById("lang-picker").open`
	focused := `(document.activeElement.dataset.lang || document.activeElement.tagName)`
	eval[bool](t, ctx, `(document.querySelector("#lang-picker summary").focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, isOpen)
	var seen []string
	for range i18n.Langs() {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, eval[string](t, ctx, focused))
	}
	want := make([]string, 0, len(i18n.Langs()))
	for _, l := range i18n.Langs() {
		want = append(want, string(l))
	}
	if strings.Join(seen, ",") != strings.Join(want, ",") {
		t.Errorf("Tab goes through %q, want every language %q", seen, want)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, isOpen) || eval[string](t, ctx, focused) != "SUMMARY" {
		t.Errorf("after Escape the list is open: %v, the focus is on %s", eval[bool](t, ctx, isOpen), eval[string](t, ctx, focused))
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	for range 5 { // to 한국어, the fifth
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
	}
	if got := eval[string](t, ctx, focused); got != "ko" {
		t.Fatalf("five Tabs reach %q, want ko", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil && !navigatedAway(err) {
		t.Fatal(err)
	}
	waitAcrossReload(t, ctx, `location.search.includes("lang=ko") && location.search.includes("lesson=salting") &&
		document.querySelector("[data-app-mounted]") !== null && document.documentElement.lang === "ko"`)
}

// hangulWidth measures, in the page, the drawn width of the Hangul text
// of the element at selector and the width the shipped subset's advance
// widths give the same text at the same size (loaded under a name of its
// own, so nothing else can stand in for it), and the width of as many
// boxes (a code point no font has).
const hangulWidth = `(async (selector) => {
	const el = document.querySelector(selector);
	const text = el.textContent.trim();
	const range = document.createRange();
	range.selectNodeContents(el);
	const drawn = range.getBoundingClientRect().width;
	const face = new FontFace("shipped-hangul-probe", "url(" + new URL("web/NotoSansKR-Hangul.woff2", document.baseURI) + ")");
	await face.load();
	document.fonts.add(face);
	const cs = getComputedStyle(el);
	const c = document.createElement("canvas").getContext("2d");
	c.font = cs.fontSize + " shipped-hangul-probe";
	const subset = c.measureText(text).width;
	c.font = cs.fontSize + " " + cs.fontFamily;
	const boxes = c.measureText("\u0378".repeat([...text].length)).width;
	return {text, drawn, subset, boxes, weight: cs.fontWeight, glyphs: [...text].length};
})`

// hangulMeasure is what hangulWidth returns.
type hangulMeasure struct {
	Text   string  `json:"text"`
	Drawn  float64 `json:"drawn"`
	Subset float64 `json:"subset"`
	Boxes  float64 `json:"boxes"`
	Weight string  `json:"weight"`
	Glyphs int     `json:"glyphs"`
}

// On a machine without a Korean font (this one: fc-list :lang=ko is
// empty), the Korean page's current menu entry (학습, bold), the picker's
// 한국어 and the list's 한국어 (bold, the current one) are drawn from the
// shipped subset: their width is what its advance widths give (plus the
// pixel per glyph Chromium adds to synthesized bold), never the width of
// boxes. On a machine with a Korean font only the boxes are ruled out.
func TestHangulDrawnFromTheShippedFont(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	setWidth(t, ctx, 1366, false)
	open(t, ctx, env.baseURL+"learn?lang=ko")
	waitFor(t, ctx, `document.fonts.status === "loaded"`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#lang-picker summary"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.getElementById("lang-picker").open`)
	keepShot(t, ctx, "hangul-1366-ko.png")
	out, _ := exec.Command("fc-list", ":lang=ko").Output()
	noKoreanFont := strings.TrimSpace(string(out)) == ""
	for _, sel := range []string{"#nav-learn", "#lang-picker .lang-now", `#lang-menu a[data-lang="ko"]`} {
		m := eval[hangulMeasure](t, ctx, hangulWidth+`(`+js(sel)+`)`, chromedp.EvalAwaitPromise)
		if m.Glyphs == 0 || m.Subset <= 0 {
			t.Fatalf("%s: nothing measured (%+v)", sel, m)
		}
		if math.Abs(m.Drawn-m.Boxes) < 0.5 {
			t.Errorf("%s: %q is %.1f px wide, as wide as %d boxes: drawn without a Korean face", sel, m.Text, m.Drawn, m.Glyphs)
		}
		if !noKoreanFont {
			continue
		}
		if m.Drawn < m.Subset-0.5 || m.Drawn > m.Subset+1.5*float64(m.Glyphs)+0.5 {
			t.Errorf("%s: %q (weight %s) is %.1f px wide, the shipped font's advances give %.1f px (boxes %.1f): not drawn from it",
				sel, m.Text, m.Weight, m.Drawn, m.Subset, m.Boxes)
		}
	}
	if !noKoreanFont {
		t.Log("this machine has a Korean font (fc-list :lang=ko): only boxes were ruled out")
	}
}

// An English page draws no Hangul until its language list opens, so it
// does not fetch the Hangul face beside app.wasm (162 kB on a slow line);
// opened, the list shows 한국어 in that face, fetched then on a machine
// without a Korean font.
func TestHangulFaceWaitsForTheLanguageList(t *testing.T) {
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"?lang=en#preset=order-events")
	waitLong(t, ctx, `document.querySelector("[data-app-mounted]") !== null && document.getElementById("run-status").dataset.state === "done"`)
	waitFor(t, ctx, `document.fonts.status === "loaded"`)
	const fonts = `performance.getEntriesByType("resource").map(e => e.name).filter(n => n.endsWith(".woff2"))`
	if got := eval[[]string](t, ctx, fonts); len(got) != 0 {
		t.Errorf("the English page fetched %q before anyone opened the language list", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#lang-picker summary"))); err != nil {
		t.Fatal(err)
	}
	ko := `document.querySelector("#lang-menu a[data-lang=ko]")`
	waitFor(t, ctx, ko+`.checkVisibility()`)
	if out, _ := exec.Command("fc-list", ":lang=ko").Output(); strings.TrimSpace(string(out)) == "" {
		waitFor(t, ctx, hangulFaceLoaded)
	}
	if !eval[bool](t, ctx, `document.fonts.check(getComputedStyle(`+ko+`).font, "한국어")`) {
		t.Error("the open list cannot draw 한국어 with its fonts")
	}
}
