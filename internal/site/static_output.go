package site

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// manifestName is the file in which static lists what it wrote. A re-run
// replaces exactly those files and keeps any other (a CNAME, a README):
// only a directory holding this list is treated as static's own.
const manifestName = ".partitionlab-static"

const manifestHeader = "# Written by partitionlab static. A re-run replaces the files listed here and keeps every other file.\n"

// previousOutput reads what an earlier run wrote into dir: nil when dir is
// missing or empty, an error when it holds files but no manifest.
func previousOutput(dir string) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, manifestName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s is not empty and has no %s, so it is not a site written by partitionlab static; remove it or choose another directory", dir, manifestName)
	}
	if err != nil {
		return nil, err
	}
	files := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			files[line] = true
		}
	}
	return files, sc.Err()
}

// writeManifest lists the files written, one slash-separated path a line.
func writeManifest(dir string, written []string) error {
	body := manifestHeader + strings.Join(written, "\n") + "\n"
	return os.WriteFile(filepath.Join(dir, manifestName), []byte(body), 0o644)
}

// keepOthers copies into tmp every file of the old dir that the previous
// run did not write. One that has the name of a file this run writes is
// refused rather than overwritten.
func keepOthers(dir, tmp string, previous map[string]bool, written []string) error {
	if previous == nil {
		return nil
	}
	ours := map[string]bool{manifestName: true}
	for _, w := range written {
		ours[w] = true
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case previous[rel] || rel == manifestName:
			return nil // ours, rewritten or dropped
		case ours[rel]:
			return fmt.Errorf("%s was not written by partitionlab static, and this run writes a file of that name: move it away first", path)
		}
		to := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			return fmt.Errorf("%s is neither a file nor a directory; static cannot keep it", path)
		}
		if err := copyFile(path, to); err != nil {
			return err
		}
		return os.Chmod(to, info.Mode().Perm())
	})
}

// CheckOutsideWeb refuses an output directory inside the web directory:
// each run would copy the previous site into the next one.
func CheckOutsideWeb(dir, web string) error {
	d, errD := resolved(dir)
	w, errW := resolved(web)
	if errD != nil || errW != nil {
		return nil // webVersion reports a missing web directory
	}
	rel, err := filepath.Rel(w, d)
	if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s is inside --web %s: choose a directory outside it (each run would copy the site into itself)", dir, web)
	}
	return nil
}

// resolved is path made absolute with its symbolic links followed, as far
// as it exists.
func resolved(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	var missing []string
	for {
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			return filepath.Join(append([]string{real}, missing...)...), nil
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return abs, nil
		}
		missing = append([]string{filepath.Base(abs)}, missing...)
		abs = parent
	}
}

// PublicURL checks --url against the base path: it is the address of the
// site's root, so its path is the base.
func PublicURL(raw, base string) (string, error) {
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("--url: %q is not a site address such as https://user.github.io/partitionlab/", raw)
	}
	path, err := NormalizeBase(u.Path)
	if err != nil || path != base {
		return "", fmt.Errorf("--url %s is at %s but --base is %s: give the same path to both", raw, u.EscapedPath(), base)
	}
	return u.Scheme + "://" + u.Host + base, nil
}
