package plots

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// appendG5 writes every number as strconv does with %.5g: numbers of
// every size, whole, halves and other ties, and random ones.
func TestAppendG5IsStrconvs(t *testing.T) {
	check := func(x float64) {
		if got, want := string(appendG5(nil, x)), strconv.FormatFloat(x, 'g', 5, 64); got != want {
			t.Fatalf("appendG5(%v) = %q, strconv %q", x, got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -1, 1e-4, 1e-5, 9.99995e-5, 0.000099999, 99999, 99999.4, 99999.5,
		99999.6, 1e5, 12345.5, 12346.5, 0.5, 1.5, 2.25, 321.83, 280, 640, -3.6797, 0.1, 0.3, 1.00005, 1.00015,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64, 4.0500000000000001} {
		check(x)
		check(math.Nextafter(x, 0))
		check(math.Nextafter(x, math.Inf(1)))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 300000 {
		e := r.IntN(12) - 6
		check((r.Float64()*2 - 1) * math.Pow(10, float64(e)))
		check(float64(r.IntN(2000000)-1000000) / math.Pow(10, float64(r.IntN(10))))
		check(float64(r.IntN(1<<20)) / float64(int(1)<<r.IntN(24)))
		check(math.Float64frombits(r.Uint64()))
	}
}

func BenchmarkAppendG5(b *testing.B) {
	buf := make([]byte, 0, 64)
	for i := range b.N {
		buf = appendG5(buf[:0], float64(i%640)+0.123456)
	}
}

func BenchmarkStrconvG5(b *testing.B) {
	buf := make([]byte, 0, 64)
	for i := range b.N {
		buf = strconv.AppendFloat(buf[:0], float64(i%640)+0.123456, 'g', 5, 64)
	}
}

// minOf and maxOf agree with math.Min and math.Max on numbers (zeros of
// both signs and infinities included).
func TestMinOfMaxOfAreMaths(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 2.5, math.Inf(1), math.Inf(-1), 1e-300}
	for _, a := range xs {
		for _, b := range xs {
			if got, want := minOf(a, b), math.Min(a, b); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("minOf(%v, %v) = %v, math.Min %v", a, b, got, want)
			}
			if got, want := maxOf(a, b), math.Max(a, b); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("maxOf(%v, %v) = %v, math.Max %v", a, b, got, want)
			}
		}
	}
}
