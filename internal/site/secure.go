package site

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"partitionlab/app"
)

// contentSecurityPolicy allows what the app needs and nothing else: its own
// scripts (go-app's app.js and wasm_exec.js, and the inline scripts the
// handler adds to the head, by their hashes), compiling WebAssembly
// ('wasm-unsafe-eval', not 'unsafe-eval'), inline style attributes (the
// charts and the key colours set them), images drawn as data: and blob:
// URLs (chart downloads), its workers and manifest, and no framing by other
// sites. The embed's page (embedPolicy) differs only in who may frame it.
func contentSecurityPolicy() string {
	scripts := []string{"'self'", "'wasm-unsafe-eval'"}
	for _, raw := range (site{base: "/"}).handler().RawHeaders {
		for _, m := range inlineScript.FindAllStringSubmatch(raw, -1) {
			sum := sha256.Sum256([]byte(m[1]))
			scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"connect-src 'self' blob:", // a page reads back a report it made
		"worker-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// embedPolicy is the embed page's policy: any site may frame it (that is
// what it is for), and it keeps every other rule of the app's.
func embedPolicy(csp string) string {
	return strings.Replace(csp, "frame-ancestors 'none'", "frame-ancestors *", 1)
}

// isEmbed reports whether a request is for the embed page, at any of the
// addresses it answers (app.EmbedPaths), with or without a query.
func isEmbed(r *http.Request) bool {
	return slices.Contains(app.EmbedPaths(), r.URL.Path)
}

var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// middleware wraps a handler; serve applies a list of them in order, the
// first outermost, so another concern (compression, say) is one more entry.
type middleware func(http.Handler) http.Handler

// serveMiddleware is what every response of serve goes through.
func serveMiddleware() []middleware {
	return []middleware{onlyGetAndHead, securityHeaders}
}

func chain(h http.Handler, ms []middleware) http.Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

// onlyGetAndHead answers 405 to any other method: the app only reads.
func onlyGetAndHead(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed: this server only answers GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// securityHeaders sets the headers that keep a browser from reading a
// response as another type, from sending the page's address (a shared
// link's scenario is in it) to other sites, and from framing the app: the
// embed's page alone may be framed, by any site.
func securityHeaders(next http.Handler) http.Handler {
	csp := contentSecurityPolicy()
	embed := embedPolicy(csp)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if isEmbed(r) {
			h.Set("Content-Security-Policy", embed)
		} else {
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Frame-Options", "DENY") // frame-ancestors for older browsers
		}
		next.ServeHTTP(w, r)
	})
}

// timeouts bound how long a connection may hold the server: waiting for
// headers, for the whole request, for the response to be taken (app.wasm is
// megabytes on a slow link), and idle between requests.
type timeouts struct{ header, read, write, idle time.Duration }

func serveTimeouts() timeouts {
	return timeouts{header: 10 * time.Second, read: 30 * time.Second, write: 5 * time.Minute, idle: time.Minute}
}

// newHTTPServer is serve's server: h behind every middleware, with t.
func newHTTPServer(h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Handler:           chain(h, serveMiddleware()),
		ReadHeaderTimeout: t.header,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    64 << 10,
	}
}
