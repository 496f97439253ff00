package results

import (
	"math"

	"partitionlab/app/i18n"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
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
	// Change is B − A with its unit, in a readable form ("+1,184 ms",
	// "−0.67 s", "+344"), empty when equal.
	Change string
	// Factor is B ÷ A when both are positive and differ by half or more
	// ("×4.1", "÷3.2"), empty otherwise.
	Factor string
	// Arrow is ▲ when B is higher, ▼ when lower, = when equal.
	Arrow   string
	Verdict Verdict
	// Why explains a better or worse number from the evidence of the run
	// that is worse on it (see Compare); empty otherwise.
	Why string
}

// Run is a scenario and its result, one side of a comparison.
type Run struct {
	Scenario scenario.Scenario
	Result   *sim.Result
}

// Compare pairs the headline numbers of two runs and says, for each number
// that got better or worse, why, from the evidence of the run that is worse
// on it; in English (the review, the command line).
func Compare(a, b Run) []Delta { return CompareIn(i18n.For(i18n.English), a, b) }

// CompareIn is Compare in c's language.
func CompareIn(c *i18n.Catalog, a, b Run) []Delta {
	deltas := DiffIn(c.Lang(), CardsIn(c, a.Result), CardsIn(c, b.Result))
	for i := range deltas {
		d := &deltas[i]
		switch d.Verdict {
		case Worse:
			d.Why = why(c, d.ID, b, "B")
		case Better:
			d.Why = why(c, d.ID, a, "A")
		}
	}
	return deltas
}

// Diff pairs the cards of two runs by id (both come from Cards), with the
// changes written in English.
func Diff(a, b []Card) []Delta { return DiffIn(i18n.English, a, b) }

// DiffIn is Diff with the changes written for l. A card only one run has
// (a share group's totals beside a consumer group) is paired with a blank
// "—" and judged Changed, with no arrow and no change: the other design has
// no such number to subtract from, not a 0.
func DiffIn(l i18n.Lang, a, b []Card) []Delta {
	out := make([]Delta, 0, max(len(a), len(b)))
	inB := make(map[string]int, len(b))
	for i, k := range b {
		inB[k.ID] = i
	}
	used := make(map[string]bool, len(a))
	for _, ca := range a {
		used[ca.ID] = true
		if i, ok := inB[ca.ID]; ok {
			out = append(out, delta(l, ca, b[i], false))
		} else {
			out = append(out, delta(l, ca, blank(ca), true))
		}
	}
	for _, cb := range b {
		if !used[cb.ID] {
			out = append(out, delta(l, blank(cb), cb, true))
		}
	}
	return out
}

// blank stands for a card the other run does not have.
func blank(k Card) Card {
	return Card{ID: k.ID, Label: k.Label, Value: "—", Better: k.Better}
}

func delta(l i18n.Lang, ca, cb Card, oneSided bool) Delta {
	if oneSided {
		return Delta{ID: ca.ID, Label: ca.Label, A: ca, B: cb, Verdict: Changed}
	}
	d := Delta{ID: ca.ID, Label: ca.Label, A: ca, B: cb, Arrow: "=", Verdict: Same}
	diff := cb.Raw - ca.Raw
	if math.Abs(diff) > 1e-9 {
		d.Arrow, d.Change = "▲", "+"+amount(l, ca.ID, diff)
		if diff < 0 {
			d.Arrow, d.Change = "▼", "−"+amount(l, ca.ID, -diff)
		}
		d.Factor = factor(l, ca.Raw, cb.Raw)
		switch up := diff > 0; {
		case ca.Better == Neither:
			d.Verdict = Changed
		case up == (ca.Better == Higher):
			d.Verdict = Better
		default:
			d.Verdict = Worse
		}
	}
	return d
}

// amount writes a positive difference of the card id's number with its
// unit: milliseconds for latency, seconds for pauses, a ratio's two
// decimals for load, and whole numbers with separators for counts.
func amount(l i18n.Lang, id string, x float64) string {
	switch id {
	case "p99":
		return MillisIn(l, x)
	case "pause":
		if x >= 10 {
			return l.Float(x, 1) + " s"
		}
		return l.Float(x, 2) + " s"
	case "load":
		return l.Float(x, 2)
	}
	if x == math.Trunc(x) && x < 1e15 {
		return CountIn(l, int64(x))
	}
	return gPrec(l, x, 3)
}

// factor is how many times B is A ("×4.1") or A is B ("÷3.2"), when both
// are positive and one is at least one and a half times the other.
func factor(l i18n.Lang, a, b float64) string {
	if a <= 0 || b <= 0 {
		return ""
	}
	r, sign := b/a, "×"
	if r < 1 {
		r, sign = a/b, "÷"
	}
	if r < 1.5 {
		return ""
	}
	if r >= 100 {
		return sign + CountIn(l, int64(r+0.5))
	}
	return sign + gPrec(l, r, 2)
}

// Words is a delta as the table and the report write it, in English:
// "same", "changed" for a card only one run has, or the change, the
// factor and the verdict ("+1,184 ms ×176 (worse)").
func (d Delta) Words() string { return d.WordsIn(i18n.For(i18n.English)) }

// WordsIn is Words in c's language.
func (d Delta) WordsIn(c *i18n.Catalog) string {
	verdict := c.T("results.verdict." + string(d.Verdict))
	if d.Verdict == Same || d.Change == "" {
		return verdict
	}
	s := d.Change
	if d.Factor != "" {
		s += " " + d.Factor
	}
	return c.T("results.verdict.delta", i18n.S("change", s), i18n.S("verdict", verdict))
}
