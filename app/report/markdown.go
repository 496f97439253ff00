package report

import (
	"fmt"
	"strings"
)

// Markdown writes the review for a design document. The charts are
// referenced as chartPrefix+chart.Name ("review-records.svg"): write each
// Charts()[i].SVG to that file beside the Markdown.
func (rv *Review) Markdown(chartPrefix string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", rv.title())
	b.WriteString("Simulated with Partition Lab: deterministic, so the same scenarios give the same digests.\n\n")
	b.WriteString("## Scenarios\n\n")
	for _, s := range rv.sides() {
		sc, r := s.Scenario, s.Result
		fmt.Fprintf(&b, "- **%s: %s**, seed %d, %g s: [open in Partition Lab](%s)  \n  digest `%s`", s.letter, mdEscape(scenarioName(sc)),
			r.Seed, r.DurationS, rv.SimulateLink(sc), r.Digest)
		if sc.Description != "" {
			fmt.Fprintf(&b, "  \n  %s", mdEscape(sc.Description))
		}
		b.WriteString("\n")
	}
	if rv.Single() {
		fmt.Fprintf(&b, "\n[Compare it with one change](%s)\n\n", rv.CompareLink())
		b.WriteString("## Headline numbers\n\n| Number | Value | Detail |\n|---|--:|---|\n")
		for _, c := range rv.Cards {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", mdCell(c.Label), mdCell(c.Value), mdCell(c.Detail))
		}
	} else {
		fmt.Fprintf(&b, "\n[Both on the Compare page](%s)\n\n", rv.CompareLink())
		b.WriteString("## Differences\n\n| Number | A | B | B compared with A | Why |\n|---|--:|--:|---|---|\n")
		for _, d := range rv.Deltas {
			fmt.Fprintf(&b, "| %s | %s | %s | %s %s | %s |\n", mdCell(d.Label), mdCell(d.A.Value), mdCell(d.B.Value), d.Arrow, mdCell(d.Words()), mdCell(d.Why))
		}
	}
	b.WriteString("\n## Budgets\n\n")
	if len(rv.Budgets) == 0 {
		b.WriteString("No budgets were set (`partitionlab compare` takes `--max-violations`, `--max-p99-ms` and the other budgets of `simulate`).\n")
	} else {
		b.WriteString("| Budget | Limit | A | B |\n|---|--:|--:|--:|\n")
		for _, bu := range rv.Budgets {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCell(bu.Name), mdCell(bu.Limit), verdict(bu.A, bu.AOver), verdict(bu.B, bu.BOver))
		}
	}
	b.WriteString("\n## Charts\n\n")
	for _, c := range rv.Charts {
		fmt.Fprintf(&b, "![%s](%s)\n\n", c.Title, chartPrefix+c.Name)
	}
	b.WriteString("## First ordering violations\n\n")
	for _, s := range rv.sides() {
		ex := s.examples()
		fmt.Fprintf(&b, "### %s: %s\n\n", s.letter, mdEscape(scenarioName(s.Scenario)))
		if len(ex) == 0 {
			b.WriteString("None: every event of every order, customer and key was processed in the order it was sent.\n\n")
			continue
		}
		for _, e := range ex {
			fmt.Fprintf(&b, "- [%s] %s\n", e.Scope, mdEscape(e.Explanation))
		}
		b.WriteString("\n")
	}
	b.WriteString("## What is simplified\n\n")
	for _, s := range Simplifications() {
		fmt.Fprintf(&b, "- **%s** %s\n", s[0], s[1])
	}
	return b.String()
}

func verdict(value string, over bool) string {
	if over {
		return value + " ✗ exceeded"
	}
	return value + " ✓ within"
}

// mdEscape keeps text from turning into Markdown markup.
func mdEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;").Replace(s)
}

// mdCell is mdEscape for a table cell: no pipes, no line breaks.
func mdCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(mdEscape(s), "|", `\|`), "\n", " ")
}
