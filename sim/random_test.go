package sim

import "testing"

func TestExpMeanAndTail(t *testing.T) {
	r := newRNG(7, 1)
	const n = 400000
	var sum, sumSq float64
	above3 := 0
	for range n {
		x := r.exp(2)
		sum += x
		sumSq += x * x
		if x > 6 {
			above3++
		}
	}
	mean := sum / n
	if mean < 1.98 || mean > 2.02 {
		t.Errorf("mean = %.4f, want 2 ± 1%%", mean)
	}
	if v := sumSq/n - mean*mean; v < 3.9 || v > 4.1 {
		t.Errorf("variance = %.4f, want 4 ± 2.5%%", v)
	}
	// P(X > 3·mean) = e^-3 ≈ 4.98 %.
	if share := float64(above3) / n; share < 0.047 || share > 0.053 {
		t.Errorf("P(X > 6) = %.4f, want about 0.0498", share)
	}
}

func TestAliasTableFrequencies(t *testing.T) {
	weights := []float64{5, 1, 3, 0, 1}
	at := newAliasTable(weights)
	r := newRNG(3, 1)
	counts := make([]int, len(weights))
	const n = 200000
	for range n {
		counts[at.sample(r)]++
	}
	for i, w := range weights {
		want := w / 10 * n
		if d := float64(counts[i]) - want; d > 0.02*n || d < -0.02*n {
			t.Errorf("outcome %d drawn %d times, want about %.0f", i, counts[i], want)
		}
	}
	if counts[3] != 0 {
		t.Errorf("a zero weight was drawn %d times", counts[3])
	}
}
