package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"partitionlab/internal/site/sitetest"
)

// decode reads a response body as the browser would, undoing its
// Content-Encoding.
func decode(t *testing.T, res *http.Response) []byte {
	t.Helper()
	var r io.Reader = res.Body
	switch res.Header.Get("Content-Encoding") {
	case "br":
		r = brotli.NewReader(res.Body)
	case "gzip":
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every asset travels compressed, pages, scripts and style sheets included,
// and reads back as the same bytes.
func TestServeCompressesEveryAsset(t *testing.T) {
	web := sitetest.Web(t)
	h := withTransport(newServeMux(web, site{base: "/", version: "v1"}), web, "v1")
	for _, path := range []string{"/", "/compare", "/app.js", "/wasm_exec.js", "/app.css", "/web/partitionlab.css",
		"/web/engine.js", "/web/engine-worker.js", "/manifest.webmanifest"} {
		plain := get(t, h, path, "")
		want := decode(t, plain)
		if plain.StatusCode != http.StatusOK || plain.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s without Accept-Encoding: status %d, encoding %q", path, plain.StatusCode, plain.Header.Get("Content-Encoding"))
		}
		for _, enc := range []string{"br", "gzip"} {
			res := get(t, h, path, enc)
			if got := res.Header.Get("Content-Encoding"); got != enc {
				t.Errorf("%s for a browser that accepts only %s: Content-Encoding %q", path, enc, got)
				continue
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s: no Vary: Accept-Encoding, so a cache could send br to a browser without it", path)
			}
			if res.Header.Get("Content-Type") != plain.Header.Get("Content-Type") {
				t.Errorf("%s: Content-Type %q compressed, %q plain", path, res.Header.Get("Content-Type"), plain.Header.Get("Content-Type"))
			}
			if res.ContentLength >= int64(len(want)) {
				t.Errorf("%s: %s sends %d bytes for %d", path, enc, res.ContentLength, len(want))
			}
			got := decode(t, res)
			if page := !strings.Contains(path, "."); page && len(got) == len(want) {
				continue // go-app writes a page's attributes in map order
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: the %s body reads back as %d bytes, want the %d sent plain", path, enc, len(got), len(want))
			}
		}
	}
}

// The modules go out as make build's precompressed copies, brotli first,
// with the real length for go-app's loading progress; a copy older than its
// module is stale and not sent.
func TestServeSendsPrecompressedModules(t *testing.T) {
	web := sitetest.Web(t)
	wasm := filepath.Join(web, "engine.wasm")
	if err := os.WriteFile(wasm+".br", []byte("brotli copy"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := withTransport(newServeMux(web, site{base: "/", version: "v1"}), web, "v1")
	res := get(t, h, "/web/engine.wasm?v=v1", "gzip, br")
	body, _ := io.ReadAll(res.Body)
	if res.Header.Get("Content-Encoding") != "br" || string(body) != "brotli copy" {
		t.Errorf("engine.wasm for a brotli browser: encoding %q, body %q", res.Header.Get("Content-Encoding"), body)
	}
	if res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("Content-Type %q: browsers compile streamed wasm only as application/wasm", res.Header.Get("Content-Type"))
	}
	if res.Header.Get(wasmLengthHeader) != "8" {
		t.Errorf("%s = %q, want the module's own 8 bytes", wasmLengthHeader, res.Header.Get(wasmLengthHeader))
	}
	// Rebuilt after the copy: the copy is stale.
	later := filepath.Join(web, "app.wasm.gz")
	st, _ := os.Stat(later)
	os.Chtimes(wasm+".br", st.ModTime().Add(-1e9), st.ModTime().Add(-1e9))
	os.Chtimes(wasm, st.ModTime(), st.ModTime())
	res = get(t, h, "/web/engine.wasm", "br")
	if got := decode(t, res); string(got) != "\x00asm\x01\x00\x00\x00" {
		t.Errorf("with a stale copy, engine.wasm reads %q, want the module itself", got)
	}
}

// A versioned address may be cached for good: a new version is a new
// address. Anything else is revalidated, so a new version shows at once.
func TestServeCachesVersionedAddressesForGood(t *testing.T) {
	web := sitetest.Web(t)
	h := withTransport(newServeMux(web, site{base: "/", version: "v1"}), web, "v1")
	for path, want := range map[string]string{
		"/web/engine.js?v=v1":  immutable,
		"/web/engine.js?v=old": revalidate,
		"/web/engine.js":       revalidate,
		"/":                    revalidate,
		"/app.js":              revalidate,
	} {
		if got := get(t, h, path, "br").Header.Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
	}
	// The page names the versioned addresses.
	page := string(decode(t, get(t, h, "/", "")))
	if !strings.Contains(page, `src="/web/engine.js?v=v1"`) {
		t.Errorf("the page does not load the versioned engine script")
	}
}
