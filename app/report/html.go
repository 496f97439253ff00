package report

import (
	"fmt"
	"html"
	"strings"
)

// reportCSS keeps the file readable on its own: no fonts, scripts or
// pictures from elsewhere.
const reportCSS = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2733}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d5dbe1;padding:.35rem .5rem;text-align:left;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}tr.worse td.delta{font-weight:600}
code{font-size:.85em;word-break:break-all}figure{margin:1.5rem 0}figure svg{width:100%;height:auto}
.why{font-size:.9em;color:#3c4a57}`

// HTML writes the review as one self-contained page: the charts are
// inline SVG, the style is inline, nothing is fetched.
func (rv *Review) HTML() string {
	var b strings.Builder
	e := html.EscapeString
	title := rv.title()
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body>\n", e(title), reportCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>Simulated with Partition Lab: deterministic, so the same scenarios give the same digests.</p>\n", e(title))
	b.WriteString("<h2>Scenarios</h2>\n<ul>\n")
	for _, s := range rv.sides() {
		sc, r := s.Scenario, s.Result
		fmt.Fprintf(&b, `<li><strong>%s: %s</strong>, seed %d, %g s: <a href="%s">open in Partition Lab</a><br>digest <code id="digest-%s">%s</code>`,
			s.letter, e(scenarioName(sc)), r.Seed, r.DurationS, e(rv.SimulateLink(sc)), strings.ToLower(s.letter), r.Digest)
		if sc.Description != "" {
			fmt.Fprintf(&b, "<br>%s", e(sc.Description))
		}
		b.WriteString("</li>\n")
	}
	if rv.Single() {
		fmt.Fprintf(&b, "</ul>\n<p><a href=\"%s\">Compare it with one change</a></p>\n", e(rv.CompareLink()))
		b.WriteString("<h2>Headline numbers</h2>\n<table id=\"headline\"><thead><tr><th>Number</th><th>Value</th><th>Detail</th></tr></thead><tbody>\n")
		for _, c := range rv.Cards {
			fmt.Fprintf(&b, "<tr id=\"card-%s\"><th scope=\"row\">%s</th><td class=\"num\">%s</td><td class=\"why\">%s</td></tr>\n", c.ID, e(c.Label), e(c.Value), e(c.Detail))
		}
	} else {
		fmt.Fprintf(&b, "</ul>\n<p><a href=\"%s\">Both on the Compare page</a></p>\n", e(rv.CompareLink()))
		b.WriteString("<h2>Differences</h2>\n<table id=\"differences\"><thead><tr><th>Number</th><th>A</th><th>B</th><th>B compared with A</th><th>Why</th></tr></thead><tbody>\n")
		for _, d := range rv.Deltas {
			fmt.Fprintf(&b, "<tr id=\"diff-%s\" class=\"%s\"><th scope=\"row\">%s</th><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"delta\">%s %s</td><td class=\"why\">%s</td></tr>\n",
				d.ID, d.Verdict, e(d.Label), e(d.A.Value), e(d.B.Value), d.Arrow, e(d.Words()), e(d.Why))
		}
	}
	b.WriteString("</tbody></table>\n<h2>Budgets</h2>\n")
	if len(rv.Budgets) == 0 {
		b.WriteString("<p>No budgets were set (<code>partitionlab compare</code> takes <code>--max-violations</code>, <code>--max-p99-ms</code> and the other budgets of <code>simulate</code>).</p>\n")
	} else {
		b.WriteString("<table id=\"budgets\"><thead><tr><th>Budget</th><th>Limit</th><th>A</th><th>B</th></tr></thead><tbody>\n")
		for _, bu := range rv.Budgets {
			fmt.Fprintf(&b, "<tr><th scope=\"row\">%s</th><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td></tr>\n",
				e(bu.Name), e(bu.Limit), e(verdict(bu.A, bu.AOver)), e(verdict(bu.B, bu.BOver)))
		}
		b.WriteString("</tbody></table>\n")
	}
	b.WriteString("<h2>Charts</h2>\n")
	for _, c := range rv.Charts {
		svg := c.SVG[strings.Index(c.SVG, "<svg"):]
		fmt.Fprintf(&b, "<figure id=\"chart-%s\">%s<figcaption>%s</figcaption></figure>\n", strings.TrimSuffix(c.Name, ".svg"), svg, e(c.Title))
	}
	b.WriteString("<h2>First ordering violations</h2>\n")
	for _, s := range rv.sides() {
		fmt.Fprintf(&b, "<h3>%s: %s</h3>\n", s.letter, e(scenarioName(s.Scenario)))
		ex := s.examples()
		if len(ex) == 0 {
			b.WriteString("<p>None: every event of every order, customer and key was processed in the order it was sent.</p>\n")
			continue
		}
		b.WriteString("<ul>\n")
		for _, v := range ex {
			fmt.Fprintf(&b, "<li>[%s] %s</li>\n", e(v.Scope), e(v.Explanation))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("<h2>What is simplified</h2>\n<ul>\n")
	for _, s := range Simplifications() {
		fmt.Fprintf(&b, "<li><strong>%s</strong> %s</li>\n", e(s[0]), e(s[1]))
	}
	b.WriteString("</ul>\n</body></html>\n")
	return b.String()
}
