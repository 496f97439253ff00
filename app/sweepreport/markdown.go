package sweepreport

import (
	"fmt"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/report"
	"partitionlab/sim/sweep"
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
	w := rv.Catalog
	fmt.Fprintf(&b, "\n## %s\n\n%s\n", mdEscape(w.T("sweepreport.recommendation")), mdEscape(rv.Why))
	if text, p := rv.openPoint(); p != nil {
		link := "[" + mdEscape(text) + "](" + rv.links[p.Index] + ")"
		fmt.Fprintf(&b, "\n%s\n", w.T("sweepreport.withDigest", i18n.S("link", link), i18n.S("digest", "`"+p.Digests[0]+"`")))
	}
	for _, c := range rv.Charts {
		fmt.Fprintf(&b, "\n## %s\n\n![%s](%s%s)\n", mdEscape(c.Title), mdEscape(c.Title), chartPrefix, c.Name)
	}
	cols := rv.columns()
	fmt.Fprintf(&b, "\n## %s\n\n| %s |", mdEscape(w.T("sweepreport.everyPoint")), mdCell(w.T("sweepreport.col.point")))
	for _, c := range cols {
		fmt.Fprintf(&b, " %s |", mdCell(c.heading))
	}
	fmt.Fprintf(&b, " %s |\n|--:|", mdCell(w.T("sweepreport.col.digest")))
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
	fmt.Fprintf(&b, "\n%s\n", mdEscape(w.T("sweepreport.footer")))
	return b.String()
}

// mdEscape and mdCell are the compare review's.
var mdEscape, mdCell = report.MarkdownText, report.MarkdownCell

// openPoint is the point the review opens first, the recommended one or
// else the closest, with its link's words.
func (rv *Review) openPoint() (string, *sweep.Point) {
	s, c := rv.Sweep, rv.Catalog
	switch {
	case s.Recommended != nil:
		return c.T("sweepreport.open", i18n.S("point", s.Recommended.Values.String())), s.Recommended
	case s.Closest != nil:
		return c.T("sweepreport.openClosest", i18n.S("point", s.Closest.Values.String())), s.Closest
	}
	return "", nil
}
