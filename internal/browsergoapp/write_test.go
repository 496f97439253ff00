package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The copy is go-app's package files as published, but the server's, with
// browser.go beside them, and a go.mod that replaces go-app with it by a
// path relative to the root.
func TestWriteCopiesGoAppWithoutItsServer(t *testing.T) {
	root := filepath.Join("..", "..")
	dir := filepath.Join(root, ".tools", "browsergoapp-test")
	t.Cleanup(func() { os.RemoveAll(dir) })
	modfile, err := write(root, dir)
	if err != nil {
		t.Fatal(err)
	}
	src, err := moduleDir(root)
	if err != nil {
		t.Fatal(err)
	}
	app := filepath.Join(dir, "go-app", "pkg", "app")
	for _, f := range serverOnly {
		if _, err := os.Stat(filepath.Join(dir, "go-app", f)); !os.IsNotExist(err) {
			t.Errorf("the copy has %s (%v)", f, err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(app, "browser.go")); err != nil || !strings.HasPrefix(string(b), "//go:build wasm\n") {
		t.Errorf("browser.go: %v, %.40q", err, b)
	}
	published, _ := filepath.Glob(filepath.Join(src, "pkg", "app", "*.go"))
	copied := 0
	for _, p := range published {
		name := filepath.Base(p)
		if strings.HasSuffix(name, "_test.go") || contains(serverOnly, "pkg/app/"+name) {
			continue
		}
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(app, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("pkg/app/%s is not go-app's: %v", name, err)
		}
		copied++
	}
	if copied < 30 {
		t.Errorf("%d of go-app's files copied", copied)
	}
	mod, _ := os.ReadFile(modfile)
	if !strings.HasSuffix(string(mod), "replace "+goApp+" => ./.tools/browsergoapp-test/go-app\n") {
		t.Errorf("browser.mod ends %q", mod[max(0, len(mod)-120):])
	}
	sum, _ := os.ReadFile(filepath.Join(dir, "browser.sum"))
	rootSum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	if !bytes.Equal(sum, rootSum) {
		t.Error("browser.sum is not go.sum")
	}
}

// A copy outside the module's root could not be named by a relative path,
// and the modules would record where it was built.
func TestWriteRefusesADirectoryOutsideTheRoot(t *testing.T) {
	_, err := write(filepath.Join("..", ".."), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "must be under the module's root") {
		t.Errorf("write outside the root: %v", err)
	}
}
