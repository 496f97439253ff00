package site

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"partitionlab/internal/site/sitetest"
)

// testServer is serve's whole handler chain over a test web directory.
func testServer(t *testing.T) http.Handler {
	t.Helper()
	return newHTTPServer(serveHandler(sitetest.Web(t), "test"), serveTimeouts()).Handler
}

func do(h http.Handler, method, target string, header http.Header) *http.Response {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// TestServeReflectsNothingOfTheRequest: go-app wrote the request's address
// into og:url with Go quoting, so a raw `"` in the query closed the
// attribute and put markup in the page.
func TestServeReflectsNothingOfTheRequest(t *testing.T) {
	h := testServer(t)
	const marker = "zq7marker"
	for _, target := range []string{
		`/?a="><script>alert(1)</script>` + marker,
		`/keys?x=` + marker + `"onload="alert(1)`,
		`/learn?lesson=` + marker + `#frag`,
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.RawQuery = strings.SplitN(target, "?", 2)[1]
		req.URL.Path = strings.SplitN(target, "?", 2)[0]
		req.Host = `evil.example"><script>` + marker
		req.Header.Set("X-Forwarded-Host", marker)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", target, rec.Code)
		}
		if strings.Contains(body, marker) || strings.Contains(body, "evil.example") {
			t.Errorf("%s: the page repeats part of the request", target)
		}
		if !strings.Contains(body, `<meta content="/`) || !strings.Contains(body, `property="og:url"`) {
			t.Errorf("%s: og:url is not the page's own path", target)
		}
	}
}

// TestServeSendsSecurityHeaders: no Content-Security-Policy, nosniff,
// Referrer-Policy or frame-ancestors were sent, and /web/* had no
// Cache-Control.
func TestServeSendsSecurityHeaders(t *testing.T) {
	h := testServer(t)
	for _, path := range []string{"/", "/keys", "/app.js", "/web/partitionlab.css", "/web/app.wasm", "/nope"} {
		res := do(h, http.MethodGet, path, nil)
		want := map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "no-referrer",
		}
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("%s: %s = %q, want %q", path, k, got, v)
			}
		}
		csp := res.Header.Get("Content-Security-Policy")
		for _, d := range []string{"frame-ancestors 'none'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'"} {
			if !strings.Contains(csp, d) {
				t.Errorf("%s: the Content-Security-Policy %q lacks %s", path, csp, d)
			}
		}
		if strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("%s: the policy allows eval", path)
		}
		if strings.HasPrefix(path, "/web/") && res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: Cache-Control %q", path, res.Header.Get("Cache-Control"))
		}
	}
}

// TestServeAnswersOnlyGetAndHead: every method was answered 200.
func TestServeAnswersOnlyGetAndHead(t *testing.T) {
	h := testServer(t)
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions, "PROPFIND"} {
		for _, path := range []string{"/", "/web/icon.svg", "/app-worker.js"} {
			res := do(h, m, path, nil)
			if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: %d, Allow %q; want 405, GET, HEAD", m, path, res.StatusCode, res.Header.Get("Allow"))
			}
		}
	}
	for _, m := range []string{http.MethodGet, http.MethodHead} {
		if res := do(h, m, "/keys", nil); res.StatusCode != http.StatusOK {
			t.Errorf("%s /keys: %d", m, res.StatusCode)
		}
	}
}

// TestServeHasTimeouts: only the header time-out was set, so idle and
// slow-body connections were held forever.
func TestServeHasTimeouts(t *testing.T) {
	real := newHTTPServer(http.NotFoundHandler(), serveTimeouts())
	if real.ReadHeaderTimeout <= 0 || real.ReadTimeout <= 0 || real.WriteTimeout <= 0 || real.IdleTimeout <= 0 {
		t.Fatalf("serve's time-outs: header %v, read %v, write %v, idle %v", real.ReadHeaderTimeout, real.ReadTimeout, real.WriteTimeout, real.IdleTimeout)
	}
	if real.WriteTimeout < 2*time.Minute {
		t.Errorf("a write time-out of %v cuts app.wasm off on a slow link", real.WriteTimeout)
	}
	// The same server with short time-outs, to watch them act.
	short := timeouts{header: 300 * time.Millisecond, read: 300 * time.Millisecond, write: time.Second, idle: 300 * time.Millisecond}
	srv := newHTTPServer(serveHandler(sitetest.Web(t), "test"), short)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()

	closedWithin := func(c net.Conn, d time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(d))
		_, err := io.Copy(io.Discard, c)
		return err == nil // EOF: the server closed it
	}
	// Idle after one request.
	c, _ := net.Dial("tcp", ln.Addr().String())
	io.WriteString(c, "GET /web/icon.svg HTTP/1.1\r\nHost: x\r\n\r\n")
	if res, err := http.ReadResponse(bufio.NewReader(c), nil); err != nil || res.StatusCode != 200 {
		t.Fatalf("first request: %v", err)
	}
	if !closedWithin(c, 3*time.Second) {
		t.Errorf("an idle keep-alive connection was held past the idle time-out")
	}
	// A body that never comes.
	c, _ = net.Dial("tcp", ln.Addr().String())
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc")
	if !closedWithin(c, 3*time.Second) {
		t.Errorf("a slow body held the connection past the read time-out")
	}
	// Headers that never end.
	c, _ = net.Dial("tcp", ln.Addr().String())
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n")
	if !closedWithin(c, 3*time.Second) {
		t.Errorf("slow headers held the connection past the header time-out")
	}
}

