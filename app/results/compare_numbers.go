package results

import (
	"strconv"
	"strings"

	"partitionlab/app/i18n"
)

// inLang writes the numbers of Compare's differences and whys in a
// language's way: 1,184 ms in English, 1.184 ms in Portuguese, 1 184 ms in
// French. The units (ms, s, %) are the SI symbols every language uses.
type inLang i18n.Lang

func (l inLang) lang() i18n.Lang { return i18n.Lang(l) }

// count writes a whole number with the language's separators.
func (l inLang) count(n int64) string { return l.lang().Int(n) }

// millis writes milliseconds with three significant digits, as Millis.
func (l inLang) millis(ms float64) string {
	switch {
	case ms >= 100:
		return l.count(int64(ms+0.5)) + " ms"
	case ms >= 10:
		return l.lang().Float(ms, 1) + " ms"
	}
	return l.lang().Float(ms, 2) + " ms"
}

// seconds writes seconds to the millisecond without trailing zeros, as
// Seconds.
func (l inLang) seconds(s float64) string {
	t := strings.TrimRight(strings.TrimRight(strconv.FormatFloat(s, 'f', 3, 64), "0"), ".")
	if t == "" || t == "-0" {
		return "0 s"
	}
	_, frac, _ := strings.Cut(t, ".")
	return l.lang().Float(s, len(frac)) + " s"
}

// percent writes a share (0.0899) as 9.0 %, Korean without the space.
func (l inLang) percent(share float64) string {
	sep := " "
	switch l.lang() {
	case i18n.Korean:
		sep = ""
	case i18n.French:
		sep = "\u00a0"
	}
	return l.lang().Float(share*100, 1) + sep + "%"
}

// number writes x with as few decimals as it needs (%g for ordinary
// numbers).
func (l inLang) number(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	_, frac, _ := strings.Cut(s, ".")
	return l.lang().Float(x, len(frac))
}

// significant writes x with the given significant digits (%g), keeping
// an exponent as Go writes it.
func (l inLang) significant(x float64, digits int) string {
	s := strconv.FormatFloat(x, 'g', digits, 64)
	if strings.ContainsAny(s, "eE") {
		return s
	}
	whole, frac, _ := strings.Cut(s, ".")
	if frac == "" {
		v, _ := strconv.ParseInt(whole, 10, 64)
		return l.count(v)
	}
	return l.lang().Float(x, len(frac))
}
