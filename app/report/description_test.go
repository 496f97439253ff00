package report

import (
	"html"
	"strings"
	"testing"

	"partitionlab/app/i18n"
)

// A review in French describes each preset in French, in both the HTML
// and the Markdown; the command line's (no catalog) keeps the preset
// file's English.
func TestReviewDescribesThePresetsInItsLanguage(t *testing.T) {
	a := presetRun(t, "gc-pause")
	fr := i18n.For(i18n.French)
	rv, err := New(Input{A: a, Catalog: fr})
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
	en, err := New(Input{A: a})
	if err != nil {
		t.Fatal(err)
	}
	if h := en.HTML(); !strings.Contains(h, html.EscapeString(a.Scenario.Description)) {
		t.Errorf("the English review lacks the preset's own description")
	}
}
