package lessons

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
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

// overlay reads lang's words for l; ok is false when there is no file.
func overlay(lang string, l Lesson) (w Words, ok bool, err error) {
	name := overlayPath(lang, l)
	b, err := fs.ReadFile(data, path.Join("data", name))
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
