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
	var e int
	switch {
	case v >= 100: // most of a chart's coordinates
		e = 2
		if v >= 1000 {
			e = 3
			if v >= 10000 {
				e = 4
			}
		}
	case v >= 1:
		e = 0
		if v >= 10 {
			e = 1
		}
	default:
		e = -1
		for e > -4 && v < pow10[e+4] {
			e--
		}
	}
	p := v * pow10[8-e] // 10^(4-e), exact: one rounding, relative error 2^-53
	digits := int(p)    // floor: 10000 <= p <= 100000
	frac := p - float64(digits)
	if frac-0.5 < 1e-9 && 0.5-frac < 1e-9 {
		return strconv.AppendFloat(b, x, 'g', 5, 64)
	}
	if frac > 0.5 {
		digits++
	}
	if digits >= 100000 { // rounded up to the next power of ten
		digits /= 10
		e++
		if e >= 5 {
			return strconv.AppendFloat(b, x, 'g', 5, 64)
		}
	}
	n := uint32(digits) // 10000 to 99999
	q := n / 100
	r, q2 := n-q*100, q/10
	d := [5]byte{twoDigits[2*q2], twoDigits[2*q2+1], byte('0' + q - q2*10), twoDigits[2*r], twoDigits[2*r+1]}
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

// twoDigits are 00 to 99.
const twoDigits = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"4041424344454647484950515253545556575859606162636465666768697071727374757677787980818283848586878889" +
	"90919293949596979899"

// pow10[k+4] is 10^k, for k from -4 to 8.
var pow10 = [...]float64{1e-4, 1e-3, 1e-2, 1e-1, 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}
