package flow

import (
	"testing"
)

// BenchmarkFrame measures one animation frame: the scene at a moment and
// its SVG, for a run with a traced violating key (thread-pool). A frame
// must fit well inside the browser's 16 ms.
func BenchmarkFrame(b *testing.B) {
	for _, preset := range []string{"order-events", "thread-pool"} {
		b.Run(preset, func(b *testing.B) {
			r, trace := run(b, preset, true)
			f := New(r, trace)
			n := float64(f.Buckets())
			b.ReportAllocs()
			b.ResetTimer()
			bytes := 0
			for i := 0; b.Loop(); i++ {
				bytes = len(f.At(float64(i%1000) / 1000 * n).SVG())
			}
			b.ReportMetric(float64(bytes), "svg-bytes")
		})
	}
}
