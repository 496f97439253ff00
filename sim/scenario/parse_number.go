package scenario

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
)

// shapeChecker collects shape errors and rewritten numbers while checkShape walks a document.
type shapeChecker struct {
	checker
	rewritten rewritten
}

// rewritten lists the numbers of a document that checkShape rewrote: whole
// numbers written otherwise than in digits (1e3), and numbers that do not
// fit in their field's Go type. Those were replaced by the nearest value
// that fits, so that validation reports the field's own range; explain then
// puts the number as written back into the messages. Nothing is run with a
// replaced value: explain returns an error for each.
type rewritten []rewrittenNumber

type rewrittenNumber struct {
	path, written string
	// fits marks a whole number only rewritten in digits (1e3 as 1000): the
	// messages quote it as written, and it is no error by itself.
	fits bool
	// stored is how validation prints the replacement value.
	stored string
	// lo and hi are the range of the Go type, said when validation has no
	// range of its own for the field.
	lo, hi string
}

// explain rewrites validation's messages about replaced numbers so that
// they name the number as written, and adds a message naming the type's
// range for each replaced number validation said nothing about.
func (t rewritten) explain(err error) error {
	if err == nil && !slices.ContainsFunc(t, func(b rewrittenNumber) bool { return !b.fits }) {
		return nil
	}
	var errs FieldErrors
	if err != nil && !errors.As(err, &errs) {
		return err
	}
	errs = append(FieldErrors(nil), errs...)
	for _, b := range t {
		said := false
		for i, e := range errs {
			if e.Field == b.path {
				errs[i].Message = quoteWritten(e.Message, b.stored, b.written)
				errs[i].Args = writtenArg(e.Args, b.stored, b.written)
				said = true
			}
		}
		if !said && !b.fits {
			errs = append(errs, newFieldError(b.path, "range", argNumber("value", b.written), argNumber("min", b.lo), argNumber("max", b.hi)))
		}
	}
	return errs
}

// quoteWritten puts the number as written in place of the stored one: at
// the start of the message, where validation names the value, or else at
// its first appearance as a whole word.
func quoteWritten(msg, stored, written string) string {
	if rest, ok := strings.CutPrefix(msg, stored); ok && (rest == "" || rest[0] == ' ') {
		return written + rest
	}
	for i := 0; ; {
		j := strings.Index(msg[i:], stored)
		if j < 0 {
			return msg
		}
		start, end := i+j, i+j+len(stored)
		if (start == 0 || !isNumberByte(msg[start-1])) && (end == len(msg) || !isNumberByte(msg[end])) {
			return msg[:start] + written + msg[end:]
		}
		i = end
	}
}

// writtenArg is quoteWritten for a message's arguments: the first that
// is the stored number becomes the number as written.
func writtenArg(args []MsgArg, stored, written string) []MsgArg {
	out := append([]MsgArg(nil), args...)
	for i, a := range out {
		if a.Kind == ArgNumber && a.Value == stored {
			out[i].Value = written
			break
		}
	}
	return out
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e'
}

// whole checks a number for an int or uint64 field. A whole number written
// with an exponent or a fraction (1e3, 2.0) is exact, so it is kept, in
// digits; a fraction is refused; a number beyond the type is replaced by the
// type's limit and noted.
func (c *shapeChecker) whole(n json.Number, unsigned bool, path string) any {
	d, ok := ParseDecimal(n.String())
	if ok && !d.Whole() {
		c.add(path, "shape.fraction", argNumber("value", n.String()))
		return n
	}
	lo, hi := strconv.FormatInt(math.MinInt64, 10), strconv.FormatInt(math.MaxInt64, 10)
	if unsigned {
		lo, hi = "0", strconv.FormatUint(math.MaxUint64, 10)
	}
	negative := strings.HasPrefix(n.String(), "-")
	if ok {
		// A whole number of at most 20 digits may fit: strconv says.
		digits := ""
		if d.Digits == "" {
			digits = "0"
		} else if d.IntDigits() <= 20 {
			written := d.Digits + strings.Repeat("0", int(d.Exp))
			if d.Neg {
				written = "-" + written
			}
			if unsigned {
				if u, err := strconv.ParseUint(written, 10, 64); err == nil {
					digits = strconv.FormatUint(u, 10)
				}
			} else if i, err := strconv.ParseInt(written, 10, 64); err == nil {
				digits = strconv.FormatInt(i, 10)
			}
		}
		if digits != "" {
			if digits != n.String() {
				c.rewritten = append(c.rewritten, rewrittenNumber{path: path, written: n.String(), stored: digits, fits: true})
			}
			return json.Number(digits)
		}
		negative = d.Neg
	}
	// Too large, too small, or too long to read exactly: out of range.
	stored := hi
	if negative {
		stored = lo
	}
	c.rewritten = append(c.rewritten, rewrittenNumber{path: path, written: n.String(), stored: stored, lo: lo, hi: hi})
	return json.Number(stored)
}

// float checks a number for a float64 field: one beyond ±1.8e308 is
// replaced by the largest float and noted.
func (c *shapeChecker) float(n json.Number, path string) any {
	f, err := strconv.ParseFloat(n.String(), 64)
	if err == nil {
		return n
	}
	hi := math.MaxFloat64
	if math.IsInf(f, -1) {
		hi = -hi
	}
	stored := strconv.FormatFloat(hi, 'g', -1, 64)
	c.rewritten = append(c.rewritten, rewrittenNumber{path: path, written: n.String(), stored: FormatFloat(hi),
		lo: FormatFloat(-math.MaxFloat64), hi: FormatFloat(math.MaxFloat64)})
	return json.Number(stored)
}
