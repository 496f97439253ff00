//go:build !wasm

package main

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// placeholderHost is the host go-app is told a page was asked for. go-app
// writes the request's address into every page (og:url), quoting it its own
// way, so a raw `"` in a query could close the attribute: pages are
// rendered from the path alone and this host, which is then replaced by the
// site's own address. Nothing of a request but its path (a registered
// page's, or go-app answers 404) reaches the HTML.
const placeholderHost = "partitionlab.invalid"

// pages is go-app's handler, fed only the path of each request, with the
// site's address in place of the placeholder. Since a page then depends on
// its path alone, each is rendered once (go-app pre-renders the page,
// which takes up to 75 ms, on every request) and kept.
func (s site) pages() http.Handler {
	h := s.handler()
	placeholder := []byte("http://" + placeholderHost + "/")
	public := []byte(s.publicURL())
	var mu sync.Mutex
	rendered := map[string]*bufferedResponse{}
	render := func(r *http.Request) *bufferedResponse {
		clean := r.Clone(r.Context())
		clean.URL = &url.URL{Path: r.URL.Path}
		clean.RequestURI = clean.URL.RequestURI()
		clean.Host = placeholderHost
		var b bufferedResponse
		h.ServeHTTP(&b, clean)
		body := bytes.ReplaceAll(b.body.Bytes(), placeholder, public)
		if strings.HasPrefix(b.header.Get("Content-Type"), "text/html") {
			body = preloadWasm(sortAttributes(allowZoom(body)), s.base)
		}
		if r.URL.Path == "/app.js" {
			body = loaderScript(body)
		}
		b.body = *bytes.NewBuffer(body)
		b.header.Del("Content-Length")
		return b.withStatus()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		b := rendered[r.URL.Path]
		mu.Unlock()
		if b == nil {
			plain := r.Clone(r.Context())
			plain.Header.Del("If-None-Match") // render the page, not a 304
			b = render(plain)
			// Only pages that exist are kept: the map holds at most the
			// registered addresses, whatever paths are asked for.
			if b.code == http.StatusOK {
				mu.Lock()
				rendered[r.URL.Path] = b
				mu.Unlock()
			}
		}
		for k, v := range b.header {
			w.Header()[k] = v
		}
		if etag := b.header.Get("ETag"); etag != "" && r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.WriteHeader(b.code)
		w.Write(b.body.Bytes())
	})
}

// publicURL is where the site's root is: --url when given, else the base
// path, so a page's og:url never names the machine that wrote it.
func (s site) publicURL() string {
	if s.url != "" {
		return s.url
	}
	return s.base
}

// bufferedResponse holds a response so its body can be rewritten.
type bufferedResponse struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (b *bufferedResponse) Header() http.Header {
	if b.header == nil {
		b.header = http.Header{}
	}
	return b.header
}

func (b *bufferedResponse) WriteHeader(code int) {
	if b.code == 0 {
		b.code = code
	}
}

func (b *bufferedResponse) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}

func (b *bufferedResponse) status() int {
	if b.code == 0 {
		return http.StatusOK
	}
	return b.code
}

// withStatus fills in the status and the header map of a handler that set
// neither.
func (b *bufferedResponse) withStatus() *bufferedResponse {
	b.code = b.status()
	b.Header()
	return b
}

// goappViewport is the viewport go-app v9 writes into every page: it
// forbids zooming (maximum-scale=1, user-scalable=0), which people who
// need larger text rely on. It is rewritten here, in the HTML itself, so
// the page needs no inline script and a static copy is right without one.
const (
	goappViewport = `width=device-width, initial-scale=1, maximum-scale=1, user-scalable=0, viewport-fit=cover`
	zoomViewport  = `width=device-width, initial-scale=1, viewport-fit=cover`
)

// allowZoom rewrites go-app's viewport tag in an HTML page.
func allowZoom(page []byte) []byte {
	return bytes.ReplaceAll(page, []byte(goappViewport), []byte(zoomViewport))
}
