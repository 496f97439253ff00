package e2e

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Slow 4G as Chromium's DevTools define it: 562.5 ms of latency, 1.44 Mbit/s
// down and 675 kbit/s up.
var slow4G = network.Conditions{Latency: 562.5, DownloadThroughput: 180000, UploadThroughput: 84375}

// BenchmarkColdLoad reports, from a fresh profile on loopback, how long
// after navigation start the first paint comes (it shows the default
// scenario's results, drawn on the server), the app has mounted (the page
// answers), and the app shows its first result.
func BenchmarkColdLoad(b *testing.B) {
	loadTimes(b, nil)
}

// BenchmarkColdLoadKorean is BenchmarkColdLoad in Korean (?lang=ko): the
// page also waits for its language's words (app/langbundle), whose wait
// and installation it reports.
func BenchmarkColdLoadKorean(b *testing.B) {
	var wait, install float64
	loadTimesAt(b, nil, "?lang=ko", func(ctx context.Context) {
		wait += eval[float64](b, ctx, `performance.getEntriesByName("partitionlab-lang-wait")[0].duration`)
		install += eval[float64](b, ctx, `performance.getEntriesByName("partitionlab-lang-install")[0].duration`)
	})
	b.ReportMetric(wait/float64(b.N), "ms-words-wait")
	b.ReportMetric(install/float64(b.N), "ms-words-install")
}

// BenchmarkSlow4GLoad is BenchmarkColdLoad on a throttled Slow 4G
// connection.
func BenchmarkSlow4GLoad(b *testing.B) {
	loadTimes(b, &slow4G)
}

// BenchmarkSlow4GLoadKorean is BenchmarkSlow4GLoad in Korean (?lang=ko),
// whose page fetches its words beside app.wasm.
func BenchmarkSlow4GLoadKorean(b *testing.B) {
	loadTimesAt(b, &slow4G, "?lang=ko", nil)
}

func loadTimes(b *testing.B, throttle *network.Conditions) {
	loadTimesAt(b, throttle, "", nil)
}

// coldTab is a tab with nothing cached (a new browser context), for one
// cold load, with two minutes for it; close it before the next load: a
// page's engine worker goes on drawing for a second or two after the
// first result, and on two cores a tab left open made the next load wait
// for it (until 2026-12-07 the cold load benchmarks kept every tab open to
// the end, and the loads after the first were measured against the one
// before's worker).
func coldTab() (context.Context, func()) {
	tab, closeTab := chromedp.NewContext(env.browser, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, 2*time.Minute)
	return ctx, func() { cancel(); closeTab() }
}

// loadTimesAt is loadTimes at the start page with query (and each load's
// page given to also, when not nil), each in its own coldTab.
func loadTimesAt(b *testing.B, throttle *network.Conditions, query string, also func(ctx context.Context)) {
	var paint, mount, result float64
	for range b.N {
		func() {
			ctx, closeTab := coldTab()
			defer closeTab()
			if throttle != nil {
				throttleTab(b, ctx, *throttle)
			}
			open(b, ctx, env.baseURL+query)
			waitFor(b, ctx, `performance.getEntriesByName("partitionlab-first-result").length > 0`)
			if also != nil {
				also(ctx)
			}
			paint += eval[float64](b, ctx, `performance.getEntriesByName("first-contentful-paint")[0].startTime`)
			mount += eval[float64](b, ctx, `performance.getEntriesByName("partitionlab-mounted")[0].startTime`)
			result += eval[float64](b, ctx, `performance.getEntriesByName("partitionlab-first-result")[0].startTime`)
		}()
	}
	n := float64(b.N)
	b.ReportMetric(paint/n, "ms-first-paint")
	b.ReportMetric(mount/n, "ms-to-mount")
	b.ReportMetric(result/n, "ms-to-first-result")
}

