package langbundle

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// Every file of a language's catalog and lessons' words is in its bundle,
// as it is in the source tree: a page in that language reads what the
// tests read.
func TestBundleCarriesEveryFileOfItsLanguage(t *testing.T) {
	for _, l := range i18n.Langs() {
		if l == i18n.English {
			if _, err := Make(l); err == nil {
				t.Error("English got a bundle, though every module holds it")
			}
			continue
		}
		doc, err := Make(l)
		if err != nil {
			t.Fatal(err)
		}
		var b Bundle
		if err := json.Unmarshal(doc, &b); err != nil {
			t.Fatal(err)
		}
		msgs, err := i18n.Files(l)
		if err != nil {
			t.Fatal(err)
		}
		words, err := lessons.WordFiles(string(l))
		if err != nil {
			t.Fatal(err)
		}
		sameFiles(t, string(l)+" catalog", b.Messages, msgs)
		sameFiles(t, string(l)+" lessons", b.Lessons, words)
	}
}

func sameFiles(t *testing.T, what string, got map[string]json.RawMessage, want map[string][]byte) {
	t.Helper()
	if len(got) != len(want) || len(want) == 0 {
		t.Errorf("%s: %d files in the bundle, %d in the source", what, len(got), len(want))
	}
	for name, b := range want {
		var compact bytes.Buffer
		if err := json.Compact(&compact, b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got[name], compact.Bytes()) {
			t.Errorf("%s: %s differs from the source", what, name)
		}
	}
}

// edited is ko's bundle with one message and one lesson title changed.
func edited(t *testing.T, title, lessonTitle string) []byte {
	t.Helper()
	doc, err := Make(i18n.Korean)
	if err != nil {
		t.Fatal(err)
	}
	var b Bundle
	if err := json.Unmarshal(doc, &b); err != nil {
		t.Fatal(err)
	}
	set := func(files map[string]json.RawMessage, file, key, value string) {
		var m map[string]any
		if err := json.Unmarshal(files[file], &m); err != nil {
			t.Fatal(err)
		}
		m[key] = value
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		files[file] = out
	}
	set(b.Messages, "leftovers.json", "site.title", title)
	set(b.Lessons, "01-same-key-same-partition.json", "title", lessonTitle)
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// restore puts ko's own bundle back once a test is done.
func restore(t *testing.T) {
	t.Cleanup(func() {
		doc, err := Make(i18n.Korean)
		if err == nil {
			err = Install(i18n.Korean, doc)
		}
		if err != nil {
			t.Fatal(err)
		}
	})
}

func koreanTitles(t *testing.T) (site, lesson string) {
	t.Helper()
	all, err := lessons.In(string(i18n.Korean))
	if err != nil {
		t.Fatal(err)
	}
	return i18n.For(i18n.Korean).T("site.title"), all[0].Title
}

// What a page shows in a language is its installed bundle's words: the
// catalog's messages and the lessons' titles.
func TestInstalledBundleIsWhatThePageReads(t *testing.T) {
	restore(t)
	if err := Install(i18n.Korean, edited(t, "번들의 제목", "번들의 수업")); err != nil {
		t.Fatal(err)
	}
	if site, lesson := koreanTitles(t); site != "번들의 제목" || lesson != "번들의 수업" {
		t.Errorf("after installing the bundle the page reads %q and %q", site, lesson)
	}
	if got := i18n.For(i18n.French).T("site.title"); strings.Contains(got, "번들") {
		t.Errorf("French reads Korean's bundle: %q", got)
	}
}

// A bundle that is not the language's, or whose files do not read,
// installs nothing, and the error says what is wrong.
func TestBrokenBundleInstallsNothing(t *testing.T) {
	restore(t)
	site, lesson := koreanTitles(t)
	good := edited(t, "번들의 제목", "번들의 수업")
	cases := []struct {
		name, doc, want string
	}{
		{"not JSON", "<html>", "invalid character"},
		{"another language", strings.Replace(string(good), `"lang":"ko"`, `"lang":"fr"`, 1), `holds "fr"`},
		{"no catalog", `{"lang":"ko","lessons":{}}`, "no catalog"},
		{"a broken message file", strings.Replace(string(good), `"site.title":`, `"site.title":{"one":1},"x":`, 1), "leftovers.json"},
		{"a lesson's words with an unknown field", strings.Replace(string(good), `"title":"번들의 수업"`, `"title":"번들의 수업","colour":"red"`, 1), "01-same-key-same-partition.json"},
		{"words for no lesson", strings.Replace(string(good), `"01-same-key-same-partition.json":`, `"99-nothing.json":`, 1), "99-nothing.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.doc == string(good) {
				t.Fatal("the case changes nothing")
			}
			err := Install(i18n.Korean, []byte(c.doc))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one that says %q", err, c.want)
			}
			if s, l := koreanTitles(t); s != site || l != lesson {
				t.Errorf("the page now reads %q and %q", s, l)
			}
		})
	}
}
