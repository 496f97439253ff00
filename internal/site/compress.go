package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// What travels over the network, for people on slow connections: every
// page, script, style sheet and module goes out compressed (brotli, or
// gzip for browsers without it), and versioned addresses may be cached for
// good. The two WebAssembly modules have precompressed copies next to them
// (make build writes them: brotli at its best takes a minute for app.wasm);
// everything else is compressed once, at its first request, and kept.

// immutable is the Cache-Control of a versioned address (?v=VERSION): a new
// version has a new address, so the browser never needs to ask again.
// Other addresses must be revalidated, which costs a round trip and no body.
const (
	immutable   = "public, max-age=31536000, immutable"
	revalidate  = "no-cache"
	minCompress = 512 // bytes; smaller bodies gain less than the headers cost
	// liveBrotli is the quality of on-the-fly brotli: q11 is slow (about
	// 0.3 MB/s), q6 much faster for a few percent more bytes.
	liveBrotli = 6
	// cacheBytes bounds the compressed bodies kept.
	cacheBytes = 64 << 20
)

// transport wraps the app's handler with compression and caching headers.
type transport struct {
	next    http.Handler
	webDir  string
	version string

	mu    sync.Mutex
	kept  map[keptKey][]byte
	bytes int
}

type keptKey struct {
	sum [sha256.Size]byte
	enc string
}

// withTransport wraps next (the mux of newServeMux).
func withTransport(next http.Handler, webDir, version string) http.Handler {
	return &transport{next: next, webDir: webDir, version: version, kept: map[keptKey][]byte{}}
}

func (t *transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if t.version != "" && r.URL.Query().Get("v") == t.version {
		h.Set("Cache-Control", immutable)
	} else {
		h.Set("Cache-Control", revalidate)
	}
	enc := chooseEncoding(r.Header.Get("Accept-Encoding"))
	if enc == "" || r.Method != http.MethodGet || r.Header.Get("Range") != "" {
		t.next.ServeHTTP(w, r)
		return
	}
	h.Add("Vary", "Accept-Encoding")
	if t.servePrecompressed(w, r, enc) {
		return
	}
	bw := &bufferedWriter{w: w}
	t.next.ServeHTTP(bw, r)
	if !bw.buffering {
		return
	}
	body := bw.buf.Bytes()
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", http.DetectContentType(body))
	}
	if len(body) >= minCompress && compressible(h.Get("Content-Type")) {
		body = t.compress(body, enc)
		h.Set("Content-Encoding", enc)
		h.Del("Accept-Ranges")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

// chooseEncoding picks brotli over gzip, or "" for neither.
func chooseEncoding(accept string) string {
	for _, enc := range wasmEncodings() {
		if acceptsEncoding(accept, enc.name) {
			return enc.name
		}
	}
	return ""
}

// servePrecompressed sends FILE.br or FILE.gz for /web/FILE when make build
// wrote one that is not older than FILE.
func (t *transport) servePrecompressed(w http.ResponseWriter, r *http.Request, enc string) bool {
	rel, ok := strings.CutPrefix(path.Clean(r.URL.Path), "/web/")
	if !ok || rel == "" {
		return false
	}
	file := filepath.Join(t.webDir, filepath.FromSlash(rel))
	raw, err := os.Stat(file)
	if err != nil || !raw.Mode().IsRegular() {
		return false
	}
	suffix := ".gz"
	if enc == "br" {
		suffix = ".br"
	}
	f, err := os.Open(file + suffix)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.ModTime().Before(raw.ModTime()) {
		return false
	}
	h := w.Header()
	if ct := mime.TypeByExtension(path.Ext(rel)); ct != "" {
		h.Set("Content-Type", ct)
	}
	if strings.HasSuffix(rel, ".wasm") {
		h.Set(wasmLengthHeader, strconv.FormatInt(raw.Size(), 10))
	}
	h.Set("Content-Encoding", enc)
	http.ServeContent(w, r, rel, st.ModTime(), f)
	return true
}

// compress returns body compressed with enc, compressing each distinct
// body once.
func (t *transport) compress(body []byte, enc string) []byte {
	k := keptKey{sha256.Sum256(body), enc}
	t.mu.Lock()
	out, ok := t.kept[k]
	t.mu.Unlock()
	if ok {
		return out
	}
	var buf bytes.Buffer
	var zw io.WriteCloser
	if enc == "br" {
		zw = brotli.NewWriterLevel(&buf, liveBrotli)
	} else {
		zw, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	}
	zw.Write(body)
	zw.Close()
	out = buf.Bytes()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.bytes+len(out) > cacheBytes {
		t.kept, t.bytes = map[keptKey][]byte{}, 0
	}
	t.kept[k] = out
	t.bytes += len(out)
	return out
}

// compressible are the content types worth compressing.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(ct)
	switch {
	case strings.HasPrefix(ct, "text/"):
		return true
	case ct == "application/javascript", ct == "application/json", ct == "application/manifest+json",
		ct == "image/svg+xml", ct == "application/wasm", ct == "text/javascript":
		return true
	}
	return false
}

// bufferedWriter holds a response the transport will compress: a 200 of a
// compressible type (or of no type yet) that is not compressed already.
// Anything else passes straight through, as it is written.
type bufferedWriter struct {
	w         http.ResponseWriter
	decided   bool
	buffering bool
	buf       bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header { return b.w.Header() }

func (b *bufferedWriter) WriteHeader(status int) {
	if b.decided {
		return
	}
	b.decided = true
	h := b.w.Header()
	ct := h.Get("Content-Type")
	b.buffering = status == http.StatusOK && h.Get("Content-Encoding") == "" && (ct == "" || compressible(ct))
	if !b.buffering {
		b.w.WriteHeader(status)
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	if !b.decided {
		b.WriteHeader(http.StatusOK)
	}
	if b.buffering {
		return b.buf.Write(p)
	}
	return b.w.Write(p)
}
