package report

import (
	"html"
	"strings"
	"testing"

	"partitionlab/app/changes"
	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/sim"
)

// A review in French describes each preset in French, in both the HTML
// and the Markdown; the command line's (no catalog) keeps the preset
// file's English.
func TestReviewDescribesThePresetsInItsLanguage(t *testing.T) {
	a := presetRun(t, "gc-pause")
	fr := i18n.For(i18n.French)
	rv, err := New(drawnIn(t, Input{A: a, Catalog: fr}))
	if err != nil {
		t.Fatal(err)
	}
	want := fr.T("presetdesc.gc-pause")
	if want == a.Scenario.Description {
		t.Fatal("presetdesc.gc-pause in French is the English")
	}
	if h := rv.HTML(); !strings.Contains(h, html.EscapeString(want)) || strings.Contains(h, html.EscapeString(a.Scenario.Description)) {
		t.Errorf("the French HTML does not describe gc-pause in French")
	}
	if md := rv.Markdown("review-"); !strings.Contains(md, mdEscape(want)) {
		t.Errorf("the French Markdown does not describe gc-pause in French")
	}
	en, err := New(drawnIn(t, Input{A: a}))
	if err != nil {
		t.Fatal(err)
	}
	if h := en.HTML(); !strings.Contains(h, html.EscapeString(a.Scenario.Description)) {
		t.Errorf("the English review lacks the preset's own description")
	}
}

// A B made from A with a change, then edited, is named and described in
// the review's language, in the HTML, the Markdown and the charts'
// legends: its English name ("scale-out-eager with twice the partitions")
// and its preset's English description never show. Its side is written
// the language's way ("B : …" in French, as the runs' facts before their
// link). Its digest is the same in every language.
func TestReviewOfAChangedBInItsLanguage(t *testing.T) {
	a := presetRun(t, "scale-out-eager")
	x2, _ := changes.Find("partitions-x2")
	bsc, err := changes.Apply(a.Scenario, x2, "")
	if err != nil {
		t.Fatal(err)
	}
	bsc.Consumer.Instances++ // edited on the page: no longer the change alone
	r, err := sim.Run(bsc)
	if err != nil {
		t.Fatal(err)
	}
	b := results.Run{Scenario: bsc, Result: r}
	for _, l := range []i18n.Lang{i18n.Korean, i18n.French, i18n.Portuguese} {
		c := i18n.For(l)
		rv, err := New(drawnIn(t, Input{A: a, B: b, Catalog: c}))
		if err != nil {
			t.Fatal(err)
		}
		name := c.T("compare.side.withChange", i18n.S("name", "scale-out-eager"), i18n.S("change", c.T("compare.change.partitions-x2")))
		bTitle := c.T("compare.side.title", i18n.S("side", "B"), i18n.S("name", name))
		aTitle := c.T("compare.side.title", i18n.S("side", "A"), i18n.S("name", "scale-out-eager"))
		desc := c.T("presetdesc.scale-out-eager")
		svgs := ""
		for _, ch := range rv.Charts {
			svgs += ch.SVG
		}
		for kind, doc := range map[string]string{"HTML": html.UnescapeString(rv.HTML()), "Markdown": rv.Markdown("review-"), "charts": svgs} {
			desc := desc
			for _, bad := range []string{"with twice", bsc.Description} {
				if strings.Contains(doc, bad) {
					t.Errorf("%s: the %s review has %q", l, kind, bad)
				}
			}
			wants := []string{bTitle, aTitle}
			if kind != "charts" {
				wants = append(wants, desc, r.Digest, c.T("core.labelled", i18n.S("label", rv.runFacts(rv.sides()[1]))))
			} else {
				doc = html.UnescapeString(doc)
			}
			for _, want := range wants {
				if kind == "Markdown" {
					want = mdEscape(want)
				}
				if !strings.Contains(doc, want) {
					t.Errorf("%s: the %s review lacks %q", l, kind, want)
				}
			}
			if kind == "Markdown" {
				desc = mdEscape(desc)
			}
			if n := strings.Count(doc, desc); n != 2 && kind != "charts" {
				t.Errorf("%s: the %s review describes A and B %d times in its language", l, kind, n)
			}
		}
		if l == i18n.French && !strings.Contains(bTitle, "B\u00a0: ") {
			t.Errorf("French B heading %q", bTitle)
		}
	}
}
