package sim

import "math"

// The engine must give the same result natively and in WebAssembly. Basic
// IEEE arithmetic (+ - * / and sqrt) is exact everywhere, but math.Log and
// math.Exp use assembly on amd64 and pure Go on wasm, which may round the last
// bit differently. These are the classic fdlibm algorithms written out with
// basic operations only, so every platform computes the same bits.

const (
	ln2Hi  = 6.93147180369123816490e-01
	ln2Lo  = 1.90821492927058770002e-10
	log2e  = 1.44269504088896338700e+00
	lnMax  = 7.09782712893383973096e+02
	lnMin  = -7.45133219101941108420e+02
	sqrt2h = 0.70710678118654752440
)

// detLog is the natural logarithm for x > 0.
func detLog(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return x
	}
	f1, e := math.Frexp(x) // pure Go on amd64 and wasm alike
	if f1 < sqrt2h {
		f1 *= 2
		e--
	}
	f := f1 - 1
	k := float64(e)
	s := f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	t1 := s2 * (6.666666666666735130e-01 + s4*(2.857142874366239149e-01+s4*(1.818357216161805012e-01+s4*1.479819860511658591e-01)))
	t2 := s4 * (3.999999999940941908e-01 + s4*(2.222219843214978396e-01+s4*1.531383769920937332e-01))
	r := t1 + t2
	hfsq := 0.5 * f * f
	return k*ln2Hi - ((hfsq - (s*(hfsq+r) + k*ln2Lo)) - f)
}

// detExp is e**x.
func detExp(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > lnMax:
		return math.Inf(1)
	case x < lnMin:
		return 0
	}
	var k int
	if x < 0 {
		k = int(log2e*x - 0.5)
	} else {
		k = int(log2e*x + 0.5)
	}
	hi := x - float64(k)*ln2Hi
	lo := float64(k) * ln2Lo
	r := hi - lo
	t := r * r
	c := r - t*(1.66666666666666657415e-01+t*(-2.77777777770155933842e-03+t*(6.61375632143793436117e-05+t*(-1.65339022054652515390e-06+t*4.13813679705723846039e-08))))
	y := 1 - ((lo - (r*c)/(2-c)) - hi)
	return math.Ldexp(y, k) // pure Go on amd64 and wasm alike
}

// detPow is x**y for x > 0.
func detPow(x, y float64) float64 { return detExp(y * detLog(x)) }
