package site

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"

	"partitionlab/app/langbundle"
)

// The words of each language but English, one bundle each (app/langbundle):
// the browser's modules hold English's only, and a page in another
// language fetches its bundle at langbundle.BundlePath. serve answers them
// from the command's own catalogs, static writes them next to the web
// directory's files, each service worker keeps them for offline use, and
// the site's version covers them (a new translation is a new version).

// langBundle is one bundle as the site sends it.
type langBundle struct {
	body []byte
	etag string // a digest of body
}

// langBundles are the bundles by their path (/web/lang/ko.json).
var langBundles = sync.OnceValues(func() (map[string]langBundle, error) {
	out := map[string]langBundle{}
	for _, l := range otherLangs() {
		b, err := langbundle.Make(l)
		if err != nil {
			return nil, err
		}
		out[langbundle.BundlePath(l)] = langBundle{body: b, etag: fmt.Sprintf(`"%x"`, sha256.Sum256(b))}
	}
	return out, nil
})

// bundleResources are the bundles' paths, for the service workers'
// precache lists.
func bundleResources() []string {
	var paths []string
	for _, l := range otherLangs() {
		paths = append(paths, langbundle.BundlePath(l))
	}
	return paths
}

// serveLangBundle answers a bundle's path (under /web/lang/).
func serveLangBundle(w http.ResponseWriter, r *http.Request) {
	bundles, err := langBundles()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	b, ok := bundles[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", revalidate)
	}
	h.Set("ETag", b.etag)
	http.ServeContent(w, r, path.Base(r.URL.Path), time.Time{}, bytes.NewReader(b.body))
}

// writeLangBundles writes the bundles into the static site in dir and
// returns their paths, relative to it.
func writeLangBundles(dir string) ([]string, error) {
	bundles, err := langBundles()
	if err != nil {
		return nil, err
	}
	var written []string
	for p, b := range bundles {
		rel := p[1:]
		to := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(to, b.body, 0o644); err != nil {
			return nil, fmt.Errorf("writing %s: %w", rel, err)
		}
		written = append(written, rel)
	}
	return written, nil
}
