package sweepreport

import (
	"fmt"
	"strings"

	"partitionlab/app/report"
)

// Markdown writes the review for a design document. The charts are
// referenced as chartPrefix+chart.Name ("sweep-frontier.svg"): write each
// Charts[i].SVG to that file beside the Markdown.
func (rv *Review) Markdown(chartPrefix string) string {
	var b strings.Builder
	s := rv.Sweep
	fmt.Fprintf(&b, "# %s\n\n", mdEscape(rv.title()))
	for _, f := range rv.facts() {
		fmt.Fprintf(&b, "- %s\n", mdEscape(f))
	}
	fmt.Fprintf(&b, "\n## Recommendation\n\n%s\n", mdEscape(s.Why))
	if p := s.Recommended; p != nil {
		fmt.Fprintf(&b, "\n[Open %s in Simulate](%s), digest `%s`\n", mdEscape(p.Values.String()), rv.links[p.Index], p.Digests[0])
	} else if p := s.Closest; p != nil {
		fmt.Fprintf(&b, "\n[Open the closest point, %s, in Simulate](%s), digest `%s`\n", mdEscape(p.Values.String()), rv.links[p.Index], p.Digests[0])
	}
	for _, c := range rv.Charts {
		fmt.Fprintf(&b, "\n## %s\n\n![%s](%s%s)\n", mdEscape(c.Title), mdEscape(c.Title), chartPrefix, c.Name)
	}
	cols := rv.columns()
	b.WriteString("\n## Every point\n\n| point |")
	for _, c := range cols {
		fmt.Fprintf(&b, " %s |", mdCell(c.heading))
	}
	b.WriteString(" digest (first seed) |\n|--:|")
	b.WriteString(strings.Repeat("--:|", len(cols)) + "---|\n")
	for _, pt := range s.Points {
		fmt.Fprintf(&b, "| [%d](%s) |", pt.Index+1, rv.links[pt.Index])
		for _, c := range cols {
			fmt.Fprintf(&b, " %s |", mdCell(c.cell(pt)))
		}
		digest := ""
		if len(pt.Digests) > 0 {
			digest = "`" + pt.Digests[0] + "`"
		}
		fmt.Fprintf(&b, " %s |\n", digest)
	}
	b.WriteString("\nEach point's number opens it in Simulate with its first seed, as exactly that run (the same digest).\n")
	return b.String()
}

// mdEscape and mdCell are the compare review's.
var mdEscape, mdCell = report.MarkdownText, report.MarkdownCell
