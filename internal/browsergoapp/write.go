package main

import (
	"bytes"
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

// write makes dir/go-app (the copy) and dir/browser.mod with
// dir/browser.sum (root's go.mod and go.sum, go-app replaced by the copy)
// for the module at root, and returns browser.mod's absolute path.
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
	for _, f := range serverOnly {
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
	if err := os.WriteFile(filepath.Join(dst, "pkg", "app", "browser.go"), []byte(clientFile), 0o644); err != nil {
		return "", err
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	if bytes.Contains(mod, []byte("replace "+goApp)) || bytes.Contains(mod, []byte("\t"+goApp+" =>")) {
		return "", fmt.Errorf("go.mod already replaces %s", goApp)
	}
	mod = append(mod, fmt.Sprintf("\n// The browser's build: go-app without its server's files (internal/browsergoapp).\nreplace %s => ./%s\n", goApp, filepath.ToSlash(rel))...)
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

// copyPackage copies pkg's Go files but its tests and serverOnly.
func copyPackage(src, dst, pkg string) error {
	entries, err := os.ReadDir(filepath.Join(src, pkg))
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		rel := pkg + "/" + name
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || slices.Contains(serverOnly, rel) {
			continue
		}
		if err := copyFile(filepath.Join(src, pkg, name), filepath.Join(dst, pkg, name)); err != nil {
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
