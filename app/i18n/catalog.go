package i18n

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// message is one entry of a catalog: a text, or its plural forms.
type message struct {
	text  string
	forms map[string]string
	file  uint16 // in its catalog: the file it came from, by place in the sorted names
}

func (m *message) UnmarshalJSON(b []byte) error {
	// A text without escapes is its bytes between the quotes: the
	// catalog's decoder has checked them already, and decoding each of a
	// thousand messages once more took most of a catalog's 130 ms at a
	// cold start in a browser.
	if n := len(b); n >= 2 && b[0] == '"' && b[n-1] == '"' && !bytes.ContainsAny(b[1:n-1], `\"`) {
		m.text = string(b[1 : n-1])
		return nil
	}
	if err := json.Unmarshal(b, &m.text); err == nil {
		return nil
	}
	return json.Unmarshal(b, &m.forms)
}

// Catalog is one language's messages.
type Catalog struct {
	lang Lang
	msgs map[string]message
}

// Load reads l's catalog: every file of messages/<l>/, one per area of the
// app (core.json, editor.json, results.json, ...). Each id lives in exactly
// one file; an id given twice is an error naming both files.
func Load(l Lang) (*Catalog, error) {
	raw, err := Files(l)
	if err != nil {
		return nil, err
	}
	return parse(l, raw)
}

// Files are l's catalog files as compiled in, by name (core.json, ...).
// The browser's build holds English's only (see embed_english.go): there
// another language's files arrive with its bundle (see Install).
func Files(l Lang) (map[string][]byte, error) {
	dir := "messages/" + string(l)
	entries, err := files.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("catalog %q: %w", l, err)
	}
	raw := map[string][]byte{}
	for _, e := range entries {
		b, err := files.ReadFile(dir + "/" + e.Name())
		if err != nil {
			return nil, fmt.Errorf("catalog %s/%s: %w", dir, e.Name(), err)
		}
		raw[e.Name()] = b
	}
	return raw, nil
}

// Embedded reports whether l's catalog is compiled in.
func Embedded(l Lang) bool {
	_, err := fs.Stat(files, "messages/"+string(l))
	return err == nil
}

// Install makes files (a catalog's files by name, as Files gives them) l's
// catalog, for a build that does not hold it (the browser's, see
// embed_english.go). It parses them first: a catalog that does not read
// installs nothing, and the error names the file. A page installs its
// language once, before it draws anything.
func Install(l Lang, files map[string][]byte) error {
	if _, ok := Parse(string(l)); !ok || l == English {
		return fmt.Errorf("catalog %q: not a language to install (want one of pt, es, fr, ko)", l)
	}
	c, err := parse(l, files)
	if err != nil {
		return err
	}
	for {
		old := installed.Load()
		next := map[Lang]*Catalog{l: c}
		if old != nil {
			for k, v := range *old {
				if k != l {
					next[k] = v
				}
			}
		}
		if installed.CompareAndSwap(old, &next) {
			return nil
		}
	}
}

// installed are the catalogs Install gave, by language (read at every
// message, so copied on write rather than locked).
var installed atomic.Pointer[map[Lang]*Catalog]

// parse reads a catalog's files; each id lives in exactly one file, and an
// id given twice is an error naming both files.
func parse(l Lang, raw map[string][]byte) (*Catalog, error) {
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	sort.Strings(names)
	dir := "messages/" + string(l)
	// About a message a line: made that big at once, the map is not
	// rebuilt as it grows. Each message goes straight into it, and knows
	// its file, for the error on an id given twice.
	lines := 0
	for _, b := range raw {
		lines += bytes.Count(b, []byte{'\n'})
	}
	c := &Catalog{lang: l, msgs: make(map[string]message, lines)}
	for i, file := range names {
		name := dir + "/" + file
		// The file is read to its end before an id it shares with an
		// earlier file is reported: a file that does not read says so
		// first, as when each file was read whole before its ids were
		// looked at.
		var dup error
		err := decodeMessagesTo(raw[file], func(id string, m message) {
			if prev, ok := c.msgs[id]; ok && int(prev.file) != i && dup == nil {
				dup = fmt.Errorf("%q is also in %s/%s", id, dir, names[prev.file])
			}
			m.file = uint16(i)
			c.msgs[id] = m
		})
		if err == nil {
			err = dup
		}
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
	}
	return c, nil
}

// Ready reports whether For(l) is l's own catalog: compiled in, or
// installed (the browser's modules hold English's only).
func Ready(l Lang) bool {
	if m := installed.Load(); m != nil && (*m)[l] != nil {
		return true
	}
	return l != "" && slices.Contains(Langs(), l) && Embedded(l)
}

// For is l's catalog, or English's when l's cannot be read (a test
// guarantees every catalog can): a page is never left without words. Each
// catalog is parsed on its first use, and never changes after: a page
// reads one language, so it parses one (parsing all five took about 90 ms
// of a cold start in a browser).
func For(l Lang) *Catalog {
	if m := installed.Load(); m != nil {
		if c := (*m)[l]; c != nil {
			return c
		}
	}
	if c := catalogs[l]; c != nil && c() != nil {
		return c()
	}
	if c := catalogs[English](); c != nil {
		return c
	}
	return &Catalog{lang: English}
}

