package scenario

// Decimal is a number as JSON writes it, read exactly:
// (-1)^Neg × Digits × 10^Exp. Digits has no leading or trailing zeros; it is
// "" for zero, whose Neg is false. It lets the scenario (whole numbers) and
// sweeps (ranges) read numbers exactly without math/big, which would add
// about 57 kB to the page's module with brotli.
type Decimal struct {
	Neg    bool
	Digits string
	Exp    int64
}

// maxDecimalExp bounds Decimal.Exp: an exponent written beyond it is read
// as ±maxDecimalExp, which is as far beyond any field's range and leaves
// the arithmetic on Exp clear of overflow.
const maxDecimalExp = 1 << 40

// ParseDecimal reads s, a number in JSON's grammar (-?int(.digits)?
// ([eE][+-]?digits)?, with no leading zero in int); ok is false for
// anything else.
func ParseDecimal(s string) (d Decimal, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		d.Neg = true
		i++
	}
	start := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intPart := s[start:i]
	if intPart == "" || len(intPart) > 1 && intPart[0] == '0' {
		return Decimal{}, false
	}
	frac := ""
	if i < len(s) && s[i] == '.' {
		i++
		start = i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if frac = s[start:i]; frac == "" {
			return Decimal{}, false
		}
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		negExp := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			negExp = s[i] == '-'
			i++
		}
		start = i
		for ; i < len(s) && isDigit(s[i]); i++ {
			exp = min(exp*10+int64(s[i]-'0'), maxDecimalExp)
		}
		if i == start {
			return Decimal{}, false
		}
		if negExp {
			exp = -exp
		}
	}
	if i != len(s) {
		return Decimal{}, false
	}
	digits := intPart + frac
	exp -= int64(len(frac))
	j := len(digits)
	for j > 0 && digits[j-1] == '0' {
		j--
	}
	exp += int64(len(digits) - j)
	k := 0
	for k < j && digits[k] == '0' {
		k++
	}
	if k == j {
		return Decimal{}, true // zero, whatever its sign and exponent
	}
	d.Digits, d.Exp = digits[k:j], max(min(exp, maxDecimalExp), -maxDecimalExp)
	return d, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Whole says d is a whole number.
func (d Decimal) Whole() bool { return d.Exp >= 0 || d.Digits == "" }

// Places is how many decimal places write d exactly.
func (d Decimal) Places() int64 { return max(0, -d.Exp) }

// IntDigits is how many digits d has before the point (0 below 1).
func (d Decimal) IntDigits() int64 { return max(0, int64(len(d.Digits))+d.Exp) }
