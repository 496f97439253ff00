package sim

import "testing"

// A partition's most records waiting is its lag series' maximum, and stays
// exact beyond what the series' int32 cells hold.
func TestMaxLagIsTheSeriesMaximumAndExactBeyondInt32(t *testing.T) {
	m := newMetrics(2, 10e9)
	m.noteLagIn(0, 0, 7)
	m.noteLagIn(3, 0, 12)
	m.noteLagIn(5, 0, 9)
	m.noteLagIn(1, 1, 5_000_000_000)
	m.noteLagIn(2, 1, 3_000_000_000)
	_, _, maxLag := m.totals(2)
	if maxLag[0] != 12 || maxLag[1] != 5_000_000_000 {
		t.Errorf("max lag per partition = %v, want [12 5000000000]", maxLag)
	}
	if got := m.sLag[1*m.parts+1]; got != 1<<31-1 {
		t.Errorf("the series cell holds %d, want it clamped to %d", got, 1<<31-1)
	}
}

// The partitions' totals are their series' sums: every record counted once.
func TestTotalsAreTheSeriesSums(t *testing.T) {
	m := newMetrics(2, 10e9)
	for _, at := range []int64{0, 1e9, 1e9, 9e9} {
		m.onProduce(1, at)
	}
	m.onProcess(1, 5)
	m.onProcess(0, 5)
	produced, processed, _ := m.totals(2)
	if produced[0] != 0 || produced[1] != 4 || processed[0] != 1 || processed[1] != 1 {
		t.Errorf("produced %v, processed %v; want [0 4], [1 1]", produced, processed)
	}
	if n := m.latency.quantile(0.5); n != 5 {
		t.Errorf("median latency %d, want 5", n)
	}
}
