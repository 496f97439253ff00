// Package errtext says the engine's messages about a scenario in the
// page's language: a scenario.FieldError carries a stable code and named
// arguments (see scenario.Messages), and the catalog's "errors.<code>" is its
// text in each language. Values, field paths and Kafka's names stay as
// written; numbers are written the language's way (1.000.000 in
// Portuguese, 1 000 000 in French), except in English, whose text is the
// engine's own, byte for byte.
//
// errtext is plain Go: it must never import go-app or syscall/js.
package errtext

import (
	"math"
	"strconv"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// Words say the engine's messages in a catalog's language; they are the
// scenario editor's scenarioform.Words.
type Words struct{ c *i18n.Catalog }

// For is the words of catalog c.
func For(c *i18n.Catalog) Words { return Words{c: c} }

// ID is the catalog id of a message code.
func ID(code string) string { return "errors." + code }

// Message is e in the catalog's language: its code's text with its
// arguments filled. A message without a code (a loading error the app
// wrapped itself) or with a code the catalog lacks keeps its English.
func (w Words) Message(e scenario.FieldError) string {
	if e.Code == "" || !w.c.Has(ID(e.Code)) {
		return e.Message
	}
	args := make([]i18n.Arg, 0, len(e.Args))
	for _, a := range e.Args {
		v := a.Value
		switch a.Kind {
		case scenario.ArgNumber:
			v = Numbers(w.c.Lang(), v)
		case scenario.ArgEstimate:
			if w.c.Lang() != i18n.English {
				v = w.c.T("errors.about", i18n.S("number", Estimate(w.c.Lang(), v)))
			}
		case scenario.ArgPhrase:
			if v != "" {
				v = w.c.T(ID(v))
			}
		}
		args = append(args, i18n.S(a.Name, v))
	}
	return w.c.T(ID(e.Code), args...)
}

// Item names element n of a list before a message about it.
func (w Words) Item(n int, msg string) string {
	return w.c.T("errors.item", i18n.S("number", strconv.Itoa(n)), i18n.S("message", msg))
}

// Field is e with its field in front, as a list of messages shows it.
func (w Words) Field(e scenario.FieldError) string {
	if e.Field == "" {
		return w.Message(e)
	}
	return w.c.T("errors.field", i18n.S("field", e.Field), i18n.S("message", w.Message(e)))
}

// Estimate writes a rounded number as the engine writes it (2.6e11) the
// way l writes a rounded one: its mantissa with l's decimal mark, times a
// power of ten ("2,6 × 10¹¹"), never in full, which would read as exact.
// A number without an exponent is written as Numbers writes it.
func Estimate(l i18n.Lang, v string) string {
	mantissa, exp, ok := strings.Cut(v, "e")
	n, err := strconv.Atoi(strings.TrimPrefix(exp, "+"))
	if !ok || err != nil {
		return Numbers(l, v)
	}
	return localNumber(l, mantissa) + " × 10" + superscript(n)
}

// superscript writes n in superscript digits: 11 is ¹¹.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, r := range strconv.Itoa(n) {
		if r == '-' {
			b.WriteString("⁻")
			continue
		}
		b.WriteString(string([]rune(digits)[r-'0']))
	}
	return b.String()
}

// Numbers writes every number of s, written as the engine writes them
// (1000, 0.5, 1e+06, 2.6e11, "86400 × 1000 × 3"), the way l writes
// numbers. English is left as it is: it is the engine's own text.
func Numbers(l i18n.Lang, s string) string {
	if l == i18n.English {
		return s
	}
	var b strings.Builder
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); {
		n := numberLen(s[i:])
		if n == 0 {
			i++
			continue
		}
		b.WriteString(s[done:i])
		b.WriteString(localNumber(l, s[i:i+n]))
		i += n
		done = i
	}
	b.WriteString(s[done:])
	return b.String()
}

// numberLen is the length of the number s starts with, or 0: the regexp
// -?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)? written by hand, each optional part
// taken when it is there whole, because the pages' WebAssembly modules
// link no regexp (with go-app's router it was about 77 kB of app.wasm
// with brotli); internal/archtest checks it.
func numberLen(s string) int {
	n := 0
	if strings.HasPrefix(s, "-") {
		n++
	}
	whole := digitsLen(s[n:])
	if whole == 0 {
		return 0
	}
	n += whole
	if strings.HasPrefix(s[n:], ".") {
		if frac := digitsLen(s[n+1:]); frac > 0 {
			n += 1 + frac
		}
	}
	if strings.HasPrefix(s[n:], "e") {
		sign := 0
		if strings.HasPrefix(s[n+1:], "-") || strings.HasPrefix(s[n+1:], "+") {
			sign = 1
		}
		if exp := digitsLen(s[n+1+sign:]); exp > 0 {
			n += 1 + sign + exp
		}
	}
	return n
}

// digitsLen is how many ASCII digits s starts with.
func digitsLen(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// localNumber writes one number for l: whole numbers with l's grouping,
// fractions with l's decimal mark, and an exponent written out when the
// number is one a person reads in full (below 10¹⁵, at most 9 decimals).
func localNumber(l i18n.Lang, tok string) string {
	mantissa, exp, hasExp := strings.Cut(tok, "e")
	if !hasExp && !strings.Contains(tok, ".") {
		if n, err := strconv.ParseInt(tok, 10, 64); err == nil {
			return l.Int(n)
		}
		return tok // beyond int64: as written
	}
	f, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.IsInf(f, 0) || f == 0 && strings.Trim(mantissa, "-0.") != "" {
		return tok // beyond float64: as written
	}
	if full := strconv.FormatFloat(f, 'f', -1, 64); math.Abs(f) < 1e15 {
		_, frac, _ := strings.Cut(full, ".")
		if len(frac) <= 9 {
			return l.Float(f, len(frac))
		}
	}
	// A number too large or too small to write out: its mantissa in l's
	// form, its exponent as written.
	return localNumber(l, mantissa) + "e" + exp
}
