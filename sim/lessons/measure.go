package lessons

import "fmt"

// Measure is what a check measured, in parts: CheckOutcome.Message is its
// English sentence (String), and a page in another language words the same
// parts itself. Paths, expressions and values stay as written: they are
// code, the same in every language.
type Measure struct {
	Result MeasureResult
	// Every is set for a path with a *, which must hold for every value.
	Every bool
	// Path is the check's path.
	Path string
	// Rel is the comparison: "≥ 0.44", "= input.x (= 6)", "≈ 3 ± 0.1";
	// when the check could not be made, the operator alone.
	Rel string
	// Got is what the path found (the first failing value for Every), and
	// At where that value is.
	Got, At string
	// Why says why a value could not be compared at all.
	Why Reason
	// Detail is the error for Unchecked, the operator for ReasonUnknownOp.
	Detail string
	// NoValues says an Unchecked check's path found no values (Detail
	// says so in English).
	NoValues bool
	// Shown are the values Got lists when a path with a * held, and All
	// how many there were when Got lists only the first of them ("…
	// (42 in all)"); 0 when Got lists every one.
	Shown []string
	All   int
}

// MeasureResult says whether a check held, did not, or could not be made.
type MeasureResult string

// The results of a check.
const (
	Held      MeasureResult = "held"
	NotHeld   MeasureResult = "not-held"
	Unchecked MeasureResult = "unchecked"
)

// Reason is why a value could not be compared.
type Reason string

// The reasons a value cannot be compared.
const (
	ReasonNone          Reason = ""
	ReasonNotTextOrList Reason = "not-text-or-list"
	ReasonNotNumber     Reason = "not-a-number"
	ReasonUnknownOp     Reason = "unknown-op"
)

// String is the measure in English: "load.hottest_share ≥ 0.44: got 0.45".
func (m Measure) String() string {
	switch {
	case m.Result == Unchecked:
		return fmt.Sprintf("cannot check %s %s: %s", m.Path, m.Rel, m.Detail)
	case m.Result == Held && m.Every:
		return fmt.Sprintf("every %s %s: got %s", m.Path, m.Rel, m.Got)
	case m.Result == Held:
		return fmt.Sprintf("%s %s: got %s", m.Path, m.Rel, m.Got)
	case m.Every:
		return fmt.Sprintf("expected every %s %s, got %s at %s%s", m.Path, m.Rel, m.Got, m.At, m.Why.english(m.Detail))
	}
	return fmt.Sprintf("expected %s %s, got %s%s", m.Path, m.Rel, m.Got, m.Why.english(m.Detail))
}

// english is the reason as String appends it.
func (r Reason) english(op string) string {
	switch r {
	case ReasonNotTextOrList:
		return " (neither text nor a list)"
	case ReasonNotNumber:
		return " (not a number)"
	case ReasonUnknownOp:
		return " (unknown operator " + op + ")"
	}
	return ""
}
