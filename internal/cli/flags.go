package cli

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"strconv"
)

// The flag package refuses a number out of its type's range with "value out
// of range", which names no range, and reads "1e3" as no integer at all.
// rangeFlag names the range a flag accepts, and reads a whole number
// exactly in any notation, as --set and scenario files do.
type rangeFlag[T int64 | float64] struct {
	v      *T
	lo, hi T
}

// wholeFlag is an integer flag that accepts lo..hi.
type wholeFlag = rangeFlag[int64]

// numberFlag is a float flag that accepts lo..hi.
type numberFlag = rangeFlag[float64]

// int64Flag defines an integer flag on fs that accepts lo..hi.
func int64Flag(fs *flag.FlagSet, name string, value, lo, hi int64, usage string) *int64 {
	v := &value
	fs.Var(wholeFlag{v, lo, hi}, name, usage)
	return v
}

// String is "" for a flag not given whose default is below its range (a
// budget's -1, --compare's 0), so the usage text shows no default for it.
func (f rangeFlag[T]) String() string {
	if f.v == nil || *f.v < f.lo {
		return ""
	}
	return fmtBound(*f.v)
}

func (f rangeFlag[T]) Set(s string) error {
	v, kind, number, fits := parseNumber[T](s)
	switch {
	case !number:
		return fmt.Errorf("%s is not %s in %s..%s", s, kind, fmtBound(f.lo), fmtBound(f.hi))
	case !fits || !(v >= f.lo && v <= f.hi):
		return fmt.Errorf("%s is not in %s..%s", s, fmtBound(f.lo), fmtBound(f.hi))
	}
	*f.v = v
	return nil
}

// parseNumber reads s as a T. kind names what a T is; number is false when
// s is no such thing, fits when it is one beyond T's range.
func parseNumber[T int64 | float64](s string) (v T, kind string, number, fits bool) {
	switch p := any(&v).(type) {
	case *int64:
		*p, number, fits = parseWhole(s)
		return v, "a whole number", number, fits
	case *float64:
		x, err := strconv.ParseFloat(s, 64)
		*p = x
		// Beyond ±1.8e308 gives ±Inf and an error; not a number, 0 and one.
		return v, "a number", err == nil || x != 0, err == nil
	}
	return v, "", false, false
}

// parseWhole reads a whole number written in digits or otherwise (1e3,
// 2.0), exactly. fits is false for one beyond an int64.
func parseWhole(s string) (n int64, whole, fits bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true, true
	}
	f, _, err := big.ParseFloat(s, 10, 256, big.ToNearestEven)
	if err != nil || !f.IsInt() || f.Acc() != big.Exact {
		return 0, false, false
	}
	n, acc := f.Int64()
	return n, true, acc == big.Exact
}

// fmtBound writes a bound or a value, the largest float as 1.8e308.
func fmtBound[T int64 | float64](x T) string {
	switch x := any(x).(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if x == math.MaxFloat64 {
			return "1.8e308"
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return ""
}

// webDirFlag defines the --web flag of the commands that publish the app.
func webDirFlag(fs *flag.FlagSet) *string {
	return fs.String("web", "web", "directory of the static assets: app.wasm, CSS, icons")
}
