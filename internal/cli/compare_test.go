package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// presetFiles writes presets as scenario files, as a team keeps them.
func presetFiles(t *testing.T, names ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, n := range names {
		doc, err := scenario.PresetJSON(n)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, n+".json")
		if err := os.WriteFile(p, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

func digestOf(t *testing.T, preset string) string {
	t.Helper()
	sc, _ := scenario.Preset(preset)
	r, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	return r.Digest
}

func TestCompareTableNamesBothDigestsAndTheWhy(t *testing.T) {
	files := presetFiles(t, "scale-out-eager", "scale-out-cooperative")
	code, out, errOut := runCLI("compare", files[0], files[1])
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{digestOf(t, "scale-out-eager"), digestOf(t, "scale-out-cooperative"),
		"+1,184 ms ×176 (worse)", "−0.67 s (better)", "344 records processed twice; a cooperative revocation does not commit"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
}

func TestCompareBudgetOnBExitsThreeAndNamesIt(t *testing.T) {
	files := presetFiles(t, "scale-out-eager", "scale-out-cooperative")
	code, out, errOut := runCLI("compare", files[0], files[1], "--max-duplicates", "0", "--max-lag", "100000")
	if code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, errOut)
	}
	if !strings.Contains(errOut, "exceeds a budget: 344 duplicates > 0") || strings.Contains(errOut, "lag") {
		t.Errorf("stderr %q should name the duplicates budget only", errOut)
	}
	if !strings.Contains(out, "Processed twice") {
		t.Errorf("the table is still printed:\n%s", out)
	}
	// A over a budget that B keeps is not a failure: B is the design under review.
	if code, _, errOut := runCLI("compare", files[1], files[0], "--max-duplicates", "0"); code != 0 {
		t.Errorf("B within its budget: exit %d: %s", code, errOut)
	}
}

func TestCompareWritesMarkdownWithChartsAndHTML(t *testing.T) {
	files := presetFiles(t, "thread-pool", "per-key-queues")
	dir := t.TempDir()
	md := filepath.Join(dir, "review.md")
	if code, _, errOut := runCLI("compare", files[0], files[1], "--markdown", md, "--max-violations", "order=0"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	text, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	for _, chart := range []string{"review-records.svg", "review-lag.svg", "review-throughput.svg"} {
		if !strings.Contains(string(text), "]("+chart+")") {
			t.Errorf("the Markdown does not show %s", chart)
		}
		svg, err := os.ReadFile(filepath.Join(dir, chart))
		if err != nil || !strings.Contains(string(svg), "<svg") {
			t.Errorf("%s beside the Markdown: %v", chart, err)
		}
	}
	for _, want := range []string{digestOf(t, "thread-pool"), "| order ordering violations | 0 |", "✗ exceeded", "✓ within",
		"## First ordering violations", "## What is simplified", "compare#a.preset=thread-pool&b.preset=per-key-queues"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the Markdown lacks %q", want)
		}
	}
	page := filepath.Join(dir, "review.html")
	if code, _, errOut := runCLI("compare", files[0], files[1], "--html", page, "--base", "https://example.org/lab/"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	h, _ := os.ReadFile(page)
	html := string(h)
	if strings.Count(html, "<svg") != 3 || strings.Contains(html, "<script") || strings.Contains(html, `src="http`) ||
		!strings.Contains(html, `href="https://example.org/lab/#preset=per-key-queues"`) {
		t.Errorf("the HTML is not one self-contained page with three charts and the links")
	}
}

func TestCompareRefusesBadInputWithoutOutput(t *testing.T) {
	files := presetFiles(t, "thread-pool")
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"topic":{"partitions":0}}`), 0o644)
	for _, args := range [][]string{
		{"compare", files[0]},
		{"compare", files[0], bad},
		{"compare", files[0], files[0], "--markdown", "a.md", "--html", "a.html"},
	} {
		code, out, errOut := runCLI(args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if _, _, errOut := runCLI("compare", files[0], bad); !strings.Contains(errOut, "B (") || !strings.Contains(errOut, "topic.partitions") {
		t.Errorf("the error does not name B and the field: %s", errOut)
	}
}

// A report that cannot be written names the flag and the file the user
// gave, not the temporary file beside it, and prints no table.
func TestCompareReportToAMissingFolderNamesTheFile(t *testing.T) {
	files := presetFiles(t, "thread-pool")
	missing := filepath.Join(t.TempDir(), "no-such-folder", "review.html")
	code, out, errOut := runCLI("compare", files[0], files[0], "--html", missing)
	if code != 1 || out != "" || !strings.Contains(errOut, "--html "+missing+": cannot write "+missing) || strings.Contains(errOut, ".review.html.") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
