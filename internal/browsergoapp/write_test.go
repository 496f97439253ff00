package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
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
		if strings.HasSuffix(name, "_test.go") || slices.Contains(serverOnly, "pkg/app/"+name) {
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

// browser.go's two tests on a path say what go-app's, in the http.go the
// copy leaves out, say (token for token): an upgrade of go-app that
// changes them fails here rather than in a page.
func TestClientFileSaysWhatHTTPGoSays(t *testing.T) {
	src, err := moduleDir(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	httpGo, err := os.ReadFile(filepath.Join(src, "pkg", "app", "http.go"))
	if err != nil {
		t.Fatal(err)
	}
	ours, theirs := funcTokens(t, clientFile), funcTokens(t, string(httpGo))
	for _, name := range []string{"isRemoteLocation", "isStaticResourcePath"} {
		if ours[name] == "" || ours[name] != theirs[name] {
			t.Errorf("%s: browser.go has\n%s\ngo-app's http.go has\n%s", name, ours[name], theirs[name])
		}
	}
}

// funcTokens is each top-level function of src, its signature and body as
// tokens, one per line, by name.
func funcTokens(t *testing.T, src string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		start, end := fset.Position(fn.Pos()).Offset, fset.Position(fn.End()).Offset
		var s scanner.Scanner
		file := token.NewFileSet().AddFile("", -1, end-start)
		s.Init(file, []byte(src[start:end]), nil, 0)
		var b strings.Builder
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.SEMICOLON && lit == "\n" {
				continue // a line's end, wherever go-app breaks its lines
			}
			fmt.Fprintln(&b, tok, lit)
		}
		out[fn.Name.Name] = b.String()
	}
	return out
}
