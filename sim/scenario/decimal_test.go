package scenario

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseDecimalReadsJSONNumbersExactly(t *testing.T) {
	cases := []struct {
		in   string
		want Decimal
	}{
		{"0", Decimal{}},
		{"-0", Decimal{}},
		{"0.000e-5", Decimal{}},
		{"12", Decimal{Digits: "12"}},
		{"1200", Decimal{Digits: "12", Exp: 2}},
		{"-1.250", Decimal{Neg: true, Digits: "125", Exp: -2}},
		{"0.001", Decimal{Digits: "1", Exp: -3}},
		{"1e3", Decimal{Digits: "1", Exp: 3}},
		{"2.50E+1", Decimal{Digits: "25"}},
		{"10e-1", Decimal{Digits: "1"}},
		{"1e999999999999999999999", Decimal{Digits: "1", Exp: maxDecimalExp}},
		{"-1e-999999999999999999999", Decimal{Neg: true, Digits: "1", Exp: -maxDecimalExp}},
	}
	for _, c := range cases {
		got, ok := ParseDecimal(c.in)
		if !ok || got != c.want {
			t.Errorf("ParseDecimal(%q) = %+v, %v; want %+v", c.in, got, ok, c.want)
		}
	}
	for _, bad := range []string{"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1x", "0x10", "1.5.2", "--1", " 1", "1 ", "Infinity", "NaN"} {
		if d, ok := ParseDecimal(bad); ok {
			t.Errorf("ParseDecimal(%q) = %+v, want not a number", bad, d)
		}
	}
}

// ParseDecimal agrees with JSON on what a number is, and with math/big on
// its value, on random numbers written every way JSON allows.
func TestParseDecimalAgreesWithMathBig(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	digits := func(n int, lead bool) string {
		var b strings.Builder
		for i := range n {
			c := byte('0' + r.IntN(10))
			if i == 0 && lead && c == '0' && n > 1 {
				c = '1'
			}
			b.WriteByte(c)
		}
		return b.String()
	}
	pick := func(choices ...string) string { return choices[r.IntN(len(choices))] }
	for range 20000 {
		s := pick("", "-") + digits(1+r.IntN(25), true)
		if r.IntN(2) == 0 {
			s += pick(".", "", ",") + digits(r.IntN(25), false)
		}
		if r.IntN(2) == 0 {
			s += pick("e", "E", "x") + pick("", "+", "-") + digits(r.IntN(3), false)
		}
		d, ok := ParseDecimal(s)
		if valid := json.Valid([]byte(s)); ok != valid {
			t.Fatalf("ParseDecimal(%q) ok = %v, json.Valid = %v", s, ok, valid)
		}
		if !ok {
			continue
		}
		want, _ := new(big.Rat).SetString(s)
		got := new(big.Rat)
		if d.Digits != "" {
			got.SetString(d.Digits)
			scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(max(d.Exp, -d.Exp)), nil))
			if d.Exp >= 0 {
				got.Mul(got, scale)
			} else {
				got.Quo(got, scale)
			}
			if d.Neg {
				got.Neg(got)
			}
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("ParseDecimal(%q) = %+v, which is %s; math/big reads %s", s, d, got.RatString(), want.RatString())
		}
		if d.Whole() != want.IsInt() {
			t.Fatalf("ParseDecimal(%q).Whole() = %v; math/big says %v", s, d.Whole(), want.IsInt())
		}
		if d.Digits != "" && (d.Digits[0] == '0' || d.Digits[len(d.Digits)-1] == '0') {
			t.Fatalf("ParseDecimal(%q).Digits = %q keeps a leading or trailing zero", s, d.Digits)
		}
	}
}