// catalogs parse each language's catalog once, on demand (nil when it
// cannot be read).
var catalogs = func() map[Lang]func() *Catalog {
	m := map[Lang]func() *Catalog{}
	for _, l := range Langs() {
		m[l] = sync.OnceValue(func() *Catalog {
			c, err := Load(l)
			if err != nil {
				return nil
			}
			return c
		})
	}
	return m
}()

// Lang is the catalog's language.
func (c *Catalog) Lang() Lang { return c.lang }

// Has reports whether the catalog holds id.
func (c *Catalog) Has(id string) bool { _, ok := c.msgs[id]; return ok }

// IDs are the catalog's message ids, sorted.
func (c *Catalog) IDs() []string {
	ids := make([]string, 0, len(c.msgs))
	for id := range c.msgs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Arg is a named value for a placeholder.
type Arg struct {
	name   string
	value  string
	count  int64
	isNum  bool
	asText bool // value, not count, fills the placeholder
}

// S is a placeholder's text, as it is.
func S(name, value string) Arg { return Arg{name: name, value: value} }

// N is a placeholder's whole number, formatted for the catalog's language;
// the one named "count" also chooses the plural form.
func N(name string, n int) Arg { return Arg{name: name, count: int64(n), isNum: true} }

// Count is N("count", n).
func Count(n int) Arg { return N("count", n) }

// CountAs is Count(n) written as text: n chooses the plural form, text
// fills {count} (a number written as another program writes it).
func CountAs(n int, text string) Arg {
	return Arg{name: "count", value: text, count: int64(n), isNum: true, asText: true}
}

// T is the message id in the catalog's language with its placeholders
// filled. A message the catalog lacks shows as its id, so a missing one is
// seen, not hidden (the tests make sure none is).
func (c *Catalog) T(id string, args ...Arg) string {
	m, ok := c.msgs[id]
	if !ok {
		return id
	}
	text := m.text
	if m.forms != nil {
		form := Other
		for _, a := range args {
			if a.name == "count" && a.isNum {
				form = c.lang.PluralForm(a.count)
			}
		}
		text = m.forms[form]
		if text == "" {
			text = m.forms[Other]
		}
	}
	if len(args) == 0 {
		return text
	}
	return fill(text, func(name string) (string, bool) {
		for _, a := range args {
			if a.name == name {
				if a.isNum && !a.asText {
					return c.lang.Int(a.count), true
				}
				return a.value, true
			}
		}
		return "", false
	})
}

// fill replaces each {name} in text that value knows, once, left to
// right, as a strings.Replacer of the pairs would (a placeholder's name
// has no braces, so at most one matches at a place), without building one
// for each message: the charts and cards of a result fill hundreds.
func fill(text string, value func(name string) (string, bool)) string {
	var b strings.Builder
	done := 0 // text[:done] is in b
	for i := 0; i < len(text); {
		open := strings.IndexByte(text[i:], '{')
		if open < 0 {
			break
		}
		open += i
		end := strings.IndexAny(text[open+1:], "{}")
		if end < 0 {
			break
		}
		end += open + 1
		if text[end] == '{' { // "{{name}": the second brace may open one
			i = end
			continue
		}
		v, ok := value(text[open+1 : end])
		if !ok {
			i = open + 1
			continue
		}
		if done == 0 {
			b.Grow(len(text) + len(v))
		}
		b.WriteString(text[done:open])
		b.WriteString(v)
		done, i = end+1, end+1
	}
	if done == 0 {
		return text
	}
	b.WriteString(text[done:])
	return b.String()
}

// Placeholders are the sorted, distinct placeholder names of id in every
// form, and the plural forms it gives (nil for a plain text).
func (c *Catalog) Placeholders(id string) (names []string, forms []string) {
	m := c.msgs[id]
	texts := []string{m.text}
	if m.forms != nil {
		texts = texts[:0]
		for f, t := range m.forms {
			forms = append(forms, f)
			texts = append(texts, t)
		}
		sort.Strings(forms)
	}
	seen := map[string]bool{}
	for _, t := range texts {
		for _, p := range placeholders(t) {
			if !seen[p] {
				seen[p] = true
				names = append(names, p)
			}
		}
	}
	sort.Strings(names)
	return names, forms
}

// placeholders are the placeholders of s, left to right, repeats included.
func placeholders(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if n := placeholderLen(s[i:]); n > 0 {
			out = append(out, s[i:i+n])
			i += n
		} else {
			i++
		}
	}
	return out
}

// placeholderLen is the length of the placeholder s starts with, or 0: a
// letter, then letters, digits and underscores, in braces (the regexp
// \{[a-zA-Z][a-zA-Z0-9_]*\}). Written by hand because the pages'
// WebAssembly modules link no regexp (with go-app's router it was about
// 77 kB of app.wasm with brotli); internal/archtest checks it.
func placeholderLen(s string) int {
	if len(s) < 3 || s[0] != '{' || !isASCIILetter(s[1]) {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == '}':
			return i + 1
		case !isASCIILetter(c) && (c < '0' || c > '9') && c != '_':
			return 0
		}
	}
	return 0
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
