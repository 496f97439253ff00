package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// goApp is the module whose browser copy this writes.
const goApp = "github.com/maxence-charriere/go-app/v9"

// copied are the module's packages the browser's build imports (package app
// and what it imports of its own module), relative to its root.
var copied = []string{"pkg/app", "pkg/errors"}

// serverOnly are package app's files the copy leaves out: the HTTP handler
// and the resource providers that only the handler reads.
var serverOnly = []string{"pkg/app/http.go", "pkg/app/resource.go"}

// routeFile is go-app's router, which the copy replaces with routerFile:
// the same router for routes by path, without routes by regular
// expression. Matching those links package regexp, whose pooled matcher
// keeps the whole compiler in the module (the page calls MatchString
// for every navigation, even with no such route); the pages route by path
// only. A page that called app.RouteWithRegexp would not build.
const routeFile = "pkg/app/route.go"

// cryptoFile is go-app's AES-GCM encryption of values (Context.Encrypt and
// Decrypt, states persisted with the Encrypt option), which the copy
// replaces with cryptoStubFile. Importing crypto/aes, crypto/cipher and
// crypto/rand runs the initialisers of Go's FIPS 140 module, which keep
// AES, GCM, SHA-2, SHA-3, HMAC and the DRBG in the module (with uuid's
// and the digest's, 44 kB of app.wasm with brotli); the pages encrypt
// nothing. archtest checks that no page calls what the stub replaces.
const cryptoFile = "pkg/app/crypto.go"

// leftOut are the files of go-app's package app the copy does not take.
var leftOut = append(slices.Clip(serverOnly), routeFile, cryptoFile)

// clientFile is what the client's files use of the files left out, in a
// file of the copy's own: the Handler type that wasm.go's
// GenerateStaticWebsite names (a stub there, which panics) and the two
// tests app.go's static resource resolver makes on a path.
const clientFile = `//go:build wasm

// Written by partitionlab's internal/browsergoapp, in place of what the
// client's files use of http.go, which this copy leaves out.

package app

import "strings"

// Handler is named by wasm.go's GenerateStaticWebsite, which only panics
// in the browser.
type Handler struct{}

func isRemoteLocation(path string) bool {
	return strings.HasPrefix(path, "https://") || strings.HasPrefix(path, "http://")
}

func isStaticResourcePath(path string) bool {
	return strings.HasPrefix(path, "/web/") || strings.HasPrefix(path, "web/")
}
`

// routerFile replaces route.go (see routeFile): Route and RouteFunc, and
// the router the rest of package app reads (createComponent on navigation,
// the routes map when it writes a static site).
const routerFile = `//go:build wasm

// Written by partitionlab's internal/browsergoapp, in place of route.go,
// which this copy leaves out: routes by path only, so that the page does
// not link package regexp.

package app

import (
	"reflect"
	"sync"
)

var routes = router{routes: map[string]func() Composer{}}

// Route mounts a new component of c's type at path.
func Route(path string, c Composer) {
	t := reflect.TypeOf(c).Elem()
	RouteFunc(path, func() Composer { return reflect.New(t).Interface().(Composer) })
}

// RouteFunc mounts the component newComponent makes at path.
func RouteFunc(path string, newComponent func() Composer) {
	routes.mu.Lock()
	defer routes.mu.Unlock()
	routes.routes[path] = newComponent
}

type router struct {
	mu     sync.RWMutex
	routes map[string]func() Composer
}

// createComponent is a new component for path, if a route names it.
func (r *router) createComponent(path string) (Composer, bool) {
	r.mu.RLock()
	newComponent, ok := r.routes[path]
	r.mu.RUnlock()
	if !ok {
		return nil, false
	}
	return newComponent(), true
}
`

// cryptoStubFile replaces crypto.go (see cryptoFile): a page that asked
// go-app to encrypt a value gets an error saying why, not a value stored
// in the clear.
const cryptoStubFile = `//go:build wasm

// Written by partitionlab's internal/browsergoapp, in place of crypto.go,
// which this copy leaves out so that the page does not link Go's crypto.

package app

import "github.com/maxence-charriere/go-app/v9/pkg/errors"

var errNoEncryption = errors.New("this build of go-app does not encrypt: see partitionlab's internal/browsergoapp")

func encrypt(key string, v []byte) ([]byte, error) { return nil, errNoEncryption }

func decrypt(key string, v []byte) ([]byte, error) { return nil, errNoEncryption }
`

// uuidModule is github.com/google/uuid as the copy uses it: NewString,
// for the id of a page's state store (which tells its own broadcasts from
// other tabs') and of a device. The published module imports crypto/md5
// and crypto/sha1, which register themselves, and keeps crypto/rand's
// Reader; a random version 4 UUID from math/rand/v2 (seeded by the
// runtime from the browser's crypto.getRandomValues) serves both ids. A
// go-app that called more of package uuid would not build.
const uuidModule = "github.com/google/uuid"

// uuidFile is the module's one file: uuidstub/uuid.go, a package here so
// that its tests run.
//
//go:embed uuidstub/uuid.go
var uuidFile string

