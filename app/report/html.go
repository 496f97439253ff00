package report

import (
	"fmt"
	"html"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/presetwords"
	"partitionlab/app/results/sentences"
)

// reportCSS keeps the file readable on its own: no fonts, scripts or
// pictures from elsewhere. The Korean faces follow the Latin ones, as on
// the page.
const reportCSS = `body{font:16px/1.5 system-ui,sans-serif,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR','Noto Sans CJK KR',NanumGothic;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2733}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d5dbe1;padding:.35rem .5rem;text-align:left;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}tr.worse td.delta{font-weight:600}
code{font-size:.85em;word-break:break-all}figure{margin:1.5rem 0}figure svg{width:100%;height:auto}
.why{font-size:.9em;color:#3c4a57}`

// HTML writes the review as one self-contained page in the review's
// language: the charts are inline SVG, the style is inline, nothing is
// fetched.
func (rv *Review) HTML() string {
	var b strings.Builder
	e := html.EscapeString
	w := rv.words()
	title := rv.title()
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body>\n",
		w.Lang().Tag(), e(title), reportCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s</p>\n", e(title), e(w.T("report.intro")))
	fmt.Fprintf(&b, "<h2>%s</h2>\n<ul>\n", e(w.T("report.scenarios")))
	for _, s := range rv.sides() {
		sc, r := s.Scenario, s.Result
		fmt.Fprintf(&b, `<li><strong>%s</strong>, %s <a href="%s">%s</a><br>%s <code id="digest-%s">%s</code>`,
			e(sideTitle(w, s.letter, s.title)), e(labelled(w, rv.runFacts(s))), e(rv.SimulateLink(sc)), e(w.T("report.open")),
			e(w.T("report.digest")), strings.ToLower(s.letter), r.Digest)
		if sc.Description != "" {
			fmt.Fprintf(&b, "<br>%s", e(presetwords.Description(w, sc)))
		}
		b.WriteString("</li>\n")
	}
	if rv.Single() {
		fmt.Fprintf(&b, "</ul>\n<p><a href=\"%s\">%s</a></p>\n", e(rv.CompareLink()), e(w.T("report.compareOne")))
		fmt.Fprintf(&b, "<h2>%s</h2>\n<table id=\"headline\"><thead><tr><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>\n",
			e(w.T("report.headline")), e(w.T("compare.diff.number")), e(w.T("report.value")), e(w.T("report.detail")))
		for _, c := range rv.Cards {
			fmt.Fprintf(&b, "<tr id=\"card-%s\"><th scope=\"row\">%s</th><td class=\"num\">%s</td><td class=\"why\">%s</td></tr>\n", c.ID, e(c.Label), e(c.Value), e(c.Detail))
		}
	} else {
		fmt.Fprintf(&b, "</ul>\n<p><a href=\"%s\">%s</a></p>\n", e(rv.CompareLink()), e(w.T("report.compareBoth")))
		fmt.Fprintf(&b, "<h2>%s</h2>\n<table id=\"differences\"><thead><tr><th>%s</th><th>A</th><th>B</th><th>%s</th><th>%s</th></tr></thead><tbody>\n",
			e(w.T("compare.diff.title")), e(w.T("compare.diff.number")), e(w.T("compare.diff.change")), e(w.T("compare.diff.why")))
		for _, d := range rv.Deltas {
			fmt.Fprintf(&b, "<tr id=\"diff-%s\" class=\"%s\"><th scope=\"row\">%s</th><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"delta\">%s %s</td><td class=\"why\">%s</td></tr>\n",
				d.ID, d.Verdict, e(d.Label), e(d.A.Value), e(d.B.Value), d.Arrow, e(d.WordsIn(w)), e(d.Why))
		}
	}
	fmt.Fprintf(&b, "</tbody></table>\n<h2>%s</h2>\n", e(w.T("report.budgets")))
	if len(rv.Budgets) == 0 {
		fmt.Fprintf(&b, "<p>%s</p>\n", w.T("report.noBudgets", i18n.S("compare", "<code>partitionlab compare</code>"),
			i18n.S("violations", "<code>--max-violations</code>"), i18n.S("p99", "<code>--max-p99-ms</code>"), i18n.S("simulate", "<code>simulate</code>")))
	} else {
		fmt.Fprintf(&b, "<table id=\"budgets\"><thead><tr><th>%s</th><th>%s</th><th>A</th><th>B</th></tr></thead><tbody>\n",
			e(w.T("report.budget")), e(w.T("report.limit")))
		for _, bu := range rv.Budgets {
			fmt.Fprintf(&b, "<tr><th scope=\"row\">%s</th><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td></tr>\n",
				e(bu.Name), e(bu.Limit), e(verdict(w, bu.A, bu.AOver)), e(verdict(w, bu.B, bu.BOver)))
		}
		b.WriteString("</tbody></table>\n")
	}
	fmt.Fprintf(&b, "<h2>%s</h2>\n", e(w.T("report.charts")))
	for _, c := range rv.Charts {
		svg := c.SVG[strings.Index(c.SVG, "<svg"):]
		fmt.Fprintf(&b, "<figure id=\"chart-%s\">%s<figcaption>%s</figcaption></figure>\n", strings.TrimSuffix(c.Name, ".svg"), svg, e(c.Title))
	}
	fmt.Fprintf(&b, "<h2>%s</h2>\n", e(w.T("report.violations")))
	for _, s := range rv.sides() {
		fmt.Fprintf(&b, "<h3>%s</h3>\n", e(sideTitle(w, s.letter, s.title)))
		ex := s.examples()
		if len(ex) == 0 {
			fmt.Fprintf(&b, "<p>%s</p>\n", e(w.T("report.noViolations")))
			continue
		}
		b.WriteString("<ul>\n")
		for _, v := range ex {
			fmt.Fprintf(&b, "<li>[%s] %s</li>\n", e(scopeName(w, v.Scope)), e(sentences.Explanation(w, v)))
		}
		b.WriteString("</ul>\n")
	}
	fmt.Fprintf(&b, "<h2>%s</h2>\n<ul>\n", e(w.T("simplified.title")))
	for _, s := range simplificationsIn(w) {
		fmt.Fprintf(&b, "<li><strong>%s</strong> %s</li>\n", e(s[0]), e(s[1]))
	}
	b.WriteString("</ul>\n</body></html>\n")
	return b.String()
}
