package i18n

import (
	"encoding/json"
	"errors"
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
	if m, ok := scanMessages(b); ok {
		return m, nil
	}
	var m map[string]message
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return m, nil
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
	if !utf8.Valid(b) { // encoding/json writes U+FFFD for such bytes
		return nil, false
	}
	s := scanner{b: b}
	m := map[string]message{}
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
			m[id] = message{forms: forms}
			return nil
		}
		text, err := s.str()
		m[id] = message{text: text}
		return err
	})
	if err != nil {
		return nil, false
	}
	s.space()
	return m, s.i == len(s.b)
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