// throttleTab slows every request of the tab (its workers' included) to c.
func throttleTab(b *testing.B, ctx context.Context, c network.Conditions) {
	b.Helper()
	if err := chromedp.Do(ctx); err != nil { // starts the tab
		b.Fatal(err)
	}
	if err := throttle(ctx, c); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkInputDuringLongRun types into the page, a key every 200 ms,
// during a run of about 20 s (order-events, its duration set from the speed
// the page measured on a first run), and
// reports how long the page took to answer each key while the engine ran
// (from the key event to the next frame drawn after the app's input
// handler), the longest task on the page's thread while the engine ran and
// including the drawing of the result, and how long the run took.
func BenchmarkInputDuringLongRun(b *testing.B) {
	for range b.N {
		tab, cancel := chromedp.NewContext(env.browser, chromedp.WithNewBrowserContext())
		ctx, cancelTimeout := context.WithTimeout(tab, 10*time.Minute)
		open(b, ctx, env.baseURL)
		waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "done"`)
		// A first run long enough for the page to measure the engine's speed.
		setField(b, ctx, field("duration_s"), "300", "input")
		waitFor(b, ctx, `localStorage.getItem("partitionlab.engine-speed") !== null && document.getElementById("run-status").dataset.state === "done"`)
		speed := eval[float64](b, ctx, `+JSON.parse(localStorage.getItem("partitionlab.engine-speed"))`)
		duration := max(60, int(20*speed/3000)) // order-events: 1,000 orders/s × 3 events
		b.Logf("engine speed here %.3g events/s: a run of %d s", speed, duration)
		// Keys and tasks are counted while the engine runs; the result's
		// drawing at the end (charts of 6,000 s) is reported apart.
		eval[bool](b, ctx, `(() => {
			window.benchKeys = []; window.benchLongest = 0; window.benchLongestAll = 0;
			const running = () => document.getElementById("run-status").dataset.state === "running";
			new PerformanceObserver(l => l.getEntries().forEach(e => {
				benchLongestAll = Math.max(benchLongestAll, e.duration);
				if (running()) benchLongest = Math.max(benchLongest, e.duration);
			})).observe({type: "longtask"});
			document.addEventListener("input", e => {
				const t0 = e.timeStamp;
				requestAnimationFrame(() => { if (running()) benchKeys.push(performance.now() - t0); });
			});
			document.getElementById("import").open = true;
			return true; })()`)
		setField(b, ctx, field("duration_s"), strconv.Itoa(duration), "input")
		waitFor(b, ctx, `document.getElementById("run-confirm") !== null`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("run-confirm"))); err != nil {
			b.Fatal(err)
		}
		waitFor(b, ctx, `document.getElementById("run-status").dataset.state === "running"`)
		eval[bool](b, ctx, `(window.benchLongest = 0, window.benchLongestAll = 0, true)`)
		for stop := time.Now().Add(3 * time.Minute); time.Now().Before(stop) &&
			eval[string](b, ctx, `document.getElementById("run-status").dataset.state`) == "running"; {
			if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("import-text"), "x"), chromedp.Sleep(200e6)); err != nil {
				b.Fatal(err)
			}
		}
		keys := eval[[]float64](b, ctx, `benchKeys`)
		b.ReportMetric(median(keys), "ms-key-median")
		b.ReportMetric(quantile(keys, 0.95), "ms-key-p95")
		b.ReportMetric(slicesMax(keys), "ms-key-max")
		b.ReportMetric(float64(len(keys)), "keys")
		b.ReportMetric(eval[float64](b, ctx, `benchLongest`), "ms-longest-task")
		b.ReportMetric(eval[float64](b, ctx, `benchLongestAll`), "ms-longest-with-result")
		b.ReportMetric(eval[float64](b, ctx, `+document.getElementById("run-status").dataset.simMs`)/1000, "s-run")
		cancelTimeout()
		cancel()
	}
}

func slicesMax(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// quantile is the q-quantile of xs (nearest rank).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}
