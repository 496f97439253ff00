// Command wasmsize prints the size of app.wasm as it travels: raw, gzip -9
// and brotli -q11, the figures DESIGN.md's budget is written in. make bench
// runs it. It is a development tool and never part of the app.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"

	"github.com/andybalholm/brotli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize FILE")
		os.Exit(2)
	}
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	gz, err := compressedSize(raw, func(w io.Writer) (io.WriteCloser, error) {
		return gzip.NewWriterLevel(w, gzip.BestCompression)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize: gzip:", err)
		os.Exit(1)
	}
	br, err := compressedSize(raw, func(w io.Writer) (io.WriteCloser, error) {
		// The window make build's precompress ships (e2e/precompress).
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24}), nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize: brotli:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: raw %s, gzip -9 %s, brotli -q11 %s (budget for app.wasm: brotli at most 2.0 MB)\n",
		os.Args[1], mb(len(raw)), mb(gz), mb(br))
}

func compressedSize(data []byte, newWriter func(io.Writer) (io.WriteCloser, error)) (int, error) {
	var buf bytes.Buffer
	w, err := newWriter(&buf)
	if err != nil {
		return 0, err
	}
	if _, err := w.Write(data); err != nil {
		return 0, err
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}

// mb writes n bytes in MB (10^6 bytes), as goapp-notes.md does.
func mb(n int) string { return fmt.Sprintf("%.2f MB (%d bytes)", float64(n)/1e6, n) }
