package i18n

import (
	"strconv"
	"strings"
)

// separators are l's decimal mark and thousands separator, and the fewest
// digits before the decimal mark that are grouped: CLDR's Spanish writes
// 1234 but 12.345; French groups with a narrow no-break space (U+202F).
func (l Lang) separators() (decimal, group string, minDigits int) {
	switch l {
	case Portuguese:
		return ",", ".", 4
	case Spanish:
		return ",", ".", 5
	case French:
		return ",", "\u202f", 4
	}
	return ".", ",", 4
}

// Int formats the whole number n for l: 12,345 in English and Korean,
// 12.345 in Portuguese and Spanish, 12 345 in French.
func (l Lang) Int(n int64) string {
	return l.group(strconv.FormatInt(n, 10), "")
}

// Float formats x for l with the given digits after the decimal mark:
// 1,234.5 in English, 1.234,5 in Portuguese, 1 234,5 in French.
func (l Lang) Float(x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', digits, 64)
	whole, frac, _ := strings.Cut(s, ".")
	if frac != "" {
		dec, _, _ := l.separators()
		frac = dec + frac
	}
	return l.group(whole, frac)
}

// group puts l's thousands separator into the digits of whole (which may
// start with a minus sign) and appends frac.
func (l Lang) group(whole, frac string) string {
	sign := ""
	if strings.HasPrefix(whole, "-") {
		sign, whole = "-", whole[1:]
	}
	_, sep, minDigits := l.separators()
	if len(whole) < minDigits {
		return sign + whole + frac
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	b.WriteString(frac)
	return b.String()
}

// Percent writes x, a percentage (17.4, not 0.174), with the given digits
// after the decimal mark and the percent sign as l writes it: 9,0% in
// Brazilian Portuguese and 17.4% in Korean (no space), 9,0 % in Spanish,
// 9,0 % in French with a no-break space U+00A0 (as the French catalog and
// the lessons write "40 %"). English keeps the app's "9.0 %". The results'
// cards, the charts, Learn and the progress texts all write percentages
// with it, and the catalogs' own percentages the same way (a test in
// app/i18n checks them).
func (l Lang) Percent(x float64, digits int) string {
	return l.Float(x, digits) + l.percentSpace() + "%"
}

// percentSpace is what l writes between a number and its percent sign.
func (l Lang) percentSpace() string {
	switch l {
	case Portuguese, Korean:
		return ""
	case French:
		return "\u00a0"
	}
	return " "
}
