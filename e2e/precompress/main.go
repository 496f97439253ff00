// Command precompress writes FILE.gz (gzip -9) and FILE.br (brotli) next
// to each FILE, as make build does for the two WebAssembly modules: serve
// sends these copies to browsers that accept them, instead of compressing
// megabytes at each request. It is a build tool and never part of the app.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/andybalholm/brotli"
)

// brotliWindow is the log2 of the window brotli looks back in: 24, the
// largest a browser decodes, finds the repeats of a 15 MB module that the
// default 22 (4 MB) misses: 20 kB less app.wasm at quality 11. A decoder
// needs a window's memory only up to the file's size.
const brotliWindow = 24

func main() {
	quality := flag.Int("brotli", brotli.BestCompression, "brotli quality, 0..11")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: precompress [-brotli Q] FILE...")
		os.Exit(2)
	}
	for _, path := range flag.Args() {
		if err := precompress(path, *quality); err != nil {
			fmt.Fprintln(os.Stderr, "precompress:", err)
			os.Exit(1)
		}
	}
}

func precompress(path string, quality int) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	writers := map[string]func(io.Writer) io.WriteCloser{
		".gz": func(w io.Writer) io.WriteCloser { zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression); return zw },
		".br": func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: quality, LGWin: brotliWindow})
		},
	}
	for suffix, newWriter := range writers {
		var buf bytes.Buffer
		w := newWriter(&buf)
		if _, err := w.Write(raw); err != nil {
			return fmt.Errorf("%s%s: %w", path, suffix, err)
		}
		if err := w.Close(); err != nil {
			return fmt.Errorf("%s%s: %w", path, suffix, err)
		}
		if err := os.WriteFile(path+suffix, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
