package report

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"partitionlab/app/results"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func presetRun(t *testing.T, name string) results.Run {
	t.Helper()
	sc, err := scenario.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	return results.Run{Scenario: sc, Result: r}
}

func TestReviewCarriesBothScenariosTheWhyBudgetsChartsAndSimplifications(t *testing.T) {
	a, b := presetRun(t, "scale-out-eager"), presetRun(t, "scale-out-cooperative")
	rv, err := New(drawnIn(t, Input{A: a, B: b, BaseURL: "https://lab.example/", Budgets: []Budget{
		{Name: "duplicates", Limit: "0", A: "0", B: "344", BOver: true}}}))
	if err != nil {
		t.Fatal(err)
	}
	if over := rv.Over(); len(over) != 1 || !strings.Contains(over[0], "duplicates: B has 344") {
		t.Errorf("Over: %v", over)
	}
	html := rv.HTML()
	md := rv.Markdown("review-")
	for name, doc := range map[string]string{"HTML": html, "Markdown": md} {
		for _, want := range []string{a.Result.Digest, b.Result.Digest, "https://lab.example/#preset=scale-out-cooperative",
			"https://lab.example/compare#a.preset=scale-out-eager&amp;b.preset=scale-out-cooperative",
			"344 records processed twice", "+1,184 ms ×176 (worse)", "344 ✗ exceeded", "0 ✓ within", Simplifications()[0][0]} {
			if name == "Markdown" {
				want = strings.ReplaceAll(want, "&amp;", "&")
			}
			if !strings.Contains(doc, want) {
				t.Errorf("the %s review lacks %q", name, want)
			}
		}
	}
	if strings.Count(html, "<svg") != 3 || strings.Contains(html, "<script") || strings.Contains(html, "<link") {
		t.Errorf("the HTML is not self-contained with its three charts")
	}
	z, err := rv.Zip("review")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		if strings.HasSuffix(f.Name, ".svg") && !strings.Contains(md, "]("+f.Name+")") {
			t.Errorf("%s is in the zip but not in the Markdown", f.Name)
		}
		if strings.HasSuffix(f.Name, ".svg") && !bytes.Contains(body, []byte("<svg")) {
			t.Errorf("%s is not an SVG", f.Name)
		}
	}
	if len(names) != 4 || names[0] != "review.md" {
		t.Errorf("the zip holds %v", names)
	}
}

func TestReviewOfOneScenario(t *testing.T) {
	a := presetRun(t, "thread-pool")
	rv, err := New(drawnIn(t, Input{A: a}))
	if err != nil {
		t.Fatal(err)
	}
	html := rv.HTML()
	for _, want := range []string{"Design review: thread-pool<", "Headline numbers", a.Result.Digest, "compare#a.preset=thread-pool",
		a.Result.Ordering.Examples[0].Explanation[:40]} {
		if !strings.Contains(html, want) {
			t.Errorf("the review of one scenario lacks %q", want)
		}
	}
	if strings.Contains(html, "B:") || strings.Count(html, "<svg") != 3 {
		t.Errorf("the review of one scenario speaks of B or lacks its charts")
	}
}
