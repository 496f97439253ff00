package report

import (
	"strconv"

	"partitionlab/app/i18n"
)

// words is the review's catalog (English without one).
func (rv *Review) words() *i18n.Catalog { return rv.Input.words() }

// runFacts is a side's seed and duration ("seed 1, 60 s").
func (rv *Review) runFacts(s side) string {
	w := rv.words()
	return w.T("report.runFacts", i18n.S("seed", strconv.FormatUint(s.Result.Seed, 10)),
		i18n.S("seconds", w.Lang().Float(s.Result.DurationS, decimals(s.Result.DurationS))))
}

// decimals is how many decimals x needs (as %g writes it).
func decimals(x float64) int {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	for i := range s {
		if s[i] == '.' {
			return len(s) - i - 1
		}
	}
	return 0
}

// verdict is a budget's value and whether it holds.
func verdict(w *i18n.Catalog, value string, over bool) string {
	if over {
		return w.T("report.exceeded", i18n.S("value", value))
	}
	return w.T("report.within", i18n.S("value", value))
}

// scopeName is an ordering scope ("order", "customer", "key") in the
// review's language.
func scopeName(w *i18n.Catalog, scope string) string {
	id := "report.scope." + scope
	if w.Has(id) {
		return w.T(id)
	}
	return scope
}

// simplificationsIn are Simplifications in w's language: the catalog holds
// them as simplified.N.head and .body (the What is simplified page's
// words; a test keeps its English the same as Simplifications).
func simplificationsIn(w *i18n.Catalog) [][2]string {
	items := Simplifications()
	if w.Lang() == i18n.English {
		return items
	}
	out := make([][2]string, len(items))
	for i := range items {
		id := "simplified." + strconv.Itoa(i+1)
		out[i] = [2]string{w.T(id + ".head"), w.T(id + ".body")}
	}
	return out
}
