package report

import (
	"fmt"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/presetwords"
	"partitionlab/app/results/sentences"
)

// Markdown writes the review for a design document. The charts are
// referenced as chartPrefix+chart.Name ("review-records.svg"): write each
// Charts()[i].SVG to that file beside the Markdown.
func (rv *Review) Markdown(chartPrefix string) string {
	var b strings.Builder
	w := rv.words()
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", rv.title(), mdEscape(w.T("report.intro")))
	fmt.Fprintf(&b, "## %s\n\n", w.T("report.scenarios"))
	for _, s := range rv.sides() {
		sc, r := s.Scenario, s.Result
		fmt.Fprintf(&b, "- **%s**, %s [%s](%s)  \n  %s `%s`", mdEscape(sideTitle(w, s.letter, s.title)),
			labelled(w, rv.runFacts(s)), w.T("report.open"), rv.SimulateLink(sc), w.T("report.digest"), r.Digest)
		if sc.Description != "" {
			fmt.Fprintf(&b, "  \n  %s", mdEscape(presetwords.Description(w, sc)))
		}
		b.WriteString("\n")
	}
	if rv.Single() {
		fmt.Fprintf(&b, "\n[%s](%s)\n\n", w.T("report.compareOne"), rv.CompareLink())
		fmt.Fprintf(&b, "## %s\n\n| %s | %s | %s |\n|---|--:|---|\n", w.T("report.headline"), w.T("compare.diff.number"), w.T("report.value"), w.T("report.detail"))
		for _, c := range rv.Cards {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", mdCell(c.Label), mdCell(c.Value), mdCell(c.Detail))
		}
	} else {
		fmt.Fprintf(&b, "\n[%s](%s)\n\n", w.T("report.compareBoth"), rv.CompareLink())
		fmt.Fprintf(&b, "## %s\n\n| %s | A | B | %s | %s |\n|---|--:|--:|---|---|\n", w.T("compare.diff.title"), w.T("compare.diff.number"),
			w.T("compare.diff.change"), w.T("compare.diff.why"))
		for _, d := range rv.Deltas {
			fmt.Fprintf(&b, "| %s | %s | %s | %s %s | %s |\n", mdCell(d.Label), mdCell(d.A.Value), mdCell(d.B.Value), d.Arrow, mdCell(d.WordsIn(w)), mdCell(d.Why))
		}
	}
	fmt.Fprintf(&b, "\n## %s\n\n", w.T("report.budgets"))
	if len(rv.Budgets) == 0 {
		b.WriteString(w.T("report.noBudgets", i18n.S("compare", "`partitionlab compare`"), i18n.S("violations", "`--max-violations`"),
			i18n.S("p99", "`--max-p99-ms`"), i18n.S("simulate", "`simulate`")) + "\n")
	} else {
		fmt.Fprintf(&b, "| %s | %s | A | B |\n|---|--:|--:|--:|\n", w.T("report.budget"), w.T("report.limit"))
		for _, bu := range rv.Budgets {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCell(bu.Name), mdCell(bu.Limit), verdict(w, bu.A, bu.AOver), verdict(w, bu.B, bu.BOver))
		}
	}
	fmt.Fprintf(&b, "\n## %s\n\n", w.T("report.charts"))
	for _, c := range rv.Charts {
		fmt.Fprintf(&b, "![%s](%s)\n\n", c.Title, chartPrefix+c.Name)
	}
	fmt.Fprintf(&b, "## %s\n\n", w.T("report.violations"))
	for _, s := range rv.sides() {
		ex := s.examples()
		fmt.Fprintf(&b, "### %s\n\n", mdEscape(sideTitle(w, s.letter, s.title)))
		if len(ex) == 0 {
			b.WriteString(mdEscape(w.T("report.noViolations")) + "\n\n")
			continue
		}
		for _, e := range ex {
			fmt.Fprintf(&b, "- [%s] %s\n", scopeName(w, e.Scope), mdEscape(sentences.Explanation(w, e)))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "## %s\n\n", w.T("simplified.title"))
	for _, s := range simplificationsIn(w) {
		fmt.Fprintf(&b, "- **%s** %s\n", s[0], s[1])
	}
	return b.String()
}

// mdEscape keeps text from turning into Markdown markup.
func mdEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;").Replace(s)
}

// MarkdownText is text written so Markdown reads none of it as emphasis,
// code or links, for other reviews (the sweep's) written in Markdown.
func MarkdownText(s string) string { return mdEscape(s) }

// MarkdownCell is MarkdownText for a table cell: no pipes, no line breaks.
func MarkdownCell(s string) string { return mdCell(s) }

// mdCell is mdEscape for a table cell: no pipes, no line breaks.
func mdCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(mdEscape(s), "|", `\|`), "\n", " ")
}
