package i18n

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"testing"
)

// The catalog's own reader gives what encoding/json gives: for every file
// of every language, and for hand-made texts with escapes, plural forms,
// odd spacing, and broken JSON, which both refuse.
func TestDecodeMessagesAsEncodingJSON(t *testing.T) {
	inputs := map[string]string{
		"empty":          `{}`,
		"spaced":         " \r\n\t{ \"a\" :\"x\" ,\n\"b\":{ \"one\" : \"1\", \"other\":\"n\" } } \n",
		"escapes":        `{"a": "say \"hi\"\n\ttab \\ \/ \u00e9 \ud83d\ude00", "b": {"one": "\u2260"}}`,
		"escaped key":    `{"a\"b": "x"}`,
		"empty forms":    `{"a": {}}`,
		"repeated key":   `{"a": "1", "a": "2"}`,
		"utf8":           `{"a": "파티션 ÷ ≤"}`,
		"trailing comma": `{"a": "x",}`,
		"no colon":       `{"a" "x"}`,
		"number":         `{"a": 1}`,
		"null":           `{"a": null}`,
		"array":          `{"a": ["x"]}`,
		"unterminated":   `{"a": "x`,
		"no close":       `{"a": "x"`,
		"control":        "{\"a\": \"x\ty\"}",
		"bad escape":     `{"a": "\x"}`,
		"invalid utf8":   "{\"a\": \"\xff\"}",
		"after the end":  `{"a": "x"} {}`,
		"not an object":  `"a"`,
		"nothing":        ``,
		"nested forms":   `{"a": {"one": {"x": "y"}}}`,
	}
	err := fs.WalkDir(files, "messages", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := files.ReadFile(path)
		inputs[path] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 40 {
		t.Fatalf("read only %d inputs", len(inputs))
	}
	for name, in := range inputs {
		var want map[string]message
		wantErr := json.Unmarshal([]byte(in), &want)
		got, gotErr := decodeMessages([]byte(in))
		if (wantErr == nil) != (gotErr == nil) {
			t.Errorf("%s: error %v, encoding/json's %v", name, gotErr, wantErr)
			continue
		}
		if wantErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %#v, encoding/json read %#v", name, got, want)
		}
	}
}

// The one-pass reader reads the catalogs themselves without handing them
// to encoding/json (which would make them as slow as before).
func TestEveryCatalogFileReadsInOnePass(t *testing.T) {
	err := fs.WalkDir(files, "messages", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := files.ReadFile(path)
		if _, ok := scanMessages(b); !ok {
			t.Errorf("%s: handed to encoding/json", path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func BenchmarkLoadCatalog(b *testing.B) {
	for range b.N {
		if _, err := Load(English); err != nil {
			b.Fatal(err)
		}
	}
}
