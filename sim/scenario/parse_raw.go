package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds how deeply a document may nest. A scenario is five levels
// deep; the bound keeps a hostile document of a million "[" from recursing.
const maxDepth = 64

// MaxDocumentBytes bounds a scenario document read from a link, a file or a
// paste in the browser: a scenario is a few kilobytes, and a bound keeps a
// crafted one from taking the page's memory.
const MaxDocumentBytes = 1 << 20

// DecodeObject reads a JSON object as decodeRaw does, for editors that keep
// a document as typed: numbers are json.Number, exactly as written.
func DecodeObject(data []byte) (map[string]any, error) {
	raw, err := decodeRaw(data)
	if err != nil {
		return nil, err
	}
	return raw.(map[string]any), nil
}

// decodeRaw reads a JSON object into maps, slices and json.Numbers (numbers
// stay exactly as written). A syntax error names its line and column; a key
// given twice in one object is refused, since a reader sees the first and
// encoding/json keeps the last.
func decodeRaw(data []byte) (any, error) {
	d := rawDecoder{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	d.dec.UseNumber()
	raw, err := d.value("", 0)
	if err != nil {
		return nil, err
	}
	end := d.dec.InputOffset()
	if _, err := d.dec.Token(); err != io.EOF {
		return nil, FieldErrors{newFieldError("", "json.more", d.position(end, "")...)}
	}
	if _, ok := raw.(map[string]any); !ok {
		return nil, FieldErrors{newFieldError("", "json.object")}
	}
	return raw, nil
}

type rawDecoder struct {
	data []byte
	dec  *json.Decoder
}

func (d *rawDecoder) value(path string, depth int) (any, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return nil, d.syntax(err)
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, nil // string, json.Number, bool or nil
	}
	if depth >= maxDepth {
		return nil, FieldErrors{newFieldError(path, "json.depth", argInt("max", maxDepth))}
	}
	if delim == '[' {
		a := []any{}
		for d.dec.More() {
			v, err := d.value(fmt.Sprintf("%s[%d]", path, len(a)), depth+1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := d.dec.Token() // ]
		return a, d.syntax(err)
	}
	m := map[string]any{}
	seen := map[string]int64{}
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			return nil, d.syntax(err)
		}
		k := tok.(string) // the decoder only returns a string here
		at := d.keyStart(d.dec.InputOffset())
		if first, dup := seen[k]; dup {
			return nil, FieldErrors{newFieldError(join(path, k), "json.key_twice",
				append(d.position(first, ""), d.position(at, "2")...)...)}
		}
		seen[k] = at
		v, err := d.value(join(path, k), depth+1)
		if err != nil {
			return nil, err
		}
		m[k] = v
	}
	_, err = d.dec.Token() // }
	return m, d.syntax(err)
}

// syntax turns a decoder error into one that says where the problem is.
func (d *rawDecoder) syntax(err error) error {
	if err == nil {
		return nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return FieldErrors{syntaxError(se, d.position(se.Offset, ""))}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return FieldErrors{newFieldError("", "json.truncated", d.position(int64(len(d.data)), "")...)}
	}
	return FieldErrors{newFieldError("", "json.other", argText("detail", err.Error()))}
}

// keyStart finds the opening quote of the key whose closing quote is just
// before end.
func (d *rawDecoder) keyStart(end int64) int64 {
	for i := end - 2; i >= 0; i-- {
		if d.data[i] != '"' {
			continue
		}
		slashes := 0
		for j := i - 1; j >= 0 && d.data[j] == '\\'; j-- {
			slashes++
		}
		if slashes%2 == 0 {
			return i
		}
	}
	return end
}

// position is the line and column (both from 1, columns in characters) of
// a byte offset, as the arguments {line<suffix>} and {column<suffix>}.
func (d *rawDecoder) position(offset int64, suffix string) []MsgArg {
	offset = min(max(offset, 0), int64(len(d.data)))
	before := d.data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return []MsgArg{argIndex("line"+suffix, line), argIndex("column"+suffix, col)}
}

// jsonContexts are the phrases encoding/json ends an "invalid character"
// with (its scanner's and Decoder.Token's), by message code.
var jsonContexts = map[string]string{
	"":                                "",
	" after object key":               "json.context.after_key",
	" after object key:value pair":    "json.context.after_pair",
	" after array element":            "json.context.after_element",
	" looking for beginning of value": "json.context.value",
	" looking for beginning of object key string": "json.context.key",
	" in string literal":                          "json.context.string",
	" in string escape code":                      "json.context.escape",
	" in \\u hexadecimal character escape":        "json.context.unicode",
	" in numeric literal":                         "json.context.number",
	" after decimal point in numeric literal":     "json.context.decimal",
	" in exponent of numeric literal":             "json.context.exponent",
}

// syntaxError is encoding/json's syntax error at pos as a message code
// whose arguments a page can say in its own words: the character as Go
// quotes it and where the decoder was (after an object key, in a
// string, …). An error it does not know keeps Go's text as its detail.
func syntaxError(se *json.SyntaxError, pos []MsgArg) FieldError {
	if quoted, context, ok := invalidChar(se.Error()); ok {
		char := argText("char", quoted)
		if code, ok := jsonContexts[context]; ok {
			return newFieldError("", "json.char", append(pos, char, argPhrase("context", code))...)
		}
		if literal, expected, ok := inLiteral(context); ok {
			return newFieldError("", "json.literal", append(pos, char, argText("literal", literal), argText("expected", expected))...)
		}
	}
	return newFieldError("", "json.syntax", append(pos, argText("detail", se.Error()))...)
}

// The two readers below of encoding/json's error texts are written by hand
// because the pages' WebAssembly modules link no regexp (with go-app's
// router it was about 77 kB of app.wasm with brotli); internal/archtest
// checks it. Each gives what its regexp gave, for any text; they read
// bytes, not runes, as every byte they look for is ASCII and no other
// rune's encoding holds an ASCII byte.

// invalidChar splits "invalid character 'x' after object key" into the
// character as Go quotes it ('x', '\n', or a quote after a backslash) and
// the one line after it, as the regexp
//
//	^invalid character ('(?:[^'\\]|\\.)+'|'\\''|'"')(.*)$
//
// did: the quote ends at the first ' that no backslash escapes (a
// backslash escapes anything but a new line) and holds one character at
// least. The regexp's other two choices are cases of its first.
func invalidChar(msg string) (quoted, context string, ok bool) {
	s, ok := strings.CutPrefix(msg, "invalid character ")
	if !ok || !strings.HasPrefix(s, "'") {
		return "", "", false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // the escaped character
			if i == len(s) || s[i] == '\n' {
				return "", "", false
			}
		case '\'':
			if i == 1 || strings.Contains(s[i+1:], "\n") {
				return "", "", false
			}
			return s[:i+1], s[i+1:], true
		}
	}
	return "", "", false
}

// inLiteral splits " in literal true (expecting 'r')" into the literal
// and the quoted character it expected, as the regexp
//
//	^ in literal (true|false|null) \(expecting ('.+')\)$
//
// did.
func inLiteral(context string) (literal, expected string, ok bool) {
	rest, prefixed := strings.CutPrefix(context, " in literal ")
	literal, rest, found := strings.Cut(rest, " (expecting ")
	expected, closed := strings.CutSuffix(rest, ")")
	known := literal == "true" || literal == "false" || literal == "null"
	quoted := len(expected) >= 3 && expected[0] == '\'' && expected[len(expected)-1] == '\'' &&
		!strings.Contains(expected, "\n")
	if !prefixed || !found || !closed || !known || !quoted {
		return "", "", false
	}
	return literal, expected, true
}
