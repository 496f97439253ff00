package sweepreport

import (
	"strings"
	"testing"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/plots"
	"partitionlab/app/share"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

func review(t *testing.T, vary []string, require ...string) *Review {
	t.Helper()
	doc, err := scenario.PresetJSON("hot-customer-salted")
	if err != nil {
		t.Fatal(err)
	}
	def := sweep.Definition{Scenario: doc, Sets: []string{"duration_s=5"}, Seeds: 2}
	for _, v := range vary {
		a, err := sweep.ParseVary(v)
		if err != nil {
			t.Fatal(err)
		}
		def.Vary = append(def.Vary, a)
	}
	for _, r := range require {
		q, err := sweep.ParseRequirement(r)
		if err != nil {
			t.Fatal(err)
		}
		def.Require = append(def.Require, q)
	}
	p, err := sweep.NewPlan(def, scenario.CommandLineLimits())
	if err != nil {
		t.Fatal(err)
	}
	s, err := sweep.RunAll(p, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	rv, err := New(drawnIn(t, Input{Plan: p, Sweep: s, BaseURL: "https://example.org/lab/"}))
	if err != nil {
		t.Fatal(err)
	}
	return rv
}

// One setting: the trade-off and a chart per measure that is not zero
// everywhere; the recommendation with its link; every point's digest and
// a link that opens exactly that run.
func TestOneSettingReview(t *testing.T) {
	rv := review(t, []string{"producers.0.salting.buckets=1,2,4,8"}, "violations.order=0", "load<=2")
	var names []string
	for _, c := range rv.Charts {
		names = append(names, c.Name)
		if !strings.HasPrefix(c.SVG, "<?xml") || !strings.Contains(c.SVG, "<svg") {
			t.Errorf("%s is not an SVG file", c.Name)
		}
	}
	if got := strings.Join(names, " "); !strings.HasPrefix(got, "frontier.svg measure-load.svg measure-violations-order.svg") ||
		strings.Contains(got, "duplicates") || !strings.Contains(got, "measure-max_lag.svg") {
		t.Errorf("charts %s", got)
	}
	s := rv.Sweep
	rec := s.Recommended
	if rec == nil || rec.Values.String() != "producers.0.salting.buckets=4" {
		t.Fatalf("recommended %v; %s", rec, s.Why)
	}
	sc, _ := rv.Plan.Scenario(rec.Index * 2)
	link := "https://example.org/lab/#" + share.Fragment(sc, "")
	md := rv.Markdown("sweep-")
	for _, want := range []string{"# Sweep of hot-customer-salted over producers.0.salting.buckets", "](sweep-frontier.svg)",
		"[Open producers.0.salting.buckets=4 in Simulate](" + link + ")", rec.Digests[0], "| ✓ meets them |", "✗ load 5.385 > 2",
		"fewest partitions, then fewest consumer threads"} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown lacks %q", want)
		}
	}
	h := rv.HTML()
	if strings.Count(h, "<svg") != len(rv.Charts) || strings.Contains(h, "<?xml") || strings.Contains(h, "<script") ||
		strings.Contains(h, `src="http`) || !strings.Contains(h, `<tr class="meets recommended"><td><a href="`+strings.ReplaceAll(link, "&", "&amp;")+`">3</a>`) {
		t.Errorf("the HTML is not one self-contained page with every chart and the recommended point marked")
	}
}

// Two settings: grids of balance and of violations, the closest point
// named when none meets the requirements.
func TestTwoSettingReview(t *testing.T) {
	rv := review(t, []string{"producers.0.salting.buckets=1,8", "topic.partitions=6,12"}, "violations.customer=0", "load<=1.5")
	var names []string
	for _, c := range rv.Charts {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "frontier.svg grid-load.svg grid-violations.customer.svg" {
		t.Errorf("charts %s", got)
	}
	if rv.Sweep.Closest == nil || !strings.Contains(rv.Markdown("x-"), "[Open the closest point, producers.0.salting.buckets=") {
		t.Errorf("the closest point is not offered: %s", rv.Sweep.Why)
	}
}

// The review speaks the page's language: its title, facts, headings and
// charts' titles, and the recommendation the page gives; the digests and
// links are the same as in English.
func TestReviewInPagesLanguage(t *testing.T) {
	en := review(t, []string{"producers.0.salting.buckets=1,2,4"}, "violations.order=0")
	in := en.Input
	in.Catalog, in.Why = i18n.For(i18n.French), "Pourquoi en français."
	fr, err := New(drawnIn(t, in))
	if err != nil {
		t.Fatal(err)
	}
	html, md := fr.HTML(), fr.Markdown("x-")
	for _, want := range []string{`<html lang="fr">`, "Balayage de hot-customer-salted sur producers.0.salting.buckets", "Recommandation", "Pourquoi en français.", "Tous les points"} {
		if !strings.Contains(html, want) {
			t.Errorf("the French review has no %q", want)
		}
	}
	if !strings.Contains(md, "## Recommandation") || strings.Contains(md, "Every point") {
		t.Errorf("the French Markdown is not in French:\n%s", md)
	}
	if fr.Charts[0].Title == en.Charts[0].Title || !strings.Contains(fr.Charts[0].SVG, "compromis") {
		t.Errorf("the French frontier chart is titled %q", fr.Charts[0].Title)
	}
	for i := range en.links {
		if fr.links[i] != en.links[i] {
			t.Errorf("point %d's link differs in French", i+1)
		}
	}
}

// drawnIn is in with its charts drawn, as the engine's worker or the
// command line draws them, in the review's language.
func drawnIn(t *testing.T, in Input) Input {
	t.Helper()
	c := in.Catalog
	if c == nil {
		c = i18n.For(i18n.English)
	}
	in.Charts = map[string]chart.Chart{}
	for _, j := range Jobs(c, in.Sweep) {
		ch, err := plots.Draw(c, j.Job)
		if err != nil {
			t.Fatalf("chart %s: %v", j.Name, err)
		}
		in.Charts[j.Name] = ch
	}
	return in
}
