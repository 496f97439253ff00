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
// still cold (ms-first-sweep), and the page's longest input delay during
// the runs (ms-input-delay: how late a 10 ms timer fired at worst, the
// wait an input would have had, and ms-longest-task from the browser's
// long-task entries).
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
	var total, delay, task float64
	for range b.N {
		r := eval[map[string]float64](b, ctx, `new Promise(resolve => {
			let worst = 0, longest = 0, timer = 0;
			const obs = new PerformanceObserver(l => { for (const e of l.getEntries()) longest = Math.max(longest, e.duration); });
			obs.observe({type: "longtask"});
			const tick = (at) => { timer = setTimeout(() => { worst = Math.max(worst, performance.now() - at - 10); tick(performance.now()); }, 10); };
			tick(performance.now());
			const el = document.getElementById("sweep-seeds");
			el.value = "1";
			el.dispatchEvent(new Event("change", {bubbles: true}));
			let started = false;
			const wait = () => {
				const o = document.getElementById("sweep-outcome"), took = document.getElementById("sweep-took");
				started = started || document.getElementById("sweep-progress") !== null;
				if (started && o && o.dataset.final === "true" && took && !document.getElementById("sweep-progress")) {
					clearTimeout(timer); obs.disconnect();
					resolve({ms: +took.dataset.ms, delay: worst, task: longest});
				} else setTimeout(wait, 20);
			};
			setTimeout(wait, 20);
		})`, chromedp.EvalAwaitPromise)
		total += r["ms"]
		delay = max(delay, r["delay"])
		task = max(task, r["task"])
	}
	n := float64(b.N)
	b.ReportMetric(total/n, "ms/sweep")
	b.ReportMetric(first, "ms-first-sweep")
	b.ReportMetric(delay, "ms-input-delay")
	b.ReportMetric(task, "ms-longest-task")
	b.ReportMetric(cores, "workers")
}
