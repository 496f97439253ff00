//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testWeb makes a web directory like make build's, with a stand-in app.wasm
// (the static command copies it, it never runs it) and the real CSS and icons.
func testWeb(t *testing.T) string {
	t.Helper()
	web := filepath.Join(t.TempDir(), "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir("web")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), "app.wasm") || strings.HasPrefix(e.Name(), "engine.wasm") {
			continue
		}
		if err := copyFile(filepath.Join("web", e.Name()), filepath.Join(web, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range map[string]string{"app.wasm": "\x00asm\x01\x00\x00\x00", "app.wasm.gz": "precompressed", "engine.wasm": "\x00asm\x01\x00\x00\x00"} {
		if err := os.WriteFile(filepath.Join(web, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return web
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestStaticWritesASiteThatWorksUnderASubPathAndOffline(t *testing.T) {
	web := testWeb(t)
	dir := filepath.Join(t.TempDir(), "dist")
	code, out, errOut := runCLI("static", dir, "--base", "partitionlab", "--web", web)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "/partitionlab/") {
		t.Errorf("output %q does not say which base it wrote for", out)
	}
	worker := filepath.Join(dir, "app-worker.js")
	list, err := precacheList(worker)
	if err != nil {
		t.Fatal(err)
	}
	// The GitHub Pages fix: the worker must precache the page at "/repo/".
	if !strings.Contains(strings.Join(list, " "), "/partitionlab/ ") {
		t.Errorf("precache list %q lacks /partitionlab/, so the site cannot start offline", list)
	}
	for _, u := range list {
		if !strings.HasPrefix(u, "/partitionlab") {
			t.Errorf("precached %s is outside the sub-path", u)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "web", "app.wasm.gz")); err == nil {
		t.Errorf("the precompressed copy meant for serve was published")
	}
	index := readFile(t, filepath.Join(dir, "index.html"))
	appJS := readFile(t, filepath.Join(dir, "app.js"))
	manifest := readFile(t, filepath.Join(dir, "manifest.webmanifest"))
	for name, body := range map[string]string{"index.html": index, "app.js": appJS, "manifest": manifest, "app-worker.js": readFile(t, worker)} {
		if strings.Contains(body, "githubusercontent") {
			t.Errorf("%s points at an external host; the site must be self-contained", name)
		}
	}
	if !strings.Contains(manifest, "/partitionlab/web/icon-512.png") || !strings.Contains(index, `href="/partitionlab/web/partitionlab.css"`) {
		t.Errorf("icons or CSS are not under the sub-path")
	}
	// Static hosts send no X-Wasm-Length, so the label shows no percentage.
	if !strings.Contains(appJS, `goappLoadingLabel = "Loading the app…: the page answers once it has loaded.";`) {
		t.Errorf("app.js loading label shows a progress number a static host would get wrong")
	}
	// The pages are pre-rendered: readable before app.wasm runs. The home
	// page is the simulator, with its scenario editor.
	if !strings.Contains(index, "<h1>Simulate</h1>") || !strings.Contains(index, `id="f-topic-partitions"`) {
		t.Errorf("index.html has no pre-rendered Simulate page")
	}
	if keys := readFile(t, filepath.Join(dir, "keys.html")); !strings.Contains(keys, "Key → partition") || !strings.Contains(keys, `id="result-table"`) {
		t.Errorf("keys.html has no pre-rendered Key → partition page")
	}
}

func TestStaticReplacesItsOwnOutputAtomically(t *testing.T) {
	web := testWeb(t)
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
	code, _, errOut := runCLI("static", dir, "--web", testWeb(t))
	if code != 1 || !strings.Contains(errOut, "not a site written by partitionlab static") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if readFile(t, precious) != "keep me" {
		t.Errorf("an unrelated file was changed")
	}
}

func TestStaticUsageErrors(t *testing.T) {
	web := testWeb(t)
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
