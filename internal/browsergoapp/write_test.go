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

// The copy is go-app's package files as published, but the server's and
// the router and its encryption, and the edits made, with browser.go,
// browser_route.go, browser_crypto.go and browser_document.go beside them,
// a uuid module of one function, and a go.mod that replaces both by paths
// relative to the root.
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
	for _, f := range leftOut {
		if _, err := os.Stat(filepath.Join(dir, "go-app", f)); !os.IsNotExist(err) {
			t.Errorf("the copy has %s (%v)", f, err)
		}
	}
	for _, name := range []string{"browser.go", "browser_route.go", "browser_crypto.go", "browser_document.go", "browser_dom_batch.go"} {
		if b, err := os.ReadFile(filepath.Join(app, name)); err != nil || !strings.HasPrefix(string(b), "//go:build wasm\n") {
			t.Errorf("%s: %v, %.40q", name, err, b)
		}
	}
	published, _ := filepath.Glob(filepath.Join(src, "pkg", "app", "*.go"))
	copied := 0
	for _, p := range published {
		name := filepath.Base(p)
		if strings.HasSuffix(name, "_test.go") || slices.Contains(leftOut, "pkg/app/"+name) {
			continue
		}
		want, _ := os.ReadFile(p)
		for _, e := range edits {
			if e.file == "pkg/app/"+name {
				want = bytes.ReplaceAll(want, []byte(e.old), []byte(e.new))
			}
		}
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
	for _, r := range []string{"replace " + goApp + " => ./.tools/browsergoapp-test/go-app\n", "replace " + uuidModule + " => ./.tools/browsergoapp-test/uuid\n"} {
		if !strings.Contains(string(mod), r) {
			t.Errorf("browser.mod has no %q: it ends %q", r, mod[max(0, len(mod)-200):])
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "uuid", "go.mod")); err != nil || !strings.HasPrefix(string(b), "module "+uuidModule+"\n") {
		t.Errorf("uuid/go.mod: %v, %q", err, b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "uuid", "uuid.go")); err != nil || !strings.Contains(string(b), "func NewString() string") {
		t.Errorf("uuid/uuid.go: %v, %.80q", err, b)
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

// browser_route.go declares what the rest of package app reads of go-app's
// route.go, and route.go declares nothing else than what is known: routes
// by path, routes by regular expression (left out) and their helpers. An
// upgrade of go-app that changes route.go's names fails here, to be looked
// at, rather than in a page.
func TestRouterFileReplacesRouteGo(t *testing.T) {
	src, err := moduleDir(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	routeGo, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(routeFile)))
	if err != nil {
		t.Fatal(err)
	}
	theirs, ours := declared(t, string(routeGo)), declared(t, routerFile)
	leftOutNames := []string{"RouteWithRegexp", "RouteWithRegexpFunc", "router.routeWithRegexp", "regexpRoute",
		"router.route", "makeRouter", "newZeroComponentFunc"}
	want := append(slices.Clone(ours), leftOutNames...)
	slices.Sort(want)
	if !slices.Equal(theirs, want) {
		t.Errorf("go-app's route.go declares %v; browser_route.go declares %v and leaves out %v", theirs, ours, leftOutNames)
	}
	// What package app's other files use of the router: the build of the
	// copy checks the rest.
	for _, name := range []string{"routes", "router", "router.createComponent", "Route", "RouteFunc"} {
		if !slices.Contains(ours, name) {
			t.Errorf("browser_route.go does not declare %s", name)
		}
	}
	if strings.Contains(routerFile, `"regexp"`) {
		t.Error("browser_route.go imports regexp")
	}
}

// declared are the top-level names src declares, a method as
// receiver.name, sorted.
func declared(t *testing.T, src string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				recv := d.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				name = recv.(*ast.Ident).Name + "." + name
			}
			names = append(names, name)
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					names = append(names, spec.Name.Name)
				case *ast.ValueSpec:
					for _, n := range spec.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	slices.Sort(names)
	return names
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

// Each edit is made, and an edit whose text go-app's file no longer has as
// many times stops the copy with an error naming the file, rather than
// leaving go-app as published.
func TestEditsAreMadeOrRefused(t *testing.T) {
	root := filepath.Join("..", "..")
	dir := filepath.Join(root, ".tools", "browsergoapp-edits-test")
	t.Cleanup(func() { os.RemoveAll(dir) })
	if _, err := write(root, dir); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		b, err := os.ReadFile(filepath.Join(dir, "go-app", e.file))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(e.old)) || bytes.Count(b, []byte(e.new)) < e.count {
			t.Errorf("%s: %q is still there, or %q not %d times", e.file, e.old, e.new, e.count)
		}
	}
	saved := edits
	t.Cleanup(func() { edits = saved })
	edits = []edit{{file: "pkg/app/js_wasm.go", old: `w.Get("document").Call(`, new: "x", count: 5}}
	_, err := write(root, dir)
	if err == nil || !strings.Contains(err.Error(), `pkg/app/js_wasm.go has "w.Get(\"document\").Call(" 4 times, not 5`) {
		t.Errorf("an edit whose text is there 4 times, not 5: %v", err)
	}
}
