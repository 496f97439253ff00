package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

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
			func() {
				ctx, closeTab := coldTab()
				defer closeTab()
				total += at(b, ctx)
			}()
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
// the input event to the first animation frame showing the new digest (mean,
// median and 95th percentile), and its parts as the page measured them: the simulation
// (request to result, through the engine's worker), the engine's share of
// it (inside the worker), and the drawing of the charts. The page's first
// change (which may wait for the worker to start: a page that came with its
// result starts it only once the app has mounted) is timed apart. Each
// change is to a seed the page has not run (a run made before is given back
// without the engine); ms-replayed-median is six changes back and forth
// between the last two seeds.
//
// The steps between come from the run's Performance API marks
// (app/runmarks.go), each as its median: ms-0-edit (input event to the
// page's handler), ms-1-post (to the request sent), ms-2-to-worker (to the
// worker's engine having it), ms-3-worker (to the result in the worker:
// the run, its slices and pauses), ms-4-to-page (encoding, the message and
// the page's thread being free), ms-5-decode, ms-6-draw (the result view),
// ms-7-tick (to go-app's next update of the page), ms-8-render (go-app
// rendering the page and updating its DOM) and ms-9-frame (the browser's
// style, layout and paint to the first frame that shows it).
func BenchmarkSimulateUpdate(b *testing.B) {
	ctx := newTab(b)
	open(b, ctx, env.baseURL)
	waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	first, firstParts := changeSeed(b, ctx, 4)
	b.Logf("first update: %.0f ms, steps %.1f", first, firstParts)
	b.ResetTimer()
	var total, simMs, engineMs, drawMs float64
	var each []float64
	steps := make([][]float64, len(updateSteps))
	for i := range b.N {
		// A seed never run on this page: the page gives a run it made
		// before back without the engine (runner.Client's replays).
		ms, parts := changeSeed(b, ctx, 10+i)
		total += ms
		each = append(each, ms)
		for k, p := range parts {
			steps[k] = append(steps[k], p)
		}
		simMs += eval[float64](b, ctx, `+document.getElementById("run-status").dataset.simMs`)
		e := eval[float64](b, ctx, `+document.getElementById("run-status").dataset.engineMs`)
		engineMs += e
		d := eval[map[string]float64](b, ctx, `performance.getEntriesByName("partitionlab-run-result").at(-1)?.detail ?? {}`)
		if parts != nil {
			b.Logf("update %d: %.0f ms, engine %.0f ms, steps %.1f, worker %v, pauses %.1f ms", i, ms, e, parts, d, parts[3]-d["engine_ms"]-d["start_ms"])
		}
		drawMs += eval[float64](b, ctx, `+document.getElementById("run-status").dataset.drawMs`)
	}
	b.StopTimer()
	// Changes back and forth between the last two seeds: runs given back.
	var replayed []float64
	for k := range 6 {
		if b.N < 2 {
			break
		}
		seed := 10 + b.N - 2 + k%2
		ms, _ := changeSeed(b, ctx, seed)
		if eval[string](b, ctx, `document.getElementById("run-status").dataset.replayed`) != "true" {
			b.Fatalf("seed %d, run a moment ago, was run again", seed)
		}
		replayed = append(replayed, ms)
	}
	n := float64(b.N)
	if len(replayed) > 0 {
		b.ReportMetric(median(replayed), "ms-replayed-median")
	}
	b.ReportMetric(total/n, "ms/update")
	b.ReportMetric(median(each), "ms-median")
	b.ReportMetric(quantile(each, 0.95), "ms-p95")
	b.ReportMetric(first, "ms-first-update")
	b.ReportMetric(simMs/n, "ms-simulate")
	b.ReportMetric(engineMs/n, "ms-engine")
	b.ReportMetric(drawMs/n, "ms-draw")
	for k, name := range updateSteps {
		if len(steps[k]) == b.N {
			b.ReportMetric(median(steps[k]), name)
		}
	}
}

// updateSteps name the steps of an update (see BenchmarkSimulateUpdate),
// in the order of the marks that end them.
var updateSteps = []string{"ms-0-edit", "ms-1-post", "ms-2-to-worker", "ms-3-worker",
	"ms-4-to-page", "ms-5-decode", "ms-6-draw", "ms-7-tick", "ms-8-render", "ms-9-frame"}

// changeSeed types a seed and returns the time to the first frame showing
// the new results, and the steps between (updateSteps; nil when a mark is
// missing); it returns once the run is done.
func changeSeed(b testing.TB, ctx context.Context, seed int) (float64, []float64) {
	before := digestShown(b, ctx)
	r := eval[[]float64](b, ctx, fmt.Sprintf(`new Promise(resolve => {
		const el = document.getElementById("f-seed"), t0 = performance.now();
		el.value = "%d"; el.dispatchEvent(new Event("input", {bubbles: true}));
		const done = () => { const r = document.getElementById("results"); return r && r.dataset.digest !== %s; };
		const at = (n, after) => {
			const m = performance.getEntriesByName("partitionlab-run-" + n).filter((e) => e.startTime >= after);
			return m.length ? m[0].startTime : NaN;
		};
		const check = () => {
			if (!done()) return requestAnimationFrame(check);
			const t = [t0];
			for (const n of ["edited", "posted", "received", "result", "heard", "decoded", "drawn", "render", "rendered"]) {
				t.push(at(n, n === "render" ? t[t.length-1] : -Infinity));
			}
			t.push(performance.now());
			const all = t.every((x) => !Number.isNaN(x)); // else a mark is missing
			resolve([t[t.length-1] - t0, ...(all ? t.slice(1).map((x, i) => x - t[i]) : [])]);
		};
		check(); })`, seed, js(before)), chromedp.EvalAwaitPromise)
	waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "done"`)
	if len(r) != 1+len(updateSteps) {
		return r[0], nil
	}
	return r[0], r[1:]
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

// BenchmarkFirstChangeAfterReading reports what BenchmarkSimulateUpdate's
// first change is to a reader: a cold load, the first result read for
// readFor (while the engine's worker starts and warms up, app/runloop.go),
// then one change of the seed, timed as changeSeed times it; with the
// engine's share inside the worker. Each load in a fresh tab (coldTab).
func BenchmarkFirstChangeAfterReading(b *testing.B) {
	const readFor = 4 * time.Second
	var each, engine []float64
	for range b.N {
		func() {
			ctx, closeTab := coldTab()
			defer closeTab()
			open(b, ctx, env.baseURL)
			waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "done"`)
			time.Sleep(readFor)
			ms, steps := changeSeed(b, ctx, 2)
			d := eval[map[string]float64](b, ctx, `performance.getEntriesByName("partitionlab-run-result").at(-1)?.detail ?? {}`)
			b.Logf("load %d: %.0f ms, steps %.1f, worker %v", len(each), ms, steps, d)
			each = append(each, ms)
			engine = append(engine, d["engine_ms"])
		}()
	}
	b.ReportMetric(median(each), "ms-median")
	b.ReportMetric(slices.Max(each), "ms-max")
	b.ReportMetric(median(engine), "ms-engine-median")
}
