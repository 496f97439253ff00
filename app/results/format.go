package results

import (
	"strconv"
	"strings"

	"partitionlab/app/i18n"
)

// The numbers of the pages, written for a language: separators and the
// decimal mark are the language's (i18n.Lang), the units (s, ms, %) are
// the same in every language. Count, Percent, Millis and Seconds are the
// English forms, for the review and the command line.

// CountIn writes a whole number with l's thousands separators: 180,000,
// 180.000, 180 000.
func CountIn[T ~int | ~int64](l i18n.Lang, n T) string { return l.Int(int64(n)) }

// PercentIn writes a share (0.0899) as l writes a percentage: 9.0 %,
// 9,0% in Portuguese, 9,0 % in French (i18n.Lang.Percent).
func PercentIn(l i18n.Lang, share float64) string { return l.Percent(share*100, 1) }

// MillisIn writes milliseconds with three significant digits.
func MillisIn(l i18n.Lang, ms float64) string {
	switch {
	case ms >= 100:
		return l.Int(int64(ms+0.5)) + " ms"
	case ms >= 10:
		return l.Float(ms, 1) + " ms"
	}
	return l.Float(ms, 2) + " ms"
}

// SecondsIn writes seconds to the millisecond: 12.310 s reads as 12.31 s.
func SecondsIn(l i18n.Lang, s float64) string { return Decimal(l, s, 3) + " s" }

// Decimal writes x with at most digits decimals, without trailing zeros
// (12.5, not 12.500).
func Decimal(l i18n.Lang, x float64, digits int) string {
	t := strings.TrimRight(strings.TrimRight(strconv.FormatFloat(x, 'f', digits, 64), "0"), ".")
	if t == "" || t == "-0" {
		return "0"
	}
	whole, frac, _ := strings.Cut(t, ".")
	n, _ := strconv.ParseFloat(whole, 64)
	out := l.Float(n, 0)
	if strings.HasPrefix(whole, "-") && !strings.HasPrefix(out, "-") {
		out = "-" + out
	}
	if frac != "" {
		out += strings.Trim(l.Float(0.5, 1), "05") + frac
	}
	return out
}

// Count writes a whole number in English: 180,000.
func Count[T ~int | ~int64](n T) string { return CountIn(i18n.English, n) }

// Percent writes a share in English: 9.0 %.
func Percent(share float64) string { return PercentIn(i18n.English, share) }

// Millis writes milliseconds in English.
func Millis(ms float64) string { return MillisIn(i18n.English, ms) }

// Seconds writes seconds in English: 12.31 s.
func Seconds(s float64) string { return SecondsIn(i18n.English, s) }

// compactUnits are the units a language says large counts in, largest
// first: k, M, G in English; Korean counts in 만 (10⁴) and 억 (10⁸).
func compactUnits(l i18n.Lang) []struct {
	size float64
	name string
} {
	type u = struct {
		size float64
		name string
	}
	switch l {
	case i18n.Korean:
		return []u{{1e8, "억"}, {1e4, "만"}}
	case i18n.Portuguese:
		return []u{{1e9, " bi"}, {1e6, " mi"}, {1e3, " mil"}}
	case i18n.Spanish:
		return []u{{1e9, " mil M"}, {1e6, " M"}, {1e3, " mil"}}
	case i18n.French:
		return []u{{1e9, " Md"}, {1e6, " M"}, {1e3, " k"}}
	}
	return []u{{1e9, " G"}, {1e6, " M"}, {1e3, " k"}}
}

// CompactIn writes a large count as a person says it in l: 54 M, 1.2 G,
// 830 k in English; 54 mi in Portuguese; 5,400만 in Korean. Under ten units
// it keeps one decimal.
func CompactIn(l i18n.Lang, n float64) string {
	for _, u := range compactUnits(l) {
		if n >= u.size {
			digits := 0
			if n/u.size < 10 {
				digits = 1
			}
			return l.Float(n/u.size, digits) + u.name
		}
	}
	return l.Float(n, 0)
}
