package site

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

// The static site holds the embed at the addresses a static host gives
// it, without the app's navigation. The embed's own service worker, in
// the embed's directory (whose pages it controls), precaches the address
// its snippets use and every file the embed's page asks for: its module,
// never app.wasm. The app's worker keeps neither the embed's page nor its
// module.
func TestStaticWritesTheEmbed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist")
	writeStatic(t, dir, sitetest.Web(t), "/partitionlab/")
	page := ""
	for _, name := range []string{"embed.html", "embed/index.html"} {
		page = sitetest.ReadFile(t, filepath.Join(dir, filepath.FromSlash(name)))
		if !strings.Contains(page, `id="embed"`) || strings.Contains(page, `id="nav-simulate"`) {
			t.Errorf("%s is not the embed alone", name)
		}
	}
	embedList, err := precacheList(filepath.Join(dir, "embed", "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/partitionlab/embed/", "/partitionlab/web/embed.wasm", "/partitionlab/app.js"} {
		if !slices.Contains(embedList, want) {
			t.Errorf("the embed's worker precaches %q, not %s", embedList, want)
		}
	}
	head, _, _ := strings.Cut(page, "</head>")
	address := regexp.MustCompile(`(?:href|src)="(/partitionlab/[^"]*)"`)
	for _, tag := range regexp.MustCompile(`<(?:link|script) [^>]*>`).FindAllString(head, -1) {
		m := address.FindStringSubmatch(tag)
		if m == nil || strings.Contains(tag, `rel="alternate"`) { // the page in other languages
			continue
		}
		if !slices.Contains(embedList, m[1]) {
			t.Errorf("the embed's page asks for %s, which its worker does not precache", m[1])
		}
	}
	appList, err := precacheList(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range embedList {
		if strings.Contains(u, "learn.css") || strings.Contains(u, "app.wasm") || strings.Contains(u, "/ko/") {
			t.Errorf("the embed's worker precaches %s, which the embed does not need", u)
		}
	}
	for _, u := range appList {
		if strings.Contains(u, "embed.wasm") || strings.Contains(u, "/embed/") {
			t.Errorf("the app's worker precaches %s, the embed's", u)
		}
	}
}

// The two service workers share an origin: each names its cache and, when
// it activates, deletes only its own older caches, never the other's. The
// embed's worker stands in offline with the embed's page, the app's with
// a start page. If go-app's worker changed these lines, this fails.
func TestTheTwoWorkersKeepToTheirOwnCaches(t *testing.T) {
	s := site{base: "/lab/", version: "v3"}
	mux := newServeMux(sitetest.Web(t), s)
	res := get(t, mux, "/embed/app-worker.js", "")
	embed := string(decode(t, res))
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/javascript") {
		t.Fatalf("/embed/app-worker.js answered %d, %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	app := string(decode(t, get(t, mux, "/app-worker.js", "")))
	for name, c := range map[string]struct{ worker, prefix, start string }{
		"app":   {app, appCache, `caches.match("/lab/")`},
		"embed": {embed, embedCache, `const langStart = (path) => "/lab/embed/";`},
	} {
		for _, want := range []string{
			`const cacheName = "` + c.prefix + `" + "v3";`,
			`if (key !== cacheName && key.startsWith("` + c.prefix + `")) {`,
			"ignoreSearch", c.start,
		} {
			if !strings.Contains(c.worker, want) {
				t.Errorf("the %s worker lacks %s", name, want)
			}
		}
		if strings.Contains(c.worker, goappDeleteOthers) {
			t.Errorf("the %s worker deletes every other cache", name)
		}
	}
}
