package lessons

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"
)

// English is the language lessons are written in: In gives them as they are.
const English = "en"

// In is every built-in lesson in the language lang (a short code: pt, es,
// fr, ko), each the English lesson with the words of data/<lang>/ laid
// over it (see Localize). A lesson without an overlay file, or whose
// overlay does not fit, stays English: the lessons are always all there,
// and err names every overlay that did not fit. English, or a language
// without overlays, gives the English lessons.
func In(lang string) ([]Lesson, error) {
	all, err := All()
	if err != nil || lang == English {
		return all, err
	}
	if !validLang(lang) {
		return all, FieldErrors{{Message: fmt.Sprintf("language %q: want a short code such as pt or ko", lang)}}
	}
	var errs FieldErrors
	for i, l := range all {
		w, ok, err := overlay(lang, l)
		if err == nil && ok {
			all[i], err = Localize(l, w, overlayPath(lang, l))
		}
		if err != nil {
			errs = append(errs, asFieldErrors(overlayPath(lang, l), err)...)
		}
	}
	if len(errs) > 0 {
		return all, errs
	}
	return all, nil
}

// Missing are the files of the English lessons that have no overlay in
// lang: those lessons show in English.
func Missing(lang string) ([]string, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	if !validLang(lang) {
		return nil, fmt.Errorf("language %q: want a short code such as pt or ko", lang)
	}
	var missing []string
	for _, l := range all {
		if _, ok, err := overlay(lang, l); err == nil && !ok {
			missing = append(missing, l.File)
		}
	}
	return missing, nil
}

// WordFiles are lang's overlay files as compiled in, by file name
// (NN-id.json). The browser's build holds none (see data_english.go):
// there a language's words arrive with its bundle (see InstallWords).
func WordFiles(lang string) (map[string][]byte, error) {
	if !validLang(lang) || lang == English {
		return nil, fmt.Errorf("language %q: want a short code such as pt or ko", lang)
	}
	entries, err := fs.ReadDir(data, path.Join("data", lang))
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := fs.ReadFile(data, path.Join("data", lang, e.Name()))
		if err != nil {
			return nil, err
		}
		files[e.Name()] = b
	}
	return files, nil
}

// InstallWords makes files (overlay files by name, as WordFiles gives
// them) lang's words, for a build that does not hold them. They must pass
// CheckWordFiles; nothing is installed otherwise.
func InstallWords(lang string, files map[string][]byte) error {
	if err := CheckWordFiles(lang, files); err != nil {
		return err
	}
	installedWords.Lock()
	defer installedWords.Unlock()
	if installedWords.by == nil {
		installedWords.by = map[string]map[string][]byte{}
	}
	installedWords.by[lang] = files
	return nil
}

// CheckWordFiles says whether files could be lang's words: each must be
// named after a lesson's file, and the errors name the files that are
// not. Their contents are read when a lesson is (In), as for the files
// compiled in: one that does not read or fit leaves its lesson in English
// and In's error names it. (Reading all 23 as a page starts took most of
// 150 ms in a browser, for a page that may show no lesson.)
func CheckWordFiles(lang string, files map[string][]byte) error {
	if !validLang(lang) || lang == English {
		return fmt.Errorf("language %q: want a short code such as pt or ko", lang)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var errs FieldErrors
	for _, name := range names {
		file := path.Join(lang, name)
		if _, err := fs.Stat(data, path.Join("data", name)); name != path.Base(name) || err != nil {
			errs = append(errs, FieldError{File: file, Message: "no lesson has this file name"})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// installedWords are the overlay files InstallWords gave, by language.
var installedWords struct {
	sync.Mutex
	by map[string]map[string][]byte
}

// readOverlay is the overlay file lang/file: installed, or compiled in.
func readOverlay(lang, file string) ([]byte, error) {
	installedWords.Lock()
	files, ok := installedWords.by[lang]
	installedWords.Unlock()
	if ok {
		if b, ok := files[file]; ok {
			return b, nil
		}
		return nil, fs.ErrNotExist
	}
	return fs.ReadFile(data, path.Join("data", lang, file))
}

// overlay reads lang's words for l; ok is false when there is no file.
func overlay(lang string, l Lesson) (w Words, ok bool, err error) {
	name := overlayPath(lang, l)
	b, err := readOverlay(lang, l.File)
	if errors.Is(err, fs.ErrNotExist) {
		return Words{}, false, nil
	}
	if err != nil {
		return Words{}, false, err
	}
	w, err = ParseWords(name, b)
	return w, err == nil, err
}

// overlayPath is where lang's words for l live, under data/.
func overlayPath(lang string, l Lesson) string { return path.Join(lang, l.File) }

// validLang reports whether lang is a short language code, two or three
// small letters, and so names a folder of data/ and nothing else.
func validLang(lang string) bool {
	if len(lang) < 2 || len(lang) > 3 {
		return false
	}
	for _, r := range lang {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}