// write makes dir/go-app (the copy), dir/uuid (uuidModule) and
// dir/browser.mod with dir/browser.sum (root's go.mod and go.sum, go-app
// and uuid replaced by those) for the module at root, and returns
// browser.mod's absolute path.
func write(root, dir string) (string, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	dst := filepath.Join(dir, "go-app")
	// The replacement's path is relative to root: the modules record it,
	// and the same sources give the same modules wherever they are built.
	rel, err := filepath.Rel(root, dst)
	if err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("the browser's copy of go-app (%s) must be under the module's root (%s)", dst, root)
	}
	src, err := moduleDir(root)
	if err != nil {
		return "", err
	}
	for _, f := range leftOut {
		if _, err := os.Stat(filepath.Join(src, f)); err != nil {
			return "", fmt.Errorf("%s has no %s to leave out (has go-app changed? see internal/browsergoapp): %v", goApp, f, err)
		}
	}
	if err := os.RemoveAll(dst); err != nil {
		return "", err
	}
	for _, f := range []string{"go.mod", "LICENSE"} {
		if err := copyFile(filepath.Join(src, f), filepath.Join(dst, f)); err != nil {
			return "", err
		}
	}
	for _, pkg := range copied {
		if err := copyPackage(src, dst, pkg); err != nil {
			return "", err
		}
	}
	if err := applyEdits(dst); err != nil {
		return "", err
	}
	for name, text := range map[string]string{"browser.go": clientFile, "browser_route.go": routerFile, "browser_crypto.go": cryptoStubFile, "browser_document.go": documentFile, "browser_dom_batch.go": domBatchFile, "dom_batch_other.go": domBatchOtherFile} {
		if err := os.WriteFile(filepath.Join(dst, "pkg", "app", name), []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	uuidDst := filepath.Join(dir, "uuid")
	if err := os.RemoveAll(uuidDst); err != nil {
		return "", err
	}
	if err := os.MkdirAll(uuidDst, 0o755); err != nil {
		return "", err
	}
	for name, text := range map[string]string{"go.mod": "module " + uuidModule + "\n\ngo 1.22\n", "uuid.go": uuidFile} {
		if err := os.WriteFile(filepath.Join(uuidDst, name), []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, m := range []string{goApp, uuidModule} {
		if bytes.Contains(mod, []byte("replace "+m)) || bytes.Contains(mod, []byte("\t"+m+" =>")) {
			return "", fmt.Errorf("go.mod already replaces %s", m)
		}
	}
	mod = append(mod, fmt.Sprintf("\n// The browser's build: go-app without its server's files and its crypto (internal/browsergoapp).\nreplace %s => ./%s\n\nreplace %s => ./%s\n",
		goApp, filepath.ToSlash(rel), uuidModule, filepath.ToSlash(filepath.Join(filepath.Dir(rel), "uuid")))...)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	modfile := filepath.Join(dir, "browser.mod")
	if err := os.WriteFile(modfile, mod, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "browser.sum"), sum, 0o644); err != nil {
		return "", err
	}
	return modfile, nil
}

// moduleDir is go-app's directory in the module cache, at go.mod's
// version, downloaded (and checked against go.sum) when it is not there.
func moduleDir(root string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", goApp)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v\n%s", goApp, err, stderr.Bytes())
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", fmt.Errorf("go mod download %s printed %q: %v", goApp, out, err)
	}
	if m.Error != "" || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", goApp, m.Error)
	}
	return m.Dir, nil
}

// copyPackage copies pkg's Go files but its tests and leftOut.
func copyPackage(src, dst, pkg string) error {
	entries, err := os.ReadDir(filepath.Join(src, pkg))
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		rel := pkg + "/" + name
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || slices.Contains(leftOut, rel) {
			continue
		}
		if err := copyFile(filepath.Join(src, pkg, name), filepath.Join(dst, pkg, name)); err != nil {
			return err
		}
	}
	return nil
}

// documentFile gives go-app's browser window its document, asked of the
// browser once (see edits).
const documentFile = `//go:build wasm

package app

// pageDocument is the page's document, asked of the browser once.
var pageDocument Value

// document is the page's document (internal/browsergoapp).
func (w *browserWindow) document() Value {
	if pageDocument == nil {
		pageDocument = w.Get("document")
	}
	return pageDocument
}
`

// edit changes a copied file of go-app: old, found exactly count times
// in it, becomes new.
type edit struct {
	file, old, new string
	count          int
}

// edits are the copy's changes to go-app's own files. Each is checked: a
// go-app whose file no longer has the text as many times fails the build,
// rather than losing the change without a word.
//
// go-app asks the browser for the document each time it creates an
// element or a text node. Each answer is a new JavaScript reference, and
// package syscall/js gives each one a finalizer, which the Go runtime
// keeps in a list it walks from the start at every insertion: in profiled
// cold starts, runtime.SetFinalizer took 57–129 ms of the mount's 0.4–0.7 s,
// about 30 ms of it for the document's references (one profile). The
// window asks for the document once (documentFile).
var edits = append([]edit{{
	file:  "pkg/app/js_wasm.go",
	old:   `w.Get("document").Call(`,
	new:   `w.document().Call(`,
	count: 4,
}}, domBatchEdits...)

// applyEdits makes the edits in the copy at dst.
func applyEdits(dst string) error {
	for _, e := range edits {
		path := filepath.Join(dst, e.file)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := bytes.Count(b, []byte(e.old)); n != e.count {
			return fmt.Errorf("%s has %q %d times, not %d (has go-app changed? see internal/browsergoapp)", e.file, e.old, n, e.count)
		}
		if err := os.WriteFile(path, bytes.ReplaceAll(b, []byte(e.old), []byte(e.new)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copyFile copies a file, writable (the module cache's are read-only).
func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}
