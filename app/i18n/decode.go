package i18n

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"unicode/utf8"
)

// decodeMessages reads one catalog file: an object whose values are texts
// or objects of plural forms. It reads the file in one pass, where
// encoding/json checks it whole, then decodes it through reflection,
// which took most of the 60 ms a catalog cost at a cold start in the
// browser. Whatever it does not expect (an escape it leaves to
// encoding/json aside) it hands to encoding/json, whose result and errors
// are the reference (TestDecodeMessagesAsEncodingJSON).
func decodeMessages(b []byte) (map[string]message, error) {
	m := map[string]message{}
	if err := decodeMessagesTo(b, func(id string, msg message) { m[id] = msg }); err != nil {
		return nil, err
	}
	return m, nil
}

// decodeMessagesTo is decodeMessages giving each message to put as it is
// read, rather than in a map of its own (a catalog's parse puts them
// straight into the catalog's). An id given twice in the file is put
// twice, the last one last. If the one-pass reading has a doubt, put may
// already have had some of the file's messages; encoding/json's reading
// then puts them all again.
func decodeMessagesTo(b []byte, put func(id string, m message)) error {
	err := scanMessagesTo(b, put)
	if err != errUnexpected {
		return err
	}
	var m map[string]message
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	for _, id := range slices.Sorted(maps.Keys(m)) {
		put(id, m[id])
	}
	return nil
}

// errUnexpected stops the scanner; decodeMessages then asks encoding/json.
var errUnexpected = errors.New("unexpected")

// scanner reads b from i.
type scanner struct {
	b []byte
	i int
}

// scanMessages is the one-pass reading; ok is false for anything outside
// the catalog's shape or any doubt.
func scanMessages(b []byte) (map[string]message, bool) {
	m := map[string]message{}
	err := scanMessagesTo(b, func(id string, msg message) { m[id] = msg })
	return m, err == nil
}

// scanMessagesTo is the one-pass reading giving each message to put. It
// returns errUnexpected where scanMessages is not ok.
func scanMessagesTo(b []byte, put func(id string, m message)) error {
	if !utf8.Valid(b) { // encoding/json writes U+FFFD for such bytes
		return errUnexpected
	}
	s := scanner{b: b}
	err := s.object(func(id string) error {
		s.space()
		if s.i < len(s.b) && s.b[s.i] == '{' {
			forms := map[string]string{}
			if err := s.object(func(form string) error {
				s.space()
				text, err := s.str()
				forms[form] = text
				return err
			}); err != nil {
				return err
			}
			put(id, message{forms: forms})
			return nil
		}
		text, err := s.str()
		if err != nil {
			return err
		}
		put(id, message{text: text})
		return nil
	})
	if err != nil {
		return err
	}
	if s.space(); s.i != len(s.b) {
		return errUnexpected
	}
	return nil
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// object reads {"key": value, ...}, calling value after each key's colon.
func (s *scanner) object(value func(key string) error) error {
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		return errUnexpected
	}
	s.i++
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		return nil
	}
	for {
		s.space()
		key, err := s.str()
		if err != nil {
			return err
		}
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return errUnexpected
		}
		s.i++
		if err := value(key); err != nil {
			return err
		}
		s.space()
		if s.i >= len(s.b) {
			return errUnexpected
		}
		switch s.b[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return nil
		default:
			return errUnexpected
		}
	}
}

// str reads a string. One with an escape is decoded by encoding/json; a
// control character, which JSON forbids, is refused.
func (s *scanner) str() (string, error) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return "", errUnexpected
	}
	start, escaped := s.i, false
	for s.i++; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '\\':
			escaped = true
			s.i++
		case c == '"':
			s.i++
			if !escaped {
				return string(s.b[start+1 : s.i-1]), nil
			}
			var text string
			if err := json.Unmarshal(s.b[start:s.i], &text); err != nil {
				return "", errUnexpected
			}
			return text, nil
		case c < 0x20:
			return "", errUnexpected
		}
	}
	return "", errUnexpected
}
