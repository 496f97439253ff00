package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"partitionlab/sim/lessons"
)

// BenchmarkLearnNext reports the time from a click on Next to the next
// step's results with their checks (learn-step's state done), measured in
// the page, over b.N steps from the first lesson's first on (Next crosses
// into the next lesson at a lesson's end). Each step is read for read
// first: meanwhile the engine's worker runs the step after within the
// lesson (app/learn_run.go's prefetchNext), which read=0 leaves no time
// for. Each step is logged with its run's marks after the click (-1: none,
// as for a calculator's step).
func BenchmarkLearnNext(b *testing.B) {
	all, err := lessons.All()
	if err != nil {
		b.Fatal(err)
	}
	for _, read := range []time.Duration{0, 3 * time.Second} {
		b.Run(fmt.Sprintf("read=%s", read), func(b *testing.B) {
			ctx := newTab(b, chromedp.WithNewBrowserContext())
			open(b, ctx, env.baseURL+"learn?lesson="+all[0].ID+"&step=1")
			waitFor(b, ctx, `document.getElementById("learn-step").dataset.state === "done"`)
			var each []float64
			for range b.N {
				time.Sleep(read)
				each = append(each, eval[float64](b, ctx, `new Promise((resolve) => {
					const s = document.getElementById("learn-step"), from = s.dataset.lesson + "/" + s.dataset.step;
					const t0 = performance.now();
					document.getElementById("learn-next").click();
					const check = () => {
						const e = document.getElementById("learn-step");
						if (e && e.dataset.lesson + "/" + e.dataset.step !== from && e.dataset.state === "done") {
							const m = (n) => { const x = performance.getEntriesByName("partitionlab-run-" + n).filter((e) => e.startTime >= t0); return x.length ? Math.round(x[0].startTime - t0) : -1; };
							window.lastMarks = ["decoded", "drawn", "render", "rendered"].map((n) => n + "@" + m(n)).join(" ");
							return resolve(performance.now() - t0);
						}
						requestAnimationFrame(check);
					};
					check(); })`, chromedp.EvalAwaitPromise))
				b.Logf("%s: %.0f ms %s", eval[string](b, ctx, `document.getElementById("learn-step").dataset.lesson + "/" + document.getElementById("learn-step").dataset.step`), each[len(each)-1], eval[string](b, ctx, `window.lastMarks`))
			}
			b.ReportMetric(median(each), "ms-next-median")
			b.ReportMetric(quantile(each, 0.95), "ms-next-p95")
		})
	}
}
