package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sweep24 is a 24-point sweep of the default scenario.
var sweep24 = sweepFragment("order-events", []string{"topic.partitions=1..24"})

// BenchmarkSweep24 runs a 24-point sweep of the default scenario in the
// page's Web Workers (one per core the browser reports, at most 8) and
// reports the time from the start to the last point drawn (ms/sweep; the
// budget is 3 s on 2 cores), the first sweep's with the workers' engine
// still cold (ms-first-sweep), and how the page answers input during the
// runs: a key every 100 ms, from the key event to the next frame drawn
// (ms-key-worst and ms-key-p95, as BenchmarkInputDuringLongRun; the budget
// is 50 ms), how late a 10 ms timer fired at worst (ms-timer-late: timers
// wait behind frames and input, so this is the harsher figure), and
// ms-longest-task from the browser's long-task entries.
func BenchmarkSweep24(b *testing.B) {
	// A tab of its own: a sweep on a busy machine outlasts newTab's two
	// minutes.
	tab, cancelTab := chromedp.NewContext(env.browser)
	ctx, cancel := context.WithTimeout(tab, 15*time.Minute)
	defer func() { cancel(); cancelTab() }()
	open(b, ctx, env.baseURL+"sweep#"+sweep24)
	// The first sweep compiles the workers' engine: on a busy machine it
	// takes longer than waitFor waits.
	for deadline := time.Now().Add(3 * time.Minute); !eval[bool](b, ctx, `(document.getElementById("sweep-outcome") || {dataset: {}}).dataset.final === "true"`); {
		if time.Now().After(deadline) {
			b.Fatal("the first sweep did not finish in 3 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	first := eval[float64](b, ctx, `+document.getElementById("sweep-took").dataset.ms`)
	cores := eval[float64](b, ctx, `navigator.hardwareConcurrency`)
	b.Logf("first sweep: %.0f ms on %.0f cores", first, cores)
	b.ResetTimer()
	var total, late, task float64
	var keys []float64
	for i := range b.N {
		eval[bool](b, ctx, `(() => {
			const B = window.sweepBench = {late: 0, longest: 0, keys: [], started: false, timer: 0};
			B.obs = new PerformanceObserver(l => { for (const e of l.getEntries()) B.longest = Math.max(B.longest, e.duration); });
			B.obs.observe({type: "longtask"});
			const tick = (at) => { B.timer = setTimeout(() => { B.late = Math.max(B.late, performance.now() - at - 10); tick(performance.now()); }, 10); };
			tick(performance.now());
			B.onKey = (e) => { const t0 = e.timeStamp; requestAnimationFrame(() => B.keys.push(performance.now() - t0)); };
			document.addEventListener("keydown", B.onKey);
			const el = document.getElementById("sweep-seeds");
			el.value = "1";
			el.dispatchEvent(new Event("change", {bubbles: true}));
			return true;
		})()`)
		// A key every 100 ms while the sweep runs, as the browser gets it
		// from a keyboard (on the page's body, which does nothing with it
		// but the app's own key listener).
		for deadline := time.Now().Add(5 * time.Minute); ; {
			if time.Now().After(deadline) {
				b.Fatal("a sweep did not finish in 5 minutes")
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent("x"), chromedp.Sleep(100*time.Millisecond)); err != nil {
				b.Fatal(err)
			}
			r := eval[map[string]any](b, ctx, `(() => {
				const B = window.sweepBench, o = document.getElementById("sweep-outcome"), took = document.getElementById("sweep-took");
				B.started = B.started || document.getElementById("sweep-progress") !== null;
				if (!(B.started && o && o.dataset.final === "true" && took && !document.getElementById("sweep-progress"))) return {done: false};
				clearTimeout(B.timer); B.obs.disconnect(); document.removeEventListener("keydown", B.onKey);
				return {done: true, ms: +took.dataset.ms, late: B.late, task: B.longest, keys: B.keys};
			})()`)
			if r["done"] != true {
				continue
			}
			total += r["ms"].(float64)
			late = max(late, r["late"].(float64))
			task = max(task, r["task"].(float64))
			var worst float64
			for _, k := range r["keys"].([]any) {
				keys = append(keys, k.(float64))
				worst = max(worst, k.(float64))
			}
			b.Logf("sweep %d: %.0f ms, worst key %.1f ms, timer late %.1f ms", i+1, r["ms"].(float64), worst, r["late"].(float64))
			break
		}
	}
	n := float64(b.N)
	b.ReportMetric(total/n, "ms/sweep")
	b.ReportMetric(first, "ms-first-sweep")
	b.ReportMetric(slicesMax(keys), "ms-key-worst")
	b.ReportMetric(quantile(keys, 0.95), "ms-key-p95")
	b.ReportMetric(float64(len(keys)), "keys")
	b.ReportMetric(late, "ms-timer-late")
	b.ReportMetric(task, "ms-longest-task")
	b.ReportMetric(cores, "workers")
}
