package sweepreport

import (
	"fmt"
	"html"
	"strings"

	"partitionlab/app/i18n"
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
	w := rv.Catalog
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body>\n", w.Lang().Tag(), e(title), reviewCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<ul>\n", e(title))
	for _, f := range rv.facts() {
		fmt.Fprintf(&b, "<li>%s</li>\n", e(f))
	}
	fmt.Fprintf(&b, "</ul>\n<h2>%s</h2>\n<p id=\"why\">%s</p>\n", e(w.T("sweepreport.recommendation")), e(rv.Why))
	if text, p := rv.openPoint(); p != nil {
		// The sentence escaped whole, then its link and digest put in.
		const linkMark, digestMark = "\x00link\x00", "\x00digest\x00"
		line := e(w.T("sweepreport.withDigest", i18n.S("link", linkMark), i18n.S("digest", digestMark)))
		line = strings.Replace(line, linkMark, fmt.Sprintf("<a href=\"%s\">%s</a>", e(rv.links[p.Index]), e(text)), 1)
		line = strings.Replace(line, digestMark, "<code>"+p.Digests[0]+"</code>", 1)
		fmt.Fprintf(&b, "<p>%s</p>\n", line)
	}
	for _, c := range rv.Charts {
		svg := c.SVG[strings.Index(c.SVG, "<svg"):] // the element, without the file's XML prolog
		fmt.Fprintf(&b, "<figure id=\"%s\"><figcaption><h2>%s</h2></figcaption>\n%s\n</figure>\n", e(strings.TrimSuffix(c.Name, ".svg")), e(c.Title), svg)
	}
	cols := rv.columns()
	fmt.Fprintf(&b, "<h2>%s</h2>\n<table id=\"points\"><thead><tr><th>%s</th>", e(w.T("sweepreport.everyPoint")), e(w.T("sweepreport.col.point")))
	for _, c := range cols {
		fmt.Fprintf(&b, "<th>%s</th>", e(c.heading))
	}
	fmt.Fprintf(&b, "<th>%s</th></tr></thead><tbody>\n", e(w.T("sweepreport.col.digest")))
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
	fmt.Fprintf(&b, "</tbody></table>\n<p>%s</p>\n</body></html>\n", e(w.T("sweepreport.footer")))
	return b.String()
}
