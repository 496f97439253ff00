package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkTimeToInteractive reports how long after navigation start the
// app has mounted (the Performance API mark set in OnMount), on loopback:
// "cold" is a fresh browser profile, with nothing cached; "warm" reloads a
// page whose service worker already holds every file.
func BenchmarkTimeToInteractive(b *testing.B) {
	coldAndWarm(b, "ms-to-mount", "partitionlab-mounted")
}

// BenchmarkFirstResult reports how long after navigation start the Simulate
// page shows its first result (order-events simulated and drawn), cold and
// warm as above.
func BenchmarkFirstResult(b *testing.B) {
	coldAndWarm(b, "ms-to-first-result", "partitionlab-first-result")
}

// coldAndWarm reports, as unit, the time from navigation start to the
// Performance API mark, from a fresh profile and from the service worker's
// cache.
func coldAndWarm(b *testing.B, unit, mark string) {
	at := func(b *testing.B, ctx context.Context) float64 {
		open(b, ctx, env.baseURL)
		waitFor(b, ctx, `performance.getEntriesByName(`+js(mark)+`).length > 0`)
		return eval[float64](b, ctx, `performance.getEntriesByName(`+js(mark)+`)[0].startTime`)
	}
	b.Run("cold", func(b *testing.B) {
		total := 0.0
		for range b.N {
			total += at(b, newTab(b, chromedp.WithNewBrowserContext()))
		}
		b.ReportMetric(total/float64(b.N), unit)
	})
	b.Run("warm", func(b *testing.B) {
		ctx := newTab(b)
		open(b, ctx, env.baseURL)
		waitForServiceWorker(b, ctx)
		b.ResetTimer()
		total := 0.0
		for range b.N {
			total += at(b, ctx)
		}
		b.ReportMetric(total/float64(b.N), unit)
	})
}

// BenchmarkSimulateUpdate reports the time from a change (the seed, on the
// default scenario) to the redrawn results, measured inside the page from
// the input event to the first animation frame showing the new digest (mean
// and median), and its parts as the page measured them: the simulation
// (request to result, through the engine's worker), the engine's share of
// it (inside the worker), and the drawing of the charts. The page's first
// change (which may wait for the worker to start: a page that came with its
// result starts it only once app.wasm has arrived) is timed apart.
func BenchmarkSimulateUpdate(b *testing.B) {
	ctx := newTab(b)
	open(b, ctx, env.baseURL)
	waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	first := changeSeed(b, ctx, 4)
	b.ResetTimer()
	var total, simMs, engineMs, drawMs float64
	var each []float64
	for i := range b.N {
		ms := changeSeed(b, ctx, 2+i%2)
		total += ms
		each = append(each, ms)
		simMs += eval[float64](b, ctx, `+document.getElementById("run-status").dataset.simMs`)
		engineMs += eval[float64](b, ctx, `+document.getElementById("run-status").dataset.engineMs`)
		drawMs += eval[float64](b, ctx, `+document.getElementById("run-status").dataset.drawMs`)
	}
	n := float64(b.N)
	b.ReportMetric(total/n, "ms/update")
	b.ReportMetric(median(each), "ms-median")
	b.ReportMetric(first, "ms-first-update")
	b.ReportMetric(simMs/n, "ms-simulate")
	b.ReportMetric(engineMs/n, "ms-engine")
	b.ReportMetric(drawMs/n, "ms-draw")
}

// changeSeed types a seed and returns the time to the first frame showing
// the new results; it returns once the run is done.
func changeSeed(b *testing.B, ctx context.Context, seed int) float64 {
	before := digestShown(b, ctx)
	ms := eval[float64](b, ctx, fmt.Sprintf(`new Promise(resolve => {
		const el = document.getElementById("f-seed"), t0 = performance.now();
		el.value = "%d"; el.dispatchEvent(new Event("input", {bubbles: true}));
		const done = () => { const r = document.getElementById("results"); return r && r.dataset.digest !== %s; };
		const check = () => done() ? resolve(performance.now() - t0) : requestAnimationFrame(check);
		check(); })`, seed, js(before)), chromedp.EvalAwaitPromise)
	waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	return ms
}

// BenchmarkKeysPageUpdate reports the time from a changed partition count
// to the redrawn chart, measured inside the page from the input event to
// the first animation frame that shows the new chart.
func BenchmarkKeysPageUpdate(b *testing.B) {
	ctx := newTab(b)
	open(b, ctx, env.baseURL+"keys")
	b.ResetTimer()
	total := 0.0
	for i := range b.N {
		n := 6 + i%2
		total += eval[float64](b, ctx, fmt.Sprintf(`new Promise(resolve => {
			const el = document.getElementById("partitions"), t0 = performance.now();
			el.value = "%d"; el.dispatchEvent(new Event("input", {bubbles: true}));
			const done = () => document.querySelectorAll("#chart svg path[style^='fill:#0072B2']").length === %d;
			const check = () => done() ? resolve(performance.now() - t0) : requestAnimationFrame(check);
			check(); })`, n, n+1), chromedp.EvalAwaitPromise)
	}
	b.ReportMetric(total/float64(b.N), "ms/update")
}

// median is the middle of xs (the mean of the two middle ones).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}
