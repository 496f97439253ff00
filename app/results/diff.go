package results

import (
	"fmt"
	"math"
)

// Verdict is whether B improves on A for one number.
type Verdict string

// Verdicts, in words, so the page never relies on colour alone.
const (
	Same    Verdict = "same"
	Better  Verdict = "better"
	Worse   Verdict = "worse"
	Changed Verdict = "changed" // a number with no better direction
)

// Delta is one headline number of two runs side by side.
type Delta struct {
	ID, Label string
	A, B      Card
	// Change is B − A as shown ("+0.32", "−12"), empty when equal.
	Change string
	// Arrow is ▲ when B is higher, ▼ when lower, = when equal.
	Arrow   string
	Verdict Verdict
}

// Diff pairs the cards of two runs (same order: both come from Cards).
func Diff(a, b []Card) []Delta {
	out := make([]Delta, 0, len(a))
	for i := range min(len(a), len(b)) {
		ca, cb := a[i], b[i]
		d := Delta{ID: ca.ID, Label: ca.Label, A: ca, B: cb, Arrow: "=", Verdict: Same}
		diff := cb.Raw - ca.Raw
		if math.Abs(diff) > 1e-9 {
			d.Arrow, d.Change = "▲", "+"+trim(diff)
			if diff < 0 {
				d.Arrow, d.Change = "▼", "−"+trim(-diff)
			}
			switch up := diff > 0; {
			case ca.Better == Neither:
				d.Verdict = Changed
			case up == (ca.Better == Higher):
				d.Verdict = Better
			default:
				d.Verdict = Worse
			}
		}
		out = append(out, d)
	}
	return out
}

func trim(x float64) string {
	if x == math.Trunc(x) && x < 1e15 {
		return Count(int64(x))
	}
	return fmt.Sprintf("%.3g", x)
}
