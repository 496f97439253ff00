package site

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app"
	"partitionlab/app/i18n"
)

// placeholderHost is the host go-app is told a page was asked for. go-app
// writes the request's address into every page (og:url), quoting it its own
// way, so a raw `"` in a query could close the attribute: pages are
// rendered from the path alone and this host, which is then replaced by the
// site's own address. Nothing of a request but its path (a registered
// page's, or go-app answers 404) reaches the HTML.
const placeholderHost = "partitionlab.invalid"

// pages is go-app's handler, fed only the path of each request and the
// language its ?lang= names (the app's own reading of it, i18n.Parse), with
// the site's address in place of the placeholder. Since a page then depends
// on its path and language alone, each is rendered once (go-app
// pre-renders the page, which takes up to 75 ms, on every request) and
// kept: at most the registered addresses times the five languages,
// whatever paths and queries are asked for.
//
// A page asked in a language other than English is rendered in it: go-app's
// handler for that language writes <html lang>, the title, the description
// and the loading label, and app.PrerenderIn draws the body (the header,
// the page, the Simulate page's results and charts) in it. go-app's own
// files (app.js, the worker, the manifest) are the same in every language
// and come from English's handler. The language is read from the address
// alone, never from Accept-Language: the page at an address is always the
// same, so no response varies with a header and the service worker's cache
// holds one page per address (README, "serve and static").
func (s site) pages() http.Handler {
	placeholder := []byte("http://" + placeholderHost + "/")
	public := []byte(s.publicURL())
	var mu sync.Mutex
	// The embed's pages are drawn by a handler of their own (its style
	// sheets differ), by language.
	type handlerKey struct {
		lang  i18n.Lang
		embed bool
	}
	handlers := map[handlerKey]*goapp.Handler{}
	handlerIn := func(l i18n.Lang, embed bool) *goapp.Handler {
		mu.Lock()
		defer mu.Unlock()
		k := handlerKey{l, embed}
		if handlers[k] == nil {
			if embed {
				handlers[k] = s.embedHandlerIn(l)
			} else {
				handlers[k] = s.handlerIn(l)
			}
		}
		return handlers[k]
	}
	type key struct {
		path string
		lang i18n.Lang
	}
	rendered := map[key]*bufferedResponse{}
	render := func(r *http.Request, l i18n.Lang) *bufferedResponse {
		if r.URL.Path == embedWorkerPath {
			return s.serveEmbedWorker()
		}
		embed := isEmbed(r)
		clean := r.Clone(r.Context())
		clean.URL = &url.URL{Path: r.URL.Path}
		_, page, inPath := app.SplitLangPath(r.URL.Path)
		if l != i18n.English && !inPath {
			clean.URL.RawQuery = "lang=" + string(l) // the page's og:url names its language
		}
		clean.RequestURI = clean.URL.RequestURI()
		clean.Host = placeholderHost
		clean.Header.Del("If-None-Match") // render the page, not a 304
		var b bufferedResponse
		h := handlerIn(l, embed)
		app.PrerenderAt(l, inPath || s.static, func() { h.ServeHTTP(&b, clean) })
		body := b.body.Bytes()
		if s.static && isHTML(&b) {
			body = withAlternates(body, page)
		}
		body = bytes.ReplaceAll(body, placeholder, public)
		if isHTML(&b) {
			module := appModule
			if embed {
				module = embedModule
			}
			body = preloadWasm(sortAttributes(allowZoom(body)), s.resolve(module))
		}
		if r.URL.Path == "/app.js" {
			body = s.loaderScript(body)
		}
		b.body = *bytes.NewBuffer(body)
		b.header.Del("Content-Length")
		return b.withStatus()
	}
	get := func(r *http.Request, l i18n.Lang) *bufferedResponse {
		k := key{r.URL.Path, l}
		mu.Lock()
		b := rendered[k]
		mu.Unlock()
		if b == nil {
			b = render(r, l)
			// Only pages that exist are kept: the map holds at most the
			// registered addresses in each language.
			if b.code == http.StatusOK {
				mu.Lock()
				rendered[k] = b
				mu.Unlock()
			}
		}
		return b
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b *bufferedResponse
		if l, _, inPath := app.SplitLangPath(r.URL.Path); inPath {
			b = get(r, l) // a page in l's path (/ko/keys) is in l
		} else if b = get(r, i18n.English); b.code == http.StatusOK && isHTML(b) {
			if l := requestLang(r); l != i18n.English {
				b = get(r, l)
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

// requestLang is the language a request's ?lang= names, as the app reads
// it (app/locale.go), English when it names none the app speaks.
func requestLang(r *http.Request) i18n.Lang {
	l, _ := i18n.Parse(r.URL.Query().Get("lang"))
	return l
}

// isHTML reports whether a response is a page.
func isHTML(b *bufferedResponse) bool {
	return strings.HasPrefix(b.Header().Get("Content-Type"), "text/html")
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
