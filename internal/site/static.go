package site

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"partitionlab/app"
)

// WriteStatic writes the site into dir as a static site served under base
// ("/" or "/repo/", see NormalizeBase) at the public address url (see
// PublicURL; "" when unknown), from webDir, whose files' digest is version
// (see Version), and returns how many files it wrote. dir is replaced
// whole or not at all; files in it that an earlier run did not write are
// kept, and a dir that holds files but no manifest of an earlier run is
// refused.
func WriteStatic(dir, webDir, base, url, version string) (int, error) {
	previous, err := previousOutput(dir)
	if err != nil {
		return 0, err
	}
	s := site{base: base, static: true, version: version, url: url}
	return writeAtomically(dir, func(tmp string) (int, error) {
		written, err := writeSite(tmp, webDir, s)
		if err != nil {
			return 0, err
		}
		if err := keepOthers(dir, tmp, previous, written); err != nil {
			return 0, err
		}
		return len(written), writeManifest(tmp, written)
	})
}

// writeSite writes the pages and the web assets into dir and returns the
// paths it wrote (slash-separated, sorted). It checks that every file
// each service worker (the app's and the embed's) precaches is there: one
// missing file makes the worker's install fail, silently, and the site
// never works offline.
func writeSite(dir, webDir string, s site) ([]string, error) {
	written, err := writePages(dir, s)
	if err != nil {
		return nil, fmt.Errorf("generating pages: %w", err)
	}
	sitemap, err := writeSitemap(dir, s)
	if err != nil {
		return nil, err
	}
	written = append(written, sitemap)
	err = walkWebFiles(webDir, func(rel, path string) error {
		written = append(written, "web/"+rel)
		return copyFile(path, filepath.Join(dir, "web", filepath.FromSlash(rel)))
	})
	if err != nil {
		return nil, fmt.Errorf("copying %s: %w", webDir, err)
	}
	bundles, err := writeLangBundles(dir)
	if err != nil {
		return nil, err
	}
	written = append(written, bundles...)
	for _, worker := range []string{"/app-worker.js", embedWorkerPath} {
		if err := checkPrecached(dir, worker, s.base); err != nil {
			return nil, err
		}
	}
	sort.Strings(written)
	return written, nil
}

// checkPrecached checks that the site in dir holds every file the service
// worker at worker (a path of the site's root) precaches.
func checkPrecached(dir, worker, base string) error {
	precached, err := precacheList(filepath.Join(dir, filepath.FromSlash(worker)))
	if err != nil {
		return err
	}
	for _, u := range precached {
		u, _, _ = strings.Cut(u, "?") // a version query: the file is the same
		if u+"/" == base {
			u = base
		}
		rel, ok := strings.CutPrefix(u, base)
		if !ok {
			return fmt.Errorf("the service worker %s precaches %s, outside the base %s", worker, u, base)
		}
		if rel == "" || strings.HasSuffix(rel, "/") {
			rel += "index.html"
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			return fmt.Errorf("the service worker %s precaches %s but the site has no %s, so it would not work offline", worker, u, rel)
		}
	}
	return nil
}

// staticFiles maps the paths go-app answers to the files of a static site.
// A page is written at each address a static host may give it: keys.html
// (GitHub Pages serves it for /keys), keys/index.html (python's
// http.server, nginx and S3 serve it for /keys/), and the start page also
// as 404.html, the fallback GitHub Pages serves for any other address.
func staticFiles() map[string][]string {
	files := map[string][]string{
		"/":                     {"index.html", "404.html"},
		"/app.css":              {"app.css"},
		"/app.js":               {"app.js"},
		"/app-worker.js":        {"app-worker.js"},
		"/manifest.webmanifest": {"manifest.webmanifest"},
		"/wasm_exec.js":         {"wasm_exec.js"},
		embedWorkerPath:         {strings.TrimPrefix(embedWorkerPath, "/")},
	}
	for _, p := range app.PagePaths() {
		if p != "/" {
			name := strings.TrimPrefix(p, "/")
			files[p] = []string{name + ".html", name + "/index.html"}
		}
	}
	for p, names := range langFiles() {
		files[p] = names
	}
	return files
}

// writePages asks the site's handler for each of staticFiles and writes
// the answers, as they would be served.
func writePages(dir string, s site) ([]string, error) {
	h := s.pages()
	var written []string
	for path, names := range staticFiles() {
		req, err := http.NewRequest(http.MethodGet, "http://"+placeholderHost+path, nil)
		if err != nil {
			return nil, err
		}
		var res bufferedResponse
		h.ServeHTTP(&res, req)
		if res.status() != http.StatusOK {
			return nil, fmt.Errorf("%s: status %d", path, res.status())
		}
		for _, name := range names {
			to := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(to, res.body.Bytes(), 0o644); err != nil {
				return nil, err
			}
			written = append(written, name)
		}
	}
	return written, nil
}

// precacheList reads the resourcesToCache array go-app writes into its
// service worker.
func precacheList(worker string) ([]string, error) {
	b, err := os.ReadFile(worker)
	if err != nil {
		return nil, err
	}
	const marker = "const resourcesToCache = "
	_, after, ok := strings.Cut(string(b), marker)
	line, _, _ := strings.Cut(after, ";\n")
	var list []string
	if !ok || json.Unmarshal([]byte(line), &list) != nil {
		return nil, fmt.Errorf("%s: no resourcesToCache list found", worker)
	}
	return list, nil
}

// writeAtomically lets fill write into a new directory next to dir, then
// puts it in dir's place, so a failure leaves dir as it was and never half
// written.
func writeAtomically(dir string, fill func(tmp string) (int, error)) (n int, err error) {
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	if n, err = fill(tmp); err != nil {
		return 0, err
	}
	if _, statErr := os.Stat(dir); statErr == nil {
		old := tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return 0, err
		}
		if err := os.Rename(tmp, dir); err != nil {
			os.Rename(old, dir)
			return 0, err
		}
		return n, os.RemoveAll(old)
	}
	return n, os.Rename(tmp, dir)
}

func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
