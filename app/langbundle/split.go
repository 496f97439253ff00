package langbundle

import (
	"encoding/json"
	"fmt"

	"partitionlab/app/i18n"
)

// split reads a bundle's top level: its language and the files of its
// two objects, each file as its raw bytes. It reads the structure only
// (strings, objects, arrays, numbers and literals), in one pass: each
// file is then read by its own reader (the catalog's, the lessons'). On a
// cold page encoding/json took most of the 150–250 ms the first bundles
// took to install (BenchmarkColdLoadKorean); this takes a few.
func split(doc []byte) (parts, error) {
	s := scanner{doc: doc}
	var b parts
	err := s.object(func(key string) error {
		switch key {
		case "lang":
			v, err := s.str()
			b.lang = i18n.Lang(v)
			return err
		case "messages":
			b.messages = map[string][]byte{}
			return s.files(b.messages)
		case "lessons":
			b.lessons = map[string][]byte{}
			return s.files(b.lessons)
		}
		return s.fail("an unknown field %q", key)
	})
	if err == nil {
		s.space()
		if s.i != len(s.doc) {
			err = s.fail("more after the bundle")
		}
	}
	return b, err
}

// parts are a bundle as split reads it: each file's bytes, by name.
type parts struct {
	lang              i18n.Lang
	messages, lessons map[string][]byte
}

// scanner reads doc from i.
type scanner struct {
	doc []byte
	i   int
}

func (s *scanner) fail(format string, args ...any) error {
	return fmt.Errorf("byte %d: "+format, append([]any{s.i}, args...)...)
}

func (s *scanner) space() {
	for s.i < len(s.doc) {
		switch s.doc[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// expect reads byte c, after any space.
func (s *scanner) expect(c byte) error {
	s.space()
	if s.i >= len(s.doc) || s.doc[s.i] != c {
		return s.fail("want %q", c)
	}
	s.i++
	return nil
}

// object reads an object, calling field at each key with the scanner at
// its value, which field must read.
func (s *scanner) object(field func(key string) error) error {
	if err := s.expect('{'); err != nil {
		return err
	}
	s.space()
	if s.i < len(s.doc) && s.doc[s.i] == '}' {
		s.i++
		return nil
	}
	for {
		key, err := s.str()
		if err != nil {
			return err
		}
		if err := s.expect(':'); err != nil {
			return err
		}
		if err := field(key); err != nil {
			return err
		}
		s.space()
		if s.i < len(s.doc) && s.doc[s.i] == ',' {
			s.i++
			continue
		}
		return s.expect('}')
	}
}

// files reads an object of files into into, each value as its bytes.
func (s *scanner) files(into map[string][]byte) error {
	return s.object(func(name string) error {
		if _, dup := into[name]; dup {
			return s.fail("the file %q twice", name)
		}
		s.space()
		from := s.i
		if err := s.value(); err != nil {
			return err
		}
		into[name] = s.doc[from:s.i]
		return nil
	})
}

// str reads a string and returns its text.
func (s *scanner) str() (string, error) {
	s.space()
	from := s.i
	if err := s.skipString(); err != nil {
		return "", err
	}
	raw := s.doc[from:s.i]
	for _, c := range raw[1 : len(raw)-1] {
		if c == '\\' {
			var v string // an escape: rare in a key; encoding/json says it
			err := json.Unmarshal(raw, &v)
			return v, err
		}
	}
	return string(raw[1 : len(raw)-1]), nil
}

// skipString passes a string: its escapes are read as pairs, and a
// control character is refused as JSON refuses it.
func (s *scanner) skipString() error {
	if s.i >= len(s.doc) || s.doc[s.i] != '"' {
		return s.fail("want a string")
	}
	for s.i++; s.i < len(s.doc); s.i++ {
		switch c := s.doc[s.i]; {
		case c == '"':
			s.i++
			return nil
		case c == '\\':
			s.i++
		case c < 0x20:
			return s.fail("a control character in a string")
		}
	}
	return s.fail("a string that does not end")
}

// value passes any value.
func (s *scanner) value() error {
	s.space()
	if s.i >= len(s.doc) {
		return s.fail("want a value")
	}
	switch s.doc[s.i] {
	case '"':
		return s.skipString()
	case '{':
		return s.object(func(string) error { return s.value() })
	case '[':
		s.i++
		s.space()
		if s.i < len(s.doc) && s.doc[s.i] == ']' {
			s.i++
			return nil
		}
		for {
			if err := s.value(); err != nil {
				return err
			}
			s.space()
			if s.i < len(s.doc) && s.doc[s.i] == ',' {
				s.i++
				continue
			}
			return s.expect(']')
		}
	}
	from := s.i // a number or a literal: its own reader checks its spelling
	for s.i < len(s.doc) {
		c := s.doc[s.i]
		if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		s.i++
	}
	if s.i == from {
		return s.fail("want a value")
	}
	return nil
}
