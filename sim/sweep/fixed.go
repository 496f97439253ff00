package sweep

import (
	"math/bits"
	"strconv"
	"strings"
)

// fixed is a range's number exactly, in units of 10^-maxPlaces: a signed
// 192-bit integer, two's complement, least significant word first. A
// range's numbers are below 10^maxIntDigits, so every value, difference
// and quotient parseRange works out is below 2^145: the words never
// overflow. (math/big would do the same and add about 57 kB to the page's
// module with brotli.)
type fixed [3]uint64

// maxIntDigits is the most digits a range's numbers have before the point:
// as many as 1e30, the largest exponent a range reads.
const maxIntDigits = 31

// fixedOf is digits × 10^exp in units of 10^-maxPlaces, negated when neg;
// exp is at least -maxPlaces and digits with exp at most maxIntDigits long.
func fixedOf(neg bool, digits string, exp int64) fixed {
	var f fixed
	for _, c := range digits + strings.Repeat("0", int(exp+maxPlaces)) {
		f = f.mulAdd(10, uint64(c-'0'))
	}
	if neg {
		f = f.neg()
	}
	return f
}

// mulAdd is f×m + a, for f ≥ 0.
func (f fixed) mulAdd(m, a uint64) fixed {
	var out fixed
	carry := a
	for i, w := range f {
		hi, lo := bits.Mul64(w, m)
		var c uint64
		out[i], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	return out
}

func (f fixed) add(g fixed) fixed {
	var out fixed
	var c uint64
	for i := range f {
		out[i], c = bits.Add64(f[i], g[i], c)
	}
	return out
}

func (f fixed) sub(g fixed) fixed {
	var out fixed
	var b uint64
	for i := range f {
		out[i], b = bits.Sub64(f[i], g[i], b)
	}
	return out
}

func (f fixed) neg() fixed { return fixed{}.sub(f) }

func (f fixed) negative() bool { return f[2]>>63 == 1 }

func (f fixed) zero() bool { return f == fixed{} }

// cmp is -1, 0 or 1 as f is below, equal to or above g.
func (f fixed) cmp(g fixed) int {
	if f.negative() != g.negative() {
		if f.negative() {
			return -1
		}
		return 1
	}
	for i := len(f) - 1; i >= 0; i-- { // same sign: unsigned order
		if f[i] != g[i] {
			if f[i] < g[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// quo is f / g rounded down, for f ≥ 0 and g > 0 (bit by bit: a range
// asks for one).
func (f fixed) quo(g fixed) fixed {
	var q, r fixed
	for i := 191; i >= 0; i-- {
		r = r.add(r) // r < g < 2^191: no overflow
		r[0] |= f[i/64] >> (i % 64) & 1
		if r.cmp(g) >= 0 {
			r = r.sub(g)
			q[i/64] |= 1 << (i % 64)
		}
	}
	return q
}

// divSmall is f / d and its remainder, for f ≥ 0.
func (f fixed) divSmall(d uint64) (fixed, uint64) {
	var q fixed
	var r uint64
	for i := len(f) - 1; i >= 0; i-- {
		q[i], r = bits.Div64(r, f[i], d)
	}
	return q, r
}

// digits writes f ≥ 0 in decimal.
func (f fixed) digits() string {
	if f.zero() {
		return "0"
	}
	var groups []uint64 // of 19 digits, least significant first
	for !f.zero() {
		var r uint64
		f, r = f.divSmall(1e19)
		groups = append(groups, r)
	}
	var b strings.Builder
	for i := len(groups) - 1; i >= 0; i-- {
		s := strconv.FormatUint(groups[i], 10)
		if i != len(groups)-1 {
			b.WriteString(strings.Repeat("0", 19-len(s)))
		}
		b.WriteString(s)
	}
	return b.String()
}

// format writes f with at most places decimals (f has no more), without
// trailing zeros: 0.5, 12, -3.25.
func (f fixed) format(places int) string {
	neg := f.negative()
	if neg {
		f = f.neg()
	}
	s := f.digits()
	if len(s) <= maxPlaces {
		s = strings.Repeat("0", maxPlaces+1-len(s)) + s
	}
	whole, frac := s[:len(s)-maxPlaces], strings.TrimRight(s[len(s)-maxPlaces:][:places], "0")
	if frac != "" {
		whole += "." + frac
	}
	if neg && whole != "0" {
		whole = "-" + whole
	}
	return whole
}
