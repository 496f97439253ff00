package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

// The static site works offline in Korean: its service worker precaches
// the two Hangul faces hangul.css declares (under the site's base), the
// faces and their licence are in the output, and every page links the
// faces' CSS.
func TestStaticSitePrecachesTheHangulFont(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist")
	writeStatic(t, dir, sitetest.Web(t), "/partitionlab/")
	precached, err := precacheList(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range hangulFonts {
		font := "/partitionlab" + f
		if !slices.ContainsFunc(precached, func(u string) bool { return strings.HasPrefix(u, font) }) {
			t.Errorf("the service worker does not precache %s: %v", font, precached)
		}
	}
	for _, name := range []string{"web/NotoSansKR-Hangul.woff2", "web/NotoSansKR-Hangul-more.woff2", "web/NotoSansKR-Hangul-OFL.txt", "web/hangul.css"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("the site lacks %s", name)
		}
	}
	css := sitetest.ReadFile(t, filepath.Join(dir, "web", "hangul.css"))
	if !strings.Contains(css, `url("NotoSansKR-Hangul.woff2")`) || !strings.Contains(css, `url("NotoSansKR-Hangul-more.woff2")`) || strings.Count(css, "unicode-range: U+") != 2 {
		t.Errorf("hangul.css does not declare both faces by a relative address, each with a unicode-range:\n%.600s", css)
	}
	for _, page := range []string{"index.html", "learn.html"} {
		if html := sitetest.ReadFile(t, filepath.Join(dir, page)); !strings.Contains(html, `href="/partitionlab/web/hangul.css"`) {
			t.Errorf("%s does not link hangul.css", page)
		}
	}
}
