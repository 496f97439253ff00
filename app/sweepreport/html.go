package sweepreport

import (
	"fmt"
	"html"
	"strings"
)

// reviewCSS keeps the file readable on its own: no fonts, scripts or
// pictures from elsewhere.
const reviewCSS = `body{font:16px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1d2733}
table{border-collapse:collapse;width:100%;font-size:.9em}th,td{border-bottom:1px solid #d5dbe1;padding:.3rem .45rem;text-align:right;vertical-align:top}
th:last-child,td:last-child{text-align:left}td.num{font-variant-numeric:tabular-nums;white-space:nowrap}tr.meets{background:#eef7f1}tr.recommended{outline:2px solid #D55E00}
code{font-size:.85em;word-break:break-all}figure{margin:1.5rem 0}figure svg{width:100%;height:auto}`

// HTML writes the review as one self-contained page: the charts inline,
// the style inline, nothing fetched.
func (rv *Review) HTML() string {
	var b strings.Builder
	e := html.EscapeString
	s := rv.Sweep
	title := rv.title()
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body>\n", e(title), reviewCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<ul>\n", e(title))
	for _, f := range rv.facts() {
		fmt.Fprintf(&b, "<li>%s</li>\n", e(f))
	}
	fmt.Fprintf(&b, "</ul>\n<h2>Recommendation</h2>\n<p id=\"why\">%s</p>\n", e(s.Why))
	if p := s.Recommended; p != nil {
		fmt.Fprintf(&b, "<p><a href=\"%s\">Open %s in Simulate</a>, digest <code>%s</code></p>\n", e(rv.links[p.Index]), e(p.Values.String()), p.Digests[0])
	} else if p := s.Closest; p != nil {
		fmt.Fprintf(&b, "<p><a href=\"%s\">Open the closest point, %s, in Simulate</a>, digest <code>%s</code></p>\n", e(rv.links[p.Index]), e(p.Values.String()), p.Digests[0])
	}
	for _, c := range rv.Charts {
		svg := c.SVG[strings.Index(c.SVG, "<svg"):] // the element, without the file's XML prolog
		fmt.Fprintf(&b, "<figure id=\"%s\"><figcaption><h2>%s</h2></figcaption>\n%s\n</figure>\n", e(strings.TrimSuffix(c.Name, ".svg")), e(c.Title), svg)
	}
	cols := rv.columns()
	b.WriteString("<h2>Every point</h2>\n<table id=\"points\"><thead><tr><th>point</th>")
	for _, c := range cols {
		fmt.Fprintf(&b, "<th>%s</th>", e(c.heading))
	}
	b.WriteString("<th>digest (first seed)</th></tr></thead><tbody>\n")
	for _, pt := range s.Points {
		class := ""
		switch {
		case s.Recommended != nil && s.Recommended.Index == pt.Index:
			class = ` class="meets recommended"`
		case len(s.Require) > 0 && pt.Meets:
			class = ` class="meets"`
		}
		fmt.Fprintf(&b, "<tr%s><td><a href=\"%s\">%d</a></td>", class, e(rv.links[pt.Index]), pt.Index+1)
		for _, c := range cols {
			fmt.Fprintf(&b, "<td class=\"num\">%s</td>", e(c.cell(pt)))
		}
		digest := ""
		if len(pt.Digests) > 0 {
			digest = pt.Digests[0]
		}
		fmt.Fprintf(&b, "<td><code>%s</code></td></tr>\n", digest)
	}
	b.WriteString("</tbody></table>\n<p>Each point's number opens it in Simulate with its first seed, as exactly that run (the same digest).</p>\n</body></html>\n")
	return b.String()
}
