package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestCopiesDecodeToTheModule: each copy serve sends decodes to the file
// itself, and brotli finds a repeat 5 MB back, beyond its default 4 MB
// window (a module's code and its function tables repeat its names far
// apart): the second half of the file costs next to nothing.
func TestCopiesDecodeToTheModule(t *testing.T) {
	half := make([]byte, 5<<20)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range half {
		half[i] = byte(r.Uint32())
	}
	raw := append(append([]byte(nil), half...), half...)
	path := filepath.Join(t.TempDir(), "app.wasm")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := precompress(path, 9); err != nil {
		t.Fatal(err)
	}
	readers := map[string]func(io.Reader) (io.Reader, error){
		".br": func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		".gz": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	for suffix, newReader := range readers {
		b, err := os.ReadFile(path + suffix)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := newReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", suffix, err)
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", suffix, err)
		}
		if !bytes.Equal(got, raw) {
			t.Errorf("%s decodes to %d bytes, not the file's %d", suffix, len(got), len(raw))
		}
		if suffix == ".br" && len(b) > len(raw)*6/10 {
			t.Errorf("the brotli copy is %d bytes for %d: the repeat 5 MB back was not found", len(b), len(raw))
		}
	}
}
