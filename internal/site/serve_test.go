package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

func get(t *testing.T, h http.Handler, path, acceptEncoding string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestServeSendsWasmCompressedWithItsRealLength(t *testing.T) {
	web := t.TempDir()
	raw := bytes.Repeat([]byte("\x00asm partition lab "), 1000)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	zw.Close()
	wasm := filepath.Join(web, "app.wasm")
	if err := os.WriteFile(wasm, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wasm+".gz", gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	mux := newServeMux(web, site{base: "/", version: "test"})

	res := get(t, mux, "/web/app.wasm", "gzip, deflate")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("a browser that accepts gzip got Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	if got := res.Header.Get(wasmLengthHeader); got != strconv.Itoa(len(raw)) {
		t.Errorf("%s = %s, want the uncompressed %d so the progress stops at 100 %%", wasmLengthHeader, got, len(raw))
	}
	if res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("Content-Type %q: browsers compile streamed wasm only as application/wasm", res.Header.Get("Content-Type"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if body, _ := io.ReadAll(zr); !bytes.Equal(body, raw) {
		t.Errorf("the gzip body does not decompress to app.wasm")
	}

	for name, enc := range map[string]string{"no gzip": "br;q=0, identity", "gzip refused": "gzip;q=0"} {
		res = get(t, mux, "/web/app.wasm", enc)
		body, _ := io.ReadAll(res.Body)
		if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, raw) {
			t.Errorf("%s: got Content-Encoding %q and %d bytes, want app.wasm as is", name, res.Header.Get("Content-Encoding"), len(body))
		}
	}

	// A copy older than app.wasm is stale (a rebuild without make) and unused.
	old := time.Now().Add(-time.Hour)
	os.Chtimes(wasm+".gz", old, old)
	res = get(t, mux, "/web/app.wasm", "gzip")
	if res.Header.Get("Content-Encoding") != "" {
		t.Errorf("a stale app.wasm.gz was served")
	}
}

func TestServeServesPagesAndAssetsButNoListings(t *testing.T) {
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm"), 0o644)
	os.WriteFile(filepath.Join(web, "partitionlab.css"), []byte("body{}"), 0o644)
	mux := newServeMux(web, site{base: "/", version: "v1"})
	if res := get(t, mux, "/", ""); res.StatusCode != 200 {
		t.Errorf("/ answered %d", res.StatusCode)
	} else if body, _ := io.ReadAll(res.Body); !strings.Contains(string(body), "Partition Lab") {
		t.Errorf("/ is not the app page")
	}
	if res := get(t, mux, "/web/partitionlab.css", ""); res.StatusCode != 200 {
		t.Errorf("the CSS answered %d", res.StatusCode)
	}
	if res := get(t, mux, "/web/", ""); res.StatusCode != 404 {
		t.Errorf("/web/ answered %d, want 404 rather than a directory listing", res.StatusCode)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	cases := []struct {
		header, name string
		want         bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip;q=0.5", "gzip", true},
		{"GZIP", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"deflate", "gzip", false},
		{"", "gzip", false},
	}
	for _, c := range cases {
		if got := acceptsEncoding(c.header, c.name); got != c.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v", c.header, c.name, got)
		}
	}
}

func TestServiceWorkerReopensPagesWithAQueryOffline(t *testing.T) {
	for _, base := range []string{"/", "/partitionlab/"} {
		w := serviceWorker(base)
		if w == goapp.DefaultAppWorkerJS {
			t.Fatal("go-app's service worker no longer has the fetch handler serviceWorker replaces")
		}
		if !strings.Contains(w, "ignoreSearch") || !strings.Contains(w, `caches.match("`+base+`")`) {
			t.Errorf("the worker for %s does not fall back to its start page:\n%s", base, w)
		}
	}
}
