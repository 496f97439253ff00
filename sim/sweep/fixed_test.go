package sweep

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// ratRange is what parseRange gives, worked out with math/big: its values,
// or how many it would give when that is above MaxValues.
func ratRange(from, to, step *big.Rat, places int) ([]Value, string) {
	q := new(big.Rat).Quo(new(big.Rat).Sub(to, from), step)
	n := new(big.Int).Quo(q.Num(), q.Denom())
	n.Add(n, big.NewInt(1))
	if !n.IsInt64() || n.Int64() > MaxValues {
		return nil, n.String()
	}
	var out []Value
	v := new(big.Rat).Set(from)
	for range n.Int64() {
		s := v.FloatString(places)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		if s == "-0" {
			s = "0"
		}
		out = append(out, Value(s))
		v.Add(v, step)
	}
	return out, ""
}

// Ranges of every size the reader takes give math/big's values, digit for
// digit, and the same count when there are too many.
func TestRangesAgreeWithMathBig(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	number := func(places, intDigits int) string {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		n := 1 + r.IntN(intDigits)
		for i := range n {
			c := byte('0' + r.IntN(10))
			if i == 0 && n > 1 && c == '0' {
				c = '1'
			}
			b.WriteByte(c)
		}
		if places > 0 {
			b.WriteByte('.')
			for range places {
				b.WriteByte(byte('0' + r.IntN(10)))
			}
		}
		return b.String()
	}
	checked := 0
	for range 5000 {
		digits := []int{1, 2, 6, 19, 31}[r.IntN(5)]
		from := number(r.IntN(13), digits)
		to := from
		if r.IntN(4) != 0 {
			to = number(r.IntN(13), digits)
		}
		step := strings.TrimPrefix(number(r.IntN(13), []int{1, 3, 31}[r.IntN(3)]), "-")
		spec := fmt.Sprintf("%s..%s:%s", from, to, step)
		values, problem := parseRange(spec)
		f, _ := new(big.Rat).SetString(from)
		tt, _ := new(big.Rat).SetString(to)
		s, _ := new(big.Rat).SetString(step)
		switch {
		case s.Sign() <= 0:
			if !strings.Contains(problem, "is not above 0") {
				t.Fatalf("%s: %q, want the step refused", spec, problem)
			}
			continue
		case f.Cmp(tt) > 0:
			if !strings.Contains(problem, "is above to") {
				t.Fatalf("%s: %q, want from above to refused", spec, problem)
			}
			continue
		}
		places := max(strings.Count(strings.SplitN(from+".", ".", 3)[1], ""), 1) - 1
		places = max(places, max(strings.Count(strings.SplitN(step+".", ".", 3)[1], ""), 1)-1)
		want, count := ratRange(f, tt, s, places)
		if count != "" {
			if !strings.Contains(problem, "gives "+count+" values") {
				t.Fatalf("%s: %q, want it to give %s values", spec, problem, count)
			}
			continue
		}
		if problem != "" || !slices.Equal(values, want) {
			t.Fatalf("%s: %v %q; math/big gives %v", spec, values, problem, want)
		}
		checked++
	}
	if checked < 1000 {
		t.Errorf("only %d ranges gave values", checked)
	}
}

func TestRangeNumbersAreBounded(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"9999999999999999999999999999999..9999999999999999999999999999999", ""},
		{"-9999999999999999999999999999999.999999999999..-9999999999999999999999999999999.999999999999:1", ""},
		{"0..10000000000000000000000000000000", "10000000000000000000000000000000 is beyond what a range counts (at most 31 digits before the point)"},
		{"1.5e30..1.5e30:1", ""},
		{"123e30..123e30:1", "is beyond what a range counts (at most 31 digits before the point)"},
		{"-9999999999999999999999999999999..9999999999999999999999999999999:0.000000000001", "gives 19999999999999999999999999999998000000000001 values"},
	} {
		_, problem := parseRange(c.spec)
		if c.want == "" && problem != "" || !strings.Contains(problem, c.want) {
			t.Errorf("%s: %q, want %q", c.spec, problem, c.want)
		}
	}
}
