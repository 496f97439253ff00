package report

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
)

// A review downloaded from a page in Korean is written in Korean: the
// document's language, its headings, the charts' words, the verdicts and
// What is simplified; its links open the app in Korean; the digests are
// the same as in English.
func TestReviewInThePageLanguage(t *testing.T) {
	a, b := presetRun(t, "scale-out-eager"), presetRun(t, "scale-out-cooperative")
	ko := i18n.For(i18n.Korean)
	in := Input{A: a, B: b, BaseURL: "https://lab.example/", Catalog: ko,
		Budgets: []Budget{{Name: "duplicates", Limit: "0", A: "0", B: "344", BOver: true}}}
	rv, err := New(drawnIn(t, in))
	if err != nil {
		t.Fatal(err)
	}
	html, md := rv.HTML(), rv.Markdown("review-")
	for name, doc := range map[string]string{"HTML": html, "Markdown": md} {
		for _, want := range []string{ko.T("report.title.pair", i18n.S("a", a.Scenario.Name), i18n.S("b", b.Scenario.Name)),
			ko.T("compare.diff.title"), ko.T("report.budgets"), ko.T("simplified.title"), ko.T("simplified.1.head"),
			"344 ✗ 초과", "https://lab.example/?lang=ko#preset=scale-out-cooperative", "https://lab.example/compare?lang=ko#",
			a.Result.Digest, b.Result.Digest} {
			if !strings.Contains(doc, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		for _, english := range []string{"Design review", "Differences", "What is simplified", "Records per partition"} {
			if strings.Contains(doc, english) {
				t.Errorf("the Korean %s says %q", name, english)
			}
		}
		if strings.Contains(doc, "report.") || strings.Contains(doc, "compare.") {
			t.Errorf("the Korean %s shows a catalog id", name)
		}
	}
	if !strings.Contains(html, ">"+ko.T("plots.compare.records.title")+"<") {
		t.Errorf("the HTML's charts are not in Korean")
	}
	if !strings.HasPrefix(html, "<!DOCTYPE html>\n<html lang=\"ko\">") {
		t.Errorf("the HTML starts %.60q", html)
	}
	// The command line's review (no catalog) stays English.
	in.Catalog = nil
	en, err := New(drawnIn(t, in))
	if err != nil {
		t.Fatal(err)
	}
	if h := en.HTML(); !strings.Contains(h, "Design review") || !strings.Contains(h, `<html lang="en">`) || strings.Contains(h, "lang=ko") {
		t.Errorf("the review without a catalog is not English")
	}
}

// The page's names for A and B (B made from A with a change, named in the
// page's language) title the review, its scenarios and the charts'
// legends; the scenarios' own names stay in their links.
func TestReviewTakesThePageTitles(t *testing.T) {
	a, b := presetRun(t, "scale-out-eager"), presetRun(t, "scale-out-cooperative")
	pt := i18n.For(i18n.Portuguese)
	title := "scale-out-eager com o assignor cooperative-sticky"
	rv, err := New(drawnIn(t, Input{A: a, B: b, Catalog: pt, Titles: [2]string{"", title}}))
	if err != nil {
		t.Fatal(err)
	}
	html := rv.HTML()
	for _, want := range []string{"Revisão de design: scale-out-eager contra " + title, "<h3>B: " + title + "</h3>",
		">B: " + title + "</text>", "preset=scale-out-cooperative"} {
		if !strings.Contains(html, want) {
			t.Errorf("the review lacks %q", want)
		}
	}
}