// TestServeFetchesNothingForARequest: go-app answered /robots.txt,
// /sitemap.xml and /ads.txt by fetching /web/NAME from the host the request
// named, so a Host header sent the server to any address.
func TestServeFetchesNothingForARequest(t *testing.T) {
	fetched := make(chan string, 10)
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched <- r.URL.Path
		io.WriteString(w, "Disallow: /from-elsewhere")
	}))
	defer elsewhere.Close()
	h := testServer(t)
	for _, path := range []string{"/robots.txt", "/sitemap.xml", "/ads.txt"} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Host = strings.TrimPrefix(elsewhere.URL, "http://")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if strings.Contains(rec.Body.String(), "from-elsewhere") || rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d %q; want 404, the web directory has none", path, rec.Code, rec.Body.String())
		}
	}
	web := sitetest.Web(t)
	os.WriteFile(filepath.Join(web, "robots.txt"), []byte("User-agent: *\n"), 0o644)
	h = newHTTPServer(serveHandler(web, "test"), serveTimeouts()).Handler
	if res := do(h, http.MethodGet, "/robots.txt", nil); res.StatusCode != http.StatusOK {
		t.Errorf("web/robots.txt is not served at /robots.txt: %d", res.StatusCode)
	}
	select {
	case p := <-fetched:
		t.Errorf("serve fetched %s from the host a request named", p)
	default:
	}
}

// TestEveryInlineScriptIsAllowedByItsHash: an inline script in a page runs
// only if the policy names its hash.
func TestEveryInlineScriptIsAllowedByItsHash(t *testing.T) {
	h := testServer(t)
	for _, path := range []string{"/", "/keys", "/learn", "/compare", "/simplified"} {
		res := do(h, http.MethodGet, path, nil)
		body, _ := io.ReadAll(res.Body)
		csp := res.Header.Get("Content-Security-Policy")
		for _, m := range regexp.MustCompile(`(?s)<script(?: [^>]*)?>(.*?)</script>`).FindAllStringSubmatch(string(body), -1) {
			if strings.TrimSpace(m[1]) == "" {
				continue // <script src=…></script>
			}
			sum := sha256.Sum256([]byte(m[1]))
			if hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(csp, hash) {
				t.Errorf("%s: the inline script %.60q is not allowed by the policy (no %s)", path, m[1], hash)
			}
		}
	}
}

// TestPagesLetPeopleZoom: go-app's viewport tag forbids zooming; the page
// says otherwise in its HTML, with no inline script.
func TestPagesLetPeopleZoom(t *testing.T) {
	h := testServer(t)
	for _, path := range []string{"/", "/keys", "/learn", "/compare"} {
		body, _ := io.ReadAll(do(h, http.MethodGet, path, nil).Body)
		page := string(body)
		if strings.Contains(page, "user-scalable=0") || strings.Contains(page, "maximum-scale") {
			t.Errorf("%s: the viewport still forbids zooming", path)
		}
		if !strings.Contains(page, `content="`+zoomViewport+`"`) {
			t.Errorf("%s: no viewport tag %q", path, zoomViewport)
		}
	}
}

// TestServeAnswersAConditionalRequestFromItsCache: a page is rendered once;
// its ETag gets a 304, any other If-None-Match the page.
func TestServeAnswersAConditionalRequestFromItsCache(t *testing.T) {
	h := testServer(t)
	first := do(h, http.MethodGet, "/keys", nil)
	etag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || etag == "" {
		t.Fatalf("first request: %d, ETag %q", first.StatusCode, etag)
	}
	if res := do(h, http.MethodGet, "/keys", http.Header{"If-None-Match": {etag}}); res.StatusCode != http.StatusNotModified {
		t.Errorf("with its ETag: %d, want 304", res.StatusCode)
	}
	res := do(h, http.MethodGet, "/keys", http.Header{"If-None-Match": {`"other"`}})
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "Key → partition") {
		t.Errorf("with another ETag: %d", res.StatusCode)
	}
	if res := do(h, http.MethodGet, "/nowhere", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("/nowhere: %d", res.StatusCode)
	}
}

// TestOnlyTheEmbedMayBeFramed: other sites frame the embed (an article, a
// course page); every other page keeps refusing to be framed.
func TestOnlyTheEmbedMayBeFramed(t *testing.T) {
	h := testServer(t)
	for _, target := range []string{"/embed", "/embed/", "/embed.html", "/embed/index.html", "/embed?lang=ko"} {
		res := do(h, http.MethodGet, target, nil)
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != http.StatusOK || !strings.Contains(csp, "frame-ancestors *") || res.Header.Get("X-Frame-Options") != "" {
			t.Errorf("%s: status %d, CSP %q, X-Frame-Options %q; want 200 and framing allowed", target, res.StatusCode, csp, res.Header.Get("X-Frame-Options"))
		}
		if !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "object-src 'none'") {
			t.Errorf("%s: CSP %q loses the app's other rules", target, csp)
		}
	}
	for _, target := range []string{"/", "/compare", "/learn", "/keys", "/simplified", "/embedded", "/x/embed", "/app.js"} {
		res := do(h, http.MethodGet, target, nil)
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || res.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: CSP %q, X-Frame-Options %q; want framing refused", target, csp, res.Header.Get("X-Frame-Options"))
		}
	}
}
