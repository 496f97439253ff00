package app

import (
	"testing"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// BenchmarkNewResultView is what the page does with a new result before
// showing it (ms-6-draw of e2e's BenchmarkSimulateUpdate): the cards, the
// marks, every chart and the flow view, for the default scenario.
func BenchmarkNewResultView(b *testing.B) {
	sc, err := scenario.Preset("order-events")
	if err != nil {
		b.Fatal(err)
	}
	r, err := sim.Run(sc)
	if err != nil {
		b.Fatal(err)
	}
	newResultView(sc, r, 1) // the one-time costs (fonts, catalogs)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		newResultView(sc, r, i)
	}
}
