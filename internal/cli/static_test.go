package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

func TestStaticReplacesItsOwnOutputAtomically(t *testing.T) {
	web := sitetest.Web(t)
	parent := t.TempDir()
	dir := filepath.Join(parent, "dist")
	for range 2 {
		if code, _, errOut := runCLI("static", "--web", web, dir); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 || entries[0].Name() != "dist" {
		t.Errorf("after two runs the parent holds %v; temporary directories were left behind", entries)
	}
}

func TestStaticFailsWithoutLeavingAnything(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "dist")
	emptyWeb := t.TempDir()
	code, _, errOut := runCLI("static", dir, "--web", emptyWeb)
	if code != 1 || !strings.Contains(errOut, "app.wasm") {
		t.Errorf("without app.wasm: exit %d, stderr %q; want 1 naming app.wasm", code, errOut)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("a failed run left %v behind", entries)
	}
}

func TestStaticRefusesToReplaceOtherFiles(t *testing.T) {
	dir := t.TempDir()
	precious := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(precious, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("static", dir, "--web", sitetest.Web(t))
	if code != 1 || !strings.Contains(errOut, "not a site written by partitionlab static") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if sitetest.ReadFile(t, precious) != "keep me" {
		t.Errorf("an unrelated file was changed")
	}
}

func TestStaticUsageErrors(t *testing.T) {
	web := sitetest.Web(t)
	cases := map[string][]string{
		"no directory":   {"static", "--web", web},
		"two outputs":    {"static", "a", "b", "--web", web},
		"bad base":       {"static", "out", "--base", "/a/../b/", "--web", web},
		"unknown flag":   {"static", "out", "--bsae", "/x/"},
		"base with hash": {"static", "out", "--base", "/a#b/", "--web", web},
	}
	for name, args := range cases {
		if code, out, _ := runCLI(args...); code != 2 || out != "" {
			t.Errorf("%s: exit %d, stdout %q; want 2 and nothing", name, code, out)
		}
	}
}

// The static command says where it wrote the site and for which base.
func TestStaticSaysWhatItWrote(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist")
	code, out, errOut := runCLI("static", dir, "--base", "partitionlab", "--web", sitetest.Web(t))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "/partitionlab/") || !strings.Contains(out, dir) {
		t.Errorf("output %q does not say where and for which base it wrote", out)
	}
}
