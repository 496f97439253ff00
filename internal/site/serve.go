package site

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// NewServer is the server of serve: the site at "/" from webDir, whose
// files' digest is version (see Version), with the security headers,
// compression and time-outs of a server facing any browser.
func NewServer(webDir, version string) *http.Server {
	return newHTTPServer(serveHandler(webDir, version), serveTimeouts())
}

// serveHandler is all that serve answers with, inside the middleware of
// newHTTPServer.
func serveHandler(webDir, version string) http.Handler {
	return withTransport(newServeMux(webDir, site{base: "/", version: version}), webDir, version)
}

// newServeMux serves the web directory under /web/ (app.wasm compressed
// when the browser accepts it) and every page through go-app.
func newServeMux(webDir string, s site) *http.ServeMux {
	mux := http.NewServeMux()
	files := http.StripPrefix("/web/", http.FileServer(http.Dir(webDir)))
	mux.HandleFunc("/web/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r) // no directory listings
			return
		}
		// The names do not change with the content: ask each time, and
		// take a 304 when it has not changed (withTransport may already
		// have said a versioned address can be kept for good).
		if w.Header().Get("Cache-Control") == "" {
			w.Header().Set("Cache-Control", "no-cache")
		}
		if r.URL.Path == "/web/app.wasm" {
			serveWasm(w, r, filepath.Join(webDir, "app.wasm"))
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("/web/lang/", serveLangBundle)
	// go-app answers these by fetching /web/NAME from the host the request
	// names, a request to any server a client cares to name: serve them
	// from the web directory instead.
	for _, name := range []string{"robots.txt", "sitemap.xml", "ads.txt"} {
		mux.HandleFunc("/"+name, func(w http.ResponseWriter, r *http.Request) {
			path := filepath.Join(webDir, name)
			if _, err := os.Stat(path); err != nil {
				http.NotFound(w, r)
				return
			}
			http.ServeFile(w, r, path)
		})
	}
	mux.Handle("/", s.pages())
	return mux
}

// wasmEncoding is a precompressed copy of app.wasm next to it.
type wasmEncoding struct{ name, suffix string }

// wasmEncodings lists the copies serve looks for, best first. make build
// writes app.wasm.gz; a brotli copy is used when someone provides it.
func wasmEncodings() []wasmEncoding {
	return []wasmEncoding{{"br", ".br"}, {"gzip", ".gz"}}
}

// serveWasm sends app.wasm, or a precompressed copy of it when the browser
// accepts that encoding and the copy is not older than the file. The
// uncompressed size goes in wasmLengthHeader for the loading progress.
func serveWasm(w http.ResponseWriter, r *http.Request, path string) {
	raw, err := os.Stat(path)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/wasm")
	h.Set(wasmLengthHeader, strconv.FormatInt(raw.Size(), 10))
	h.Add("Vary", "Accept-Encoding")
	for _, enc := range wasmEncodings() {
		if !acceptsEncoding(r.Header.Get("Accept-Encoding"), enc.name) {
			continue
		}
		f, err := os.Open(path + enc.suffix)
		if err != nil {
			continue
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.ModTime().Before(raw.ModTime()) {
			continue
		}
		h.Set("Content-Encoding", enc.name)
		http.ServeContent(w, r, "app.wasm", st.ModTime(), f)
		return
	}
	http.ServeFile(w, r, path)
}

// acceptsEncoding reads an Accept-Encoding header ("gzip, br;q=0.8").
func acceptsEncoding(header, name string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), name) {
			continue
		}
		q := strings.TrimSpace(params)
		if v, ok := strings.CutPrefix(q, "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil && f == 0 {
				return false
			}
		}
		return true
	}
	return false
}
