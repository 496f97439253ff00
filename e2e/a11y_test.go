package e2e

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The keyboard problems a person meets first: zoom is allowed, the skip
// links move the focus (not only the view), Play is a few Tab stops after
// "Skip to the results", and the focus ring on the dark top bar is visible.
func TestKeyboardAndZoom(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	waitFor(t, ctx, `document.getElementById("results") !== null`)
	if vp := eval[string](t, ctx, `document.querySelector('meta[name="viewport"]').content`); strings.Contains(vp, "user-scalable=0") || strings.Contains(vp, "maximum-scale") {
		t.Errorf("the viewport tag forbids zooming: %q", vp)
	}

	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	active := func() string { return eval[string](t, ctx, `document.activeElement.id`) }

	eval[bool](t, ctx, `(document.activeElement.blur(), window.scrollTo(0, 0), true)`)
	key(kb.Tab)
	if a := active(); a != "skip-main" {
		t.Fatalf("the first Tab stop is #%s, not the skip link", a)
	}
	key(kb.Enter)
	waitFor(t, ctx, `document.activeElement.id === "main"`)
	if h := eval[string](t, ctx, `location.hash`); h != "#preset=order-events" {
		t.Errorf("the skip link changed the address's scenario to %q", h)
	}

	eval[bool](t, ctx, `(document.getElementById("skip-results-column").focus(), true)`)
	key(kb.Enter)
	waitFor(t, ctx, `document.activeElement.id === "results-column"`)
	stops := 0
	for ; stops < 15 && active() != "play"; stops++ {
		key(kb.Tab)
	}
	if active() != "play" {
		t.Errorf("Play is not within 15 Tab stops of Skip to the results")
	}

	// The focus ring on the top bar's links stands out from the bar (3:1).
	eval[bool](t, ctx, `(document.getElementById("nav-learn").focus({focusVisible: true}), true)`)
	ring := eval[string](t, ctx, `getComputedStyle(document.getElementById("nav-learn")).outlineColor`)
	bar := eval[string](t, ctx, `getComputedStyle(document.querySelector(".topbar")).backgroundColor`)
	if c := contrast(ring, bar); c < 3 {
		t.Errorf("the top bar's focus ring %s is %.2f:1 against the bar %s", ring, c, bar)
	}
}

// Scrolling tables are focusable named regions, the lesson's results are
// a region, and every chart's download buttons say which chart.
func TestRegionsAndButtonNames(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"#preset=scale-out-cooperative")
	waitFor(t, ctx, `document.getElementById("rebalances") !== null`)
	bad := eval[[]string](t, ctx, `Array.from(document.querySelectorAll(".table-wrap")).filter(w =>
		w.tabIndex !== 0 || w.getAttribute("role") !== "region" || !w.getAttribute("aria-label")).map(w => w.outerHTML.slice(0, 80))`)
	for _, b := range bad {
		t.Errorf("a scrolling table box is not a focusable named region: %s", b)
	}
	names := eval[[]string](t, ctx, `Array.from(document.querySelectorAll(".chart .downloads button")).map(b => b.getAttribute("aria-label"))`)
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || !(strings.HasPrefix(n, "SVG") || strings.HasPrefix(n, "PNG")) {
			t.Errorf("download button named %q (repeated, or not starting with its visible text)", n)
		}
		seen[n] = true
	}
	if len(names) < 8 {
		t.Errorf("%d download buttons", len(names))
	}

	open(t, ctx, env.baseURL+"learn?lesson=hot-customer&step=1")
	if r := eval[string](t, ctx, `document.getElementById("learn-results").getAttribute("role")`); r != "region" {
		t.Errorf("#learn-results has role %q", r)
	}
}

// contrast is the WCAG contrast ratio of two CSS rgb() colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func luminance(rgb string) float64 {
	f := strings.FieldsFunc(rgb, func(r rune) bool { return !(r >= '0' && r <= '9' || r == '.') })
	if len(f) < 3 {
		return 0
	}
	var l [3]float64
	for i := range 3 {
		c, _ := strconv.ParseFloat(f[i], 64)
		c /= 255
		if c <= 0.03928 {
			l[i] = c / 12.92
		} else {
			l[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}
