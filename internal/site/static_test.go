package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

// writeStatic writes the static site for base, as the static command does.
func writeStatic(t *testing.T, dir, web, base string) {
	t.Helper()
	version, err := Version(web)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteStatic(dir, web, base, "", version); err != nil {
		t.Fatal(err)
	}
}

func TestStaticWritesASiteThatWorksUnderASubPathAndOffline(t *testing.T) {
	web := sitetest.Web(t)
	dir := filepath.Join(t.TempDir(), "dist")
	writeStatic(t, dir, web, "/partitionlab/")
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
	index := sitetest.ReadFile(t, filepath.Join(dir, "index.html"))
	appJS := sitetest.ReadFile(t, filepath.Join(dir, "app.js"))
	manifest := sitetest.ReadFile(t, filepath.Join(dir, "manifest.webmanifest"))
	for name, body := range map[string]string{"index.html": index, "app.js": appJS, "manifest": manifest, "app-worker.js": sitetest.ReadFile(t, worker)} {
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
	if keys := sitetest.ReadFile(t, filepath.Join(dir, "keys.html")); !strings.Contains(keys, "Key → partition") || !strings.Contains(keys, `id="result-table"`) {
		t.Errorf("keys.html has no pre-rendered Key → partition page")
	}
}
