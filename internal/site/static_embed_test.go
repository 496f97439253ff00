package site

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

// The static site holds the embed at the addresses a static host gives
// it, without the app's navigation, and the service worker precaches the
// address its snippets use, so an embed opens offline.
func TestStaticWritesTheEmbed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist")
	writeStatic(t, dir, sitetest.Web(t), "/partitionlab/")
	for _, name := range []string{"embed.html", "embed/index.html"} {
		page := sitetest.ReadFile(t, filepath.Join(dir, filepath.FromSlash(name)))
		if !strings.Contains(page, `id="embed"`) || strings.Contains(page, `id="nav-simulate"`) {
			t.Errorf("%s is not the embed alone", name)
		}
	}
	list, err := precacheList(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(list, "/partitionlab/embed/") {
		t.Errorf("the service worker precaches %q, not /partitionlab/embed/", list)
	}
}
