package plots

import (
	"math"
	"strconv"
)

// appendG5 appends x as strconv.AppendFloat(b, x, 'g', 5, 64) does
// (vgsvg's %.5g), faster for the numbers a chart is made of: for
// 0.0001 <= |x| < 100000 it scales x to five digits with one exact power
// of ten and rounds, unless x is so near a tie that the product's
// rounding error could decide it; every other number, and those, go to
// strconv. TestAppendG5IsStrconvs compares the two.
func appendG5(b []byte, x float64) []byte {
	v := math.Abs(x)
	if !(v >= 1e-4 && v < 1e5) { // NaN too
		if x == 0 {
			if math.Signbit(x) {
				return append(b, "-0"...)
			}
			return append(b, '0')
		}
		return strconv.AppendFloat(b, x, 'g', 5, 64)
	}
	// e is the decimal exponent: 10^e <= v < 10^(e+1). The powers below one
	// are the doubles just above them, so the comparisons are exact.
	e := 4
	for e > -4 && v < pow10[e+4] {
		e--
	}
	p := v * pow10[8-e] // 10^(4-e), exact: one rounding, relative error 2^-53
	n := math.Floor(p)
	frac := p - n
	if math.Abs(frac-0.5) < 1e-9 {
		return strconv.AppendFloat(b, x, 'g', 5, 64)
	}
	if frac > 0.5 {
		n++
	}
	digits := int(n)
	if digits >= 100000 { // rounded up to the next power of ten
		digits /= 10
		e++
		if e >= 5 {
			return strconv.AppendFloat(b, x, 'g', 5, 64)
		}
	}
	var d [5]byte
	for i := 4; i >= 0; i-- {
		d[i] = byte('0' + digits%10)
		digits /= 10
	}
	nd := 5
	for nd > 1 && d[nd-1] == '0' {
		nd--
	}
	if x < 0 {
		b = append(b, '-')
	}
	dp := e + 1 // digits before the point
	if dp <= 0 {
		b = append(b, '0', '.')
		for range -dp {
			b = append(b, '0')
		}
		return append(b, d[:nd]...)
	}
	if nd <= dp {
		b = append(b, d[:nd]...)
		for range dp - nd {
			b = append(b, '0')
		}
		return b
	}
	b = append(b, d[:dp]...)
	b = append(b, '.')
	return append(b, d[dp:nd]...)
}

// pow10[k+4] is 10^k, for k from -4 to 8.
var pow10 = [...]float64{1e-4, 1e-3, 1e-2, 1e-1, 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}
