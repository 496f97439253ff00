package e2e

import (
	"bytes"
	"image"
	"image/png"
	"regexp"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// printCase is a page a review is printed from, what says it is ready,
// and what its print must show.
type printCase struct {
	name, url, ready string
	// shown are selectors of what the print must show; hidden of what it
	// must not.
	shown, hidden []string
}

func printCases() []printCase {
	hiddenEverywhere := []string{".topbar", ".footer", "#lang-picker"}
	return []printCase{
		{
			name:   "simulate",
			url:    env.baseURL + "#preset=hot-customer",
			ready:  `document.querySelectorAll("#results figure.chart .plot > svg").length > 3`,
			shown:  []string{".cards", "#charts-title", "#flow-figure", ".violations, #violations-title"},
			hidden: append([]string{".editor-card", ".scrubber-controls", ".share-bar", "#play"}, hiddenEverywhere...),
		},
		{
			name:   "compare",
			url:    env.baseURL + "compare#a.preset=thread-pool&b.preset=per-key-queues",
			ready:  `document.querySelectorAll("#compare-charts svg").length > 1 && document.getElementById("diff-table") !== null`,
			shown:  []string{"#diff-table", "#diff-table td.why", "#compare-charts"},
			hidden: append([]string{".compare-editor", ".share-bar"}, hiddenEverywhere...),
		},
		{
			name:   "lesson",
			url:    env.baseURL + "learn?lesson=hot-customer&step=2",
			ready:  `(document.getElementById("learn-step-title") || {}).textContent?.startsWith("Step 2 of") && document.querySelectorAll("#learn-results figure.chart svg, #learn-results svg").length > 0`,
			shown:  []string{"#learn-step-title", "#learn-results"},
			hidden: append([]string{".learn-pager", ".learn-steps"}, hiddenEverywhere...),
		},
	}
}

// A review printed (or saved as PDF) from Simulate, Compare or a lesson
// step shows its numbers, its charts, drawn and at their size, and the
// evidence opened, without the menu, the editor or the controls; and the
// browser prints it.
func TestReviewsPrint(t *testing.T) {
	for _, c := range printCases() {
		t.Run(c.name, func(t *testing.T) {
			ctx := newTab(t)
			if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1366, Height: 900, DeviceScaleFactor: 1}); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, c.url)
			waitFor(t, ctx, c.ready)
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			eval[any](t, ctx, `window.dispatchEvent(new Event("beforeprint")), true`)
			for _, sel := range c.hidden {
				if n := eval[int](t, ctx, `[...document.querySelectorAll(`+js(sel)+`)].filter(e => e.getClientRects().length > 0).length`); n > 0 {
					t.Errorf("printed, %d × %s still shows", n, sel)
				}
			}
			for _, sel := range c.shown {
				if n := eval[int](t, ctx, `[...document.querySelectorAll(`+js(sel)+`)].filter(e => e.getClientRects().length > 0).length`); n == 0 {
					t.Errorf("printed, %s does not show", sel)
				}
			}
			// Nothing is cut at a box's height (a sticky step that scrolls,
			// a table that scrolls).
			if cut := eval[[]string](t, ctx, `[...document.querySelectorAll("main *")].filter(e => e.getClientRects().length > 0 && e.clientHeight > 8 &&
				["auto", "scroll", "hidden"].includes(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 2).map(e => e.id || e.className)`); len(cut) > 0 {
				t.Errorf("printed, these boxes cut what they hold: %q", cut)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll("main details.evidence:not([open]), main details.run-details:not([open])").length`); n > 0 {
				t.Errorf("printed, %d evidence or run details stay closed", n)
			}
			// Each chart: at its size, with its picture drawn (not a blank
			// area), on one page (no break inside).
			charts := eval[[]map[string]any](t, ctx, `[...document.querySelectorAll("main figure.chart")].filter(f => f.getClientRects().length > 0).map(f => {
				const s = f.querySelector("svg"), r = s ? s.getBoundingClientRect() : {width: 0, height: 0};
				return {id: f.id, w: r.width, h: r.height, marks: s ? s.querySelectorAll("path, line, rect, polyline, text").length : 0,
					breakInside: getComputedStyle(f).breakInside};
			})`)
			if len(charts) == 0 {
				t.Fatal("printed, no chart shows")
			}
			for _, ch := range charts {
				if ch["w"].(float64) < 300 || ch["h"].(float64) < 100 || ch["marks"].(float64) < 10 || ch["breakInside"] != "avoid" {
					t.Errorf("printed, chart %v", ch)
				}
			}
			// The chart areas are drawn in the print's rendering, not blank.
			for i, ch := range charts {
				if i >= 3 {
					break
				}
				id, _ := ch["id"].(string)
				if id == "" {
					continue
				}
				sel := "#" + id + " svg"
				if err := chromedp.Do(ctx, chromedp.ScrollIntoView(sel)); err != nil {
					t.Fatalf("scrolling to %s: %v", sel, err)
				}
				shot, err := chromedp.Run(ctx, chromedp.Screenshot(sel))
				if err != nil {
					t.Fatalf("capturing %s: %v", sel, err)
				}
				if ink := inked(t, shot); ink < 0.01 {
					t.Errorf("printed, chart %s is blank (%.3f of its pixels inked)", sel, ink)
				}
			}
			res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{})
			if err != nil {
				t.Fatalf("printing to PDF: %v", err)
			}
			pdf := res.Data
			pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
			if !bytes.HasPrefix(pdf, []byte("%PDF-")) || pages == 0 {
				t.Fatalf("printing gave no PDF (%d bytes, %d pages)", len(pdf), pages)
			}
			t.Logf("%s: %d charts, a PDF of %d pages (%d KB)", c.name, len(charts), pages, len(pdf)>>10)
		})
	}
}

// inked is the share of a PNG's pixels that are not near white.
func inked(t *testing.T, shot []byte) float64 {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	var ink, all int
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			all++
			if r < 0xE000 || g < 0xE000 || bl < 0xE000 {
				ink++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(ink) / float64(all)
}

// A full-page capture of the Simulate page (what a person saving the
// whole page as an image gets) shows the charts drawn, not blank areas.
func TestFullPageCaptureDrawsTheCharts(t *testing.T) {
	ctx := newTab(t)
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1366, Height: 900, DeviceScaleFactor: 1}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, env.baseURL+"#preset=hot-customer")
	waitFor(t, ctx, `document.querySelectorAll("#results figure.chart .plot > svg").length > 3`)
	rects := eval[[]map[string]float64](t, ctx, `[...document.querySelectorAll("#results figure.chart .plot > svg")].map(s => {
		const r = s.getBoundingClientRect();
		return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height};
	})`)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rects {
		sub := image.Rect(int(r["x"]), int(r["y"]), int(r["x"]+r["w"]), int(r["y"]+r["h"]))
		var buf bytes.Buffer
		cropped, ok := img.(interface {
			SubImage(image.Rectangle) image.Image
		})
		if !ok {
			t.Fatal("the capture cannot be cropped")
		}
		if err := png.Encode(&buf, cropped.SubImage(sub)); err != nil {
			t.Fatal(err)
		}
		if ink := inked(t, buf.Bytes()); ink < 0.01 {
			t.Errorf("chart %d at %v is blank in a full-page capture of %v (%.4f inked)", i, r, img.Bounds(), ink)
		}
	}
}
