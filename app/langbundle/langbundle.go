// Package langbundle is a language's words in one file: its catalog
// (app/i18n) and its lessons' words (sim/lessons), as the browser's
// modules need them. app.wasm and embed.wasm compile in English only (the
// langbundles build tag); a page in another language fetches that
// language's bundle, which the site serves at BundlePath and its service
// worker keeps, and installs it before it draws anything. A page never
// changes language (a new language is a new page), so it reads one bundle
// at most.
//
// A bundle is JSON: {"lang": "ko", "messages": {"core.json": {...}, ...},
// "lessons": {"01-same-key-same-partition.json": {...}, ...}}, each file as
// it is in the source tree, so what a page shows is what the tests read.
package langbundle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// Bundle is one language's files.
type Bundle struct {
	Lang     i18n.Lang                  `json:"lang"`
	Messages map[string]json.RawMessage `json:"messages"`
	Lessons  map[string]json.RawMessage `json:"lessons"`
}

// BundlePath is where the site serves l's bundle, under its base path.
func BundlePath(l i18n.Lang) string { return "/web/lang/" + string(l) + ".json" }

// Make is l's bundle from the files compiled in (the command line's build
// holds every language's).
func Make(l i18n.Lang) ([]byte, error) {
	if l == i18n.English {
		return nil, errors.New("bundle: English is compiled into every module")
	}
	msgs, err := i18n.Files(l)
	if err != nil {
		return nil, fmt.Errorf("bundle %s: %w", l, err)
	}
	words, err := lessons.WordFiles(string(l))
	if err != nil {
		return nil, fmt.Errorf("bundle %s: lessons: %w", l, err)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // the files' words as they are (a < stays <)
	if err := enc.Encode(Bundle{Lang: l, Messages: raw(msgs), Lessons: raw(words)}); err != nil {
		return nil, fmt.Errorf("bundle %s: %w", l, err)
	}
	return out.Bytes(), nil
}

func raw(files map[string][]byte) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(files))
	for name, b := range files {
		out[name] = b
	}
	return out
}

// WordsRequest is the engine worker's request for the catalog of doc,
// want's bundle (runner.KindWords, written out here): the worker draws
// charts in the page's language and needs no lessons' words. It is built
// from the files' bytes as they are, which Install has read: no JSON is
// encoded again.
func WordsRequest(want i18n.Lang, doc []byte) ([]byte, error) {
	b, err := split(doc)
	if err != nil {
		return nil, fmt.Errorf("bundle %s: %w", want, err)
	}
	if b.lang != want {
		return nil, fmt.Errorf("bundle %s: it holds %q", want, b.lang)
	}
	names := make([]string, 0, len(b.messages))
	for name := range b.messages {
		names = append(names, name)
	}
	sort.Strings(names)
	var out bytes.Buffer
	quote := func(s string) { q, _ := json.Marshal(s); out.Write(q) }
	out.WriteString(`{"kind":"words","lang":`)
	quote(string(want))
	out.WriteString(`,"words":{`)
	for i, name := range names {
		if i > 0 {
			out.WriteByte(',')
		}
		quote(name)
		out.WriteByte(':')
		out.Write(b.messages[name])
	}
	out.WriteString("}}")
	return out.Bytes(), nil
}

// Install reads doc, want's bundle, and installs its catalog and its
// lessons' words. A bundle of another language, one that is not JSON, or
// one whose catalog does not read or whose words are not named after the
// lessons, installs nothing; the error says which. The lessons' words are
// read when a lesson is, as the files compiled in are (lessons.In).
func Install(want i18n.Lang, doc []byte) error {
	b, err := split(doc)
	if err != nil {
		return fmt.Errorf("bundle %s: %w", want, err)
	}
	if b.lang != want {
		return fmt.Errorf("bundle %s: it holds %q", want, b.lang)
	}
	if len(b.messages) == 0 {
		return fmt.Errorf("bundle %s: no catalog", want)
	}
	if err := lessons.CheckWordFiles(string(want), b.lessons); err != nil {
		return fmt.Errorf("bundle %s: %w", want, err)
	}
	if err := i18n.Install(want, b.messages); err != nil {
		return fmt.Errorf("bundle %s: %w", want, err)
	}
	if err := lessons.InstallWords(string(want), b.lessons); err != nil {
		return fmt.Errorf("bundle %s: %w", want, err) // checked above: not reached
	}
	return nil
}
