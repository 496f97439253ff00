// Package sitetest helps the tests of the site and of the commands that
// publish it (serve, static): a web directory like make build's, and
// reading a file a test wrote. Only tests import it.
package sitetest

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Web makes a web directory like make build's, with stand-in modules
// (the static command copies it, it never runs it) and the repository's
// real CSS, scripts and icons from web/.
func Web(t testing.TB) string {
	t.Helper()
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("sitetest: cannot find the repository's web directory")
	}
	src := filepath.Join(filepath.Dir(here), "..", "..", "..", "web")
	web := filepath.Join(t.TempDir(), "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || strings.Contains(e.Name(), ".wasm") { // a module or its compressed copy
			continue
		}
		if err := copyFile(filepath.Join(src, e.Name()), filepath.Join(web, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range map[string]string{"app.wasm": "\x00asm\x01\x00\x00\x00", "app.wasm.gz": "precompressed", "engine.wasm": "\x00asm\x01\x00\x00\x00", "embed.wasm": "\x00asm\x01\x00\x00\x00"} {
		if err := os.WriteFile(filepath.Join(web, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return web
}

// ReadFile is the file's text; a missing file fails the test.
func ReadFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
