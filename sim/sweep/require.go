package sweep

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Requirement is one limit a team sets on every run of a point, in the
// words of simulate's budgets: violations.order=0, load<=1.3, p99_ms<=500,
// duplicates=0, lost=0, max_lag<=N. NAME=0 says "none"; NAME<=N says "at
// most N". A point meets a requirement when every one of its seeds does.
type Requirement struct {
	// Word names the measure as --require does ("load", "violations.order").
	Word  string
	Limit float64
}

// String writes the requirement as --require takes it.
func (q Requirement) String() string {
	if q.Limit == 0 {
		return q.Word + "=0"
	}
	return q.Word + "<=" + strconv.FormatFloat(q.Limit, 'g', -1, 64)
}

// MarshalJSON writes the requirement as its expression.
func (q Requirement) MarshalJSON() ([]byte, error) { return json.Marshal(q.String()) }

// UnmarshalJSON reads an expression.
func (q *Requirement) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a requirement is a string such as \"load<=1.3\", not %s", b)
	}
	r, err := ParseRequirement(s)
	if err != nil {
		return err
	}
	*q = r
	return nil
}

// requirementWords lists the names --require knows, for the messages.
func requirementWords() string {
	var ws []string
	for _, m := range Measures() {
		ws = append(ws, m.Word)
	}
	return strings.Join(ws, ", ")
}

// RequireError is a --require expression that cannot be read.
type RequireError struct{ Expr, Problem string }

func (e *RequireError) Error() string { return fmt.Sprintf("%q: %s", e.Expr, e.Problem) }

// ParseRequirement reads NAME<=N or NAME=0 (≤ is read as <=).
func ParseRequirement(expr string) (Requirement, error) {
	fail := func(format string, args ...any) (Requirement, error) {
		return Requirement{}, &RequireError{Expr: expr, Problem: fmt.Sprintf(format, args...)}
	}
	s := strings.ReplaceAll(strings.TrimSpace(expr), "≤", "<=")
	name, limit, atMost := strings.Cut(s, "<=")
	if !atMost {
		var ok bool
		if name, limit, ok = strings.Cut(s, "="); !ok {
			return fail("want NAME<=N or NAME=0, such as load<=1.3 or violations.order=0")
		}
	}
	name, limit = strings.TrimSpace(name), strings.TrimSpace(limit)
	m, ok := MeasureNamed(name)
	if !ok {
		return fail("%q is not a measure; want one of %s", name, requirementWords())
	}
	v, err := strconv.ParseFloat(limit, 64)
	switch {
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0) || !Value(limit).Number():
		return fail("%q is not a number", limit)
	case v < 0:
		return fail("%s is below 0; a limit is 0 or more", limit)
	case !atMost && v != 0:
		return fail("%s=%s: \"=\" takes 0 (none); for a limit write %s<=%s", m.Word, limit, m.Word, limit)
	}
	return Requirement{Word: m.Word, Limit: v}, nil
}

// measure is the measure the requirement limits.
func (q Requirement) measure() Measure {
	m, _ := MeasureNamed(q.Word)
	return m
}

// miss says how a point's worst seed misses the requirement, or "" when
// every seed meets it: "load 1.52 > 1.3".
func (q Requirement) miss(runs []Run) (text string, excess float64) {
	m := q.measure()
	worst := math.Inf(-1)
	for _, r := range runs {
		worst = max(worst, m.Of(r))
	}
	if worst <= q.Limit {
		return "", 0
	}
	// The excess relative to the limit, so that misses of different
	// measures add up to how far a point is from meeting them all.
	return fmt.Sprintf("%s %s > %s", q.Word, formatNumber(worst, m.Whole), strconv.FormatFloat(q.Limit, 'g', -1, 64)),
		(worst - q.Limit) / max(q.Limit, 1)
}

// formatNumber writes a measure's value: whole numbers in full, others
// with up to three decimals.
func formatNumber(v float64, whole bool) string {
	if whole {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}
