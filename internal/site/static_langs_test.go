package site

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/internal/site/sitetest"
)

// Each language's pages are written under its path, drawn in it, with
// hreflang links between them and a sitemap; the worker precaches each
// language's start page; and two builds are the same byte for byte.
func TestStaticWritesAPagePerLanguage(t *testing.T) {
	web := sitetest.Web(t)
	version, err := Version(web)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "dist")
	if _, err := WriteStatic(dir, web, "/lab/", "https://example.org/lab/", version); err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		for _, name := range []string{"index.html", "keys.html", "keys/index.html", "learn.html", "compare/index.html"} {
			if l != i18n.English {
				name = string(l) + "/" + name
			}
			page := sitetest.ReadFile(t, filepath.Join(dir, filepath.FromSlash(name)))
			for _, want := range []string{
				`<html lang="` + l.Tag() + `">`,
				"<title>" + html.EscapeString(c.T("site.title")) + "</title>",
				html.EscapeString(c.T("nav.keys")),
				`<link href="https://example.org/lab/" hreflang="x-default" rel="alternate">`,
				`<link href="https://example.org/lab/ko/" hreflang="ko" rel="alternate">`,
				`<link href="https://example.org/lab/pt/" hreflang="pt-BR" rel="alternate">`,
			} {
				if strings.HasPrefix(name, "keys") || strings.Contains(name, "/keys") {
					want = strings.Replace(want, "lab/ko/", "lab/ko/keys", 1)
					want = strings.Replace(want, "lab/pt/", "lab/pt/keys", 1)
					want = strings.Replace(want, `lab/" hreflang="x-default"`, `lab/keys" hreflang="x-default"`, 1)
				}
				if strings.Contains(name, "learn") || strings.Contains(name, "compare") {
					continue
				}
				if !strings.Contains(page, want) {
					t.Errorf("%s lacks %s", name, want)
				}
			}
			if l != i18n.English && (strings.Contains(page, "?lang=") || !strings.Contains(page, `href="/lab/`+string(l)+`/keys"`)) {
				t.Errorf("%s: its links do not keep the language as a path (/lab/%s/keys)", name, l)
			}
		}
	}
	if index := sitetest.ReadFile(t, filepath.Join(dir, "index.html")); !strings.Contains(index, `href="/lab/ko/"`) {
		t.Errorf("the English page's picker does not link to /lab/ko/")
	}
	sitemap := sitetest.ReadFile(t, filepath.Join(dir, "sitemap.xml"))
	for _, want := range []string{"<loc>https://example.org/lab/</loc>", "<loc>https://example.org/lab/ko/keys</loc>", `hreflang="fr" href="https://example.org/lab/fr/learn"`} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap.xml lacks %s", want)
		}
	}
	list, err := precacheList(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	if all := " " + strings.Join(list, " ") + " "; !strings.Contains(all, " /lab/ko/ ") || !strings.Contains(all, " /lab/pt/ ") {
		t.Errorf("the worker does not precache the language start pages: %v", list)
	}
	manifest := sitetest.ReadFile(t, filepath.Join(dir, manifestName))
	for _, name := range []string{"ko/index.html", "ko/keys.html", "fr/learn/index.html", "sitemap.xml"} {
		if !strings.Contains(manifest, "\n"+name+"\n") {
			t.Errorf("the manifest does not list %s", name)
		}
	}

	again := filepath.Join(t.TempDir(), "again")
	if _, err := WriteStatic(again, web, "/lab/", "https://example.org/lab/", version); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "ko/index.html", "pt/keys.html", "es/learn.html", "fr/compare.html", "sitemap.xml", manifestName} {
		a, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		b, _ := os.ReadFile(filepath.Join(again, filepath.FromSlash(name)))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs from one build to the next (%d and %d bytes)", name, len(a), len(b))
		}
	}
}
