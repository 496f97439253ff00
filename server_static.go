//go:build !wasm

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

func staticCommand() command {
	return command{
		name:     "static",
		synopsis: "DIR [--base /repo/] [--web DIR]",
		summary:  "write the app as a static site into DIR, for GitHub Pages or any static host",
		run:      runStatic,
	}
}

func runStatic(flags *flag.FlagSet, args []string, stdout, _ io.Writer) error {
	baseFlag := flags.String("base", "/", "URL path the site is served under, e.g. /partitionlab/ for user.github.io/partitionlab/")
	webDir := webDirFlag(flags)
	rest, err := parseFlags(flags, args, stdout)
	if err != nil {
		return err
	}
	if len(rest) != 1 || rest[0] == "" {
		return usagef("want exactly one output directory, got %d arguments", len(rest))
	}
	base, err := normalizeBase(*baseFlag)
	if err != nil {
		return usageError{problems: []string{err.Error()}}
	}
	version, err := webVersion(*webDir)
	if err != nil {
		return err
	}
	dir := filepath.Clean(rest[0])
	if err := checkReplaceable(dir); err != nil {
		return err
	}
	n, err := writeAtomically(dir, func(tmp string) (int, error) {
		return writeSite(tmp, *webDir, site{base: base, static: true, version: version})
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d files to %s for %s (version %s)\n", n, dir, base, version)
	return nil
}

// writeSite writes the go-app pages and the web assets into dir and checks
// that every file the service worker precaches is there: one missing file
// makes the worker's install fail, silently, and the site never works offline.
func writeSite(dir, webDir string, s site) (int, error) {
	if err := goapp.GenerateStaticWebsite(dir, s.handler()); err != nil {
		return 0, fmt.Errorf("generating pages: %w", err)
	}
	err := walkWebFiles(webDir, func(rel, path string) error {
		return copyFile(path, filepath.Join(dir, "web", filepath.FromSlash(rel)))
	})
	if err != nil {
		return 0, fmt.Errorf("copying %s: %w", webDir, err)
	}
	precached, err := precacheList(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		return 0, err
	}
	for _, u := range precached {
		u, _, _ = strings.Cut(u, "?") // a version query: the file is the same
		if u+"/" == s.base {
			u = s.base
		}
		rel, ok := strings.CutPrefix(u, s.base)
		if !ok {
			return 0, fmt.Errorf("the service worker precaches %s, outside the base %s", u, s.base)
		}
		if rel == "" {
			rel = "index.html"
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			return 0, fmt.Errorf("the service worker precaches %s but the site has no %s, so it would not work offline", u, rel)
		}
	}
	n := 0
	err = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return err
	})
	return n, err
}

// precacheList reads the resourcesToCache array go-app writes into its
// service worker.
func precacheList(worker string) ([]string, error) {
	b, err := os.ReadFile(worker)
	if err != nil {
		return nil, err
	}
	const marker = "const resourcesToCache = "
	_, after, ok := strings.Cut(string(b), marker)
	line, _, _ := strings.Cut(after, ";\n")
	var list []string
	if !ok || json.Unmarshal([]byte(line), &list) != nil {
		return nil, fmt.Errorf("%s: no resourcesToCache list found", worker)
	}
	return list, nil
}

// checkReplaceable refuses to replace a directory that is not empty and
// was not written by this command, so a typo cannot wipe unrelated files.
func checkReplaceable(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "app-worker.js")); err != nil {
		return fmt.Errorf("%s exists and is not a static site written by partitionlab; remove it or choose another directory", dir)
	}
	return nil
}

// writeAtomically lets fill write into a new directory next to dir, then
// puts it in dir's place, so a failure leaves dir as it was and never half
// written.
func writeAtomically(dir string, fill func(tmp string) (int, error)) (n int, err error) {
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	if n, err = fill(tmp); err != nil {
		return 0, err
	}
	if _, statErr := os.Stat(dir); statErr == nil {
		old := tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return 0, err
		}
		if err := os.Rename(tmp, dir); err != nil {
			os.Rename(old, dir)
			return 0, err
		}
		return n, os.RemoveAll(old)
	}
	return n, os.Rename(tmp, dir)
}

func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
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
