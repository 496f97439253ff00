package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkTimeToInteractive reports how long after navigation start the
// app has mounted (the Performance API mark set in OnMount), on loopback:
// "cold" is a fresh browser profile, with nothing cached; "warm" reloads a
// page whose service worker already holds every file.
func BenchmarkTimeToInteractive(b *testing.B) {
	b.Run("cold", func(b *testing.B) {
		total := 0.0
		for range b.N {
			ctx := newTab(b, chromedp.WithNewBrowserContext())
			total += mountTime(b, ctx)
		}
		b.ReportMetric(total/float64(b.N), "ms-to-mount")
	})
	b.Run("warm", func(b *testing.B) {
		ctx := newTab(b)
		open(b, ctx, env.baseURL)
		waitForServiceWorker(b, ctx)
		b.ResetTimer()
		total := 0.0
		for range b.N {
			total += mountTime(b, ctx)
		}
		b.ReportMetric(total/float64(b.N), "ms-to-mount")
	})
}

func mountTime(b *testing.B, ctx context.Context) float64 {
	open(b, ctx, env.baseURL)
	return eval[float64](b, ctx, `performance.getEntriesByName("partitionlab-mounted")[0].startTime`)
}

// BenchmarkKeysPageUpdate reports the time from a changed partition count
// to the redrawn chart, measured inside the page from the input event to
// the first animation frame that shows the new chart.
func BenchmarkKeysPageUpdate(b *testing.B) {
	ctx := newTab(b)
	open(b, ctx, env.baseURL)
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
