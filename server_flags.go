//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"strconv"
)

// The flag package refuses a number out of its type's range with "value out
// of range", which names no range, and reads "1e3" as no integer at all.
// These flag values name the range a flag accepts, and read a whole number
// exactly in any notation, as --set and scenario files do.

// wholeFlag is an integer flag that accepts lo..hi.
type wholeFlag struct {
	v      *int64
	lo, hi int64
}

// int64Flag defines an integer flag on fs that accepts lo..hi.
func int64Flag(fs *flag.FlagSet, name string, value, lo, hi int64, usage string) *int64 {
	v := &value
	fs.Var(wholeFlag{v, lo, hi}, name, usage)
	return v
}

// String is "" for a flag not given whose default is below its range (a
// budget's -1, --compare's 0), so the usage text shows no default for it.
func (f wholeFlag) String() string {
	if f.v == nil || *f.v < f.lo {
		return ""
	}
	return strconv.FormatInt(*f.v, 10)
}

func (f wholeFlag) Set(s string) error {
	n, whole, fits := parseWhole(s)
	switch {
	case !whole:
		return fmt.Errorf("%s is not a whole number in %d..%d", s, f.lo, f.hi)
	case !fits || n < f.lo || n > f.hi:
		return fmt.Errorf("%s is not in %d..%d", s, f.lo, f.hi)
	}
	*f.v = n
	return nil
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

// numberFlag is a float flag that accepts lo..hi.
type numberFlag struct {
	v      *float64
	lo, hi float64
}

// float64Flag defines a float flag on fs that accepts lo..hi.
func float64Flag(fs *flag.FlagSet, name string, value, lo, hi float64, usage string) *float64 {
	v := &value
	fs.Var(numberFlag{v, lo, hi}, name, usage)
	return v
}

func (f numberFlag) String() string {
	if f.v == nil || *f.v < f.lo {
		return ""
	}
	return strconv.FormatFloat(*f.v, 'g', -1, 64)
}

func (f numberFlag) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x >= f.lo && x <= f.hi) {
		return fmt.Errorf("%s is not a number in %s..%s", s, fmtNumber(f.lo), fmtNumber(f.hi))
	}
	*f.v = x
	return nil
}

func fmtNumber(x float64) string {
	if x == math.MaxFloat64 {
		return "1.8e308"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
