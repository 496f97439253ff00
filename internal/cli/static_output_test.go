package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

// TestStaticKeepsWhatItDidNotWrite: a re-run wiped any directory holding an
// app-worker.js, deleting a CNAME the user had added.
func TestStaticKeepsWhatItDidNotWrite(t *testing.T) {
	web := sitetest.Web(t)
	dir := filepath.Join(t.TempDir(), "dist")
	static := func() (int, string) {
		code, _, errOut := runCLI("static", dir, "--web", web)
		return code, errOut
	}
	if code, errOut := static(); code != 0 {
		t.Fatal(errOut)
	}
	os.WriteFile(filepath.Join(dir, "CNAME"), []byte("lab.example.com\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "docs"), 0o755)
	os.WriteFile(filepath.Join(dir, "docs", "notes.md"), []byte("mine"), 0o600)
	// A file the previous run wrote and this one does not is dropped.
	os.WriteFile(filepath.Join(web, "old.css"), []byte("a{}"), 0o644)
	if code, errOut := static(); code != 0 {
		t.Fatal(errOut)
	}
	os.Remove(filepath.Join(web, "old.css"))
	if code, errOut := static(); code != 0 {
		t.Fatal(errOut)
	}
	if sitetest.ReadFile(t, filepath.Join(dir, "CNAME")) != "lab.example.com\n" || sitetest.ReadFile(t, filepath.Join(dir, "docs", "notes.md")) != "mine" {
		t.Errorf("the user's files did not survive a re-run")
	}
	if st, _ := os.Stat(filepath.Join(dir, "docs", "notes.md")); st.Mode().Perm() != 0o600 {
		t.Errorf("a kept file's mode changed to %v", st.Mode().Perm())
	}
	if _, err := os.Stat(filepath.Join(dir, "web", "old.css")); err == nil {
		t.Errorf("a file the previous run wrote, and this one does not, was kept")
	}
	manifest := sitetest.ReadFile(t, filepath.Join(dir, staticManifest))
	if !strings.Contains(manifest, "\nweb/app.wasm\n") || strings.Contains(manifest, "CNAME") {
		t.Errorf("the manifest does not list exactly what static wrote:\n%s", manifest)
	}

	// A user's file with the name of one static writes is not overwritten.
	os.Remove(filepath.Join(dir, "404.html"))
	manifestWithout404 := strings.Replace(manifest, "404.html\n", "", 1)
	os.WriteFile(filepath.Join(dir, staticManifest), []byte(manifestWithout404), 0o644)
	os.WriteFile(filepath.Join(dir, "404.html"), []byte("my own 404"), 0o644)
	if code, errOut := static(); code != 1 || !strings.Contains(errOut, "404.html was not written by partitionlab static") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	if sitetest.ReadFile(t, filepath.Join(dir, "404.html")) != "my own 404" {
		t.Errorf("the user's 404.html was overwritten")
	}
}

// TestStaticRefusesAnotherAppsSite: holding an app-worker.js used to be
// enough to be wiped.
func TestStaticRefusesAnotherAppsSite(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "app-worker.js"), []byte("another go-app site"), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("theirs"), 0o644)
	code, _, errOut := runCLI("static", dir, "--web", sitetest.Web(t))
	if code != 1 || !strings.Contains(errOut, "has no .partitionlab-static") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	if sitetest.ReadFile(t, filepath.Join(dir, "index.html")) != "theirs" {
		t.Errorf("another site was replaced")
	}
}

// TestStaticRefusesADirInsideWeb: the site used to grow at each run, copying
// itself into itself.
func TestStaticRefusesADirInsideWeb(t *testing.T) {
	web := sitetest.Web(t)
	for _, dir := range []string{filepath.Join(web, "site"), web, filepath.Join(web, "a", "b")} {
		code, _, errOut := runCLI("static", dir, "--web", web)
		if code != 2 || !strings.Contains(errOut, "is inside --web") {
			t.Errorf("%s: exit %d, %q", dir, code, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(web, "site")); err == nil {
		t.Errorf("something was written inside --web")
	}
}

// TestStaticPagesOpenAtEveryAddressAndNameNoMachine: static wrote keys.html
// only (a 404 on hosts that serve keys/index.html for /keys/), and every
// page carried og:url http://127.0.0.1:<random port>/, so two builds
// differed.
func TestStaticPagesOpenAtEveryAddressAndNameNoMachine(t *testing.T) {
	web := sitetest.Web(t)
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	for _, dir := range []string{a, b} {
		if code, _, errOut := runCLI("static", dir, "--base", "/lab/", "--url", "https://example.org/lab/", "--web", web); code != 0 {
			t.Fatal(errOut)
		}
	}
	files := 0
	filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		rel, _ := filepath.Rel(a, path)
		x, y := sitetest.ReadFile(t, path), sitetest.ReadFile(t, filepath.Join(b, rel))
		if x != y {
			t.Errorf("two builds of the same sources differ in %s", rel)
		}
		if regexp.MustCompile(`127\.0\.0\.1|localhost|\[::1\]|partitionlab\.invalid`).MatchString(x) {
			t.Errorf("%s names a loopback or placeholder address", rel)
		}
		return nil
	})
	if files < 15 {
		t.Fatalf("only %d files written", files)
	}
	for page, names := range map[string][]string{"": {"index.html", "404.html"}, "keys": {"keys.html", "keys/index.html"},
		"learn": {"learn.html", "learn/index.html"}, "compare": {"compare.html", "compare/index.html"}} {
		first := sitetest.ReadFile(t, filepath.Join(a, names[0]))
		if !strings.Contains(first, `<meta content="https://example.org/lab/`+page+`" property="og:url">`) {
			t.Errorf("%s: no og:url https://example.org/lab/%s", names[0], page)
		}
		for _, n := range names[1:] {
			if !bytes.Equal([]byte(first), []byte(sitetest.ReadFile(t, filepath.Join(a, n)))) {
				t.Errorf("%s differs from %s", n, names[0])
			}
		}
	}
	// Without --url, og:url is the page's path under the base.
	c := filepath.Join(t.TempDir(), "c")
	runCLI("static", c, "--base", "/lab/", "--web", web)
	if keys := sitetest.ReadFile(t, filepath.Join(c, "keys", "index.html")); !strings.Contains(keys, `<meta content="/lab/keys" property="og:url">`) {
		t.Errorf("without --url, og:url is not /lab/keys")
	}
}

func TestStaticURLMustMatchTheBase(t *testing.T) {
	web := sitetest.Web(t)
	for _, u := range []string{"https://example.org/other/", "ftp://example.org/", "https://example.org/?a=1", "example.org"} {
		code, _, errOut := runCLI("static", filepath.Join(t.TempDir(), "d"), "--base", "/lab/", "--url", u, "--web", web)
		if code != 2 || !strings.Contains(errOut, "--url") {
			t.Errorf("--url %s: exit %d, %q", u, code, errOut)
		}
	}
}

// staticManifest is the file in which static lists what it wrote
// (internal/site's manifestName): a test that edits it reads it by name.
const staticManifest = ".partitionlab-static"
