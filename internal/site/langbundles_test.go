package site

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/langbundle"
	"partitionlab/internal/site/sitetest"
)

// serve answers each language's bundle with words a page installs, as
// JSON; English, which every module holds, and any other name are not
// found. A page that has the bundle already gets a 304.
func TestServeSendsEachLanguagesWords(t *testing.T) {
	mux := newServeMux(t.TempDir(), site{base: "/", version: "v1"})
	for _, l := range otherLangs() {
		res := get(t, mux, langbundle.BundlePath(l), "")
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: %d, %s", l, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if err := langbundle.Install(l, body); err != nil {
			t.Errorf("%s: the bundle served does not install: %v", l, err)
		}
		req := httptest.NewRequest(http.MethodGet, langbundle.BundlePath(l), nil)
		req.Header.Set("If-None-Match", res.Header.Get("ETag"))
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified {
			t.Errorf("%s asked again with its ETag: %d, want 304", l, rec.Code)
		}
	}
	for _, p := range []string{"/web/lang/en.json", "/web/lang/xx.json", "/web/lang/"} {
		if res := get(t, mux, p, ""); res.StatusCode != 404 {
			t.Errorf("%s answered %d, want 404", p, res.StatusCode)
		}
	}
}

// The static site holds every bundle its service workers precache (the
// app's and the embed's), each the same bytes serve sends.
func TestStaticWritesEachLanguagesWords(t *testing.T) {
	web := sitetest.Web(t)
	dir := filepath.Join(t.TempDir(), "dist")
	writeStatic(t, dir, web, "/partitionlab/")
	bundles, err := langBundles()
	if err != nil {
		t.Fatal(err)
	}
	for _, worker := range []string{"app-worker.js", strings.TrimPrefix(embedWorkerPath, "/")} {
		list, err := precacheList(filepath.Join(dir, filepath.FromSlash(worker)))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range otherLangs() {
			p := "/partitionlab" + langbundle.BundlePath(l)
			if !strings.Contains(" "+strings.Join(list, " ")+" ", " "+p+" ") {
				t.Errorf("%s does not precache %s: a page in %s would not open offline", worker, p, l.Name())
			}
		}
	}
	for _, l := range otherLangs() {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(langbundle.BundlePath(l))))
		if err != nil || !bytes.Equal(b, bundles[langbundle.BundlePath(l)].body) {
			t.Errorf("%s's bundle in the static site: %v, %d bytes", l, err, len(b))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "web", "lang", string(i18n.English)+".json")); err == nil {
		t.Error("the static site holds an English bundle, which no page reads")
	}
}
