package langbundle

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
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
		{"not JSON", "<html>", "byte 0: want '{'"},
		{"cut short", string(good[:len(good)/2]), "does not end"},
		{"an unknown field", strings.Replace(string(good), `"lang":"ko"`, `"lang":"ko","extra":[1,{"a":"}"}]`, 1), `unknown field "extra"`},
		{"more after it", string(good) + "{}", "more after the bundle"},
		{"a file twice", strings.Replace(string(good), `"lessons":{`, `"lessons":{"01-same-key-same-partition.json":{},`, 1), "twice"},
		{"another language", strings.Replace(string(good), `"lang":"ko"`, `"lang":"fr"`, 1), `holds "fr"`},
		{"no catalog", `{"lang":"ko","lessons":{}}`, "no catalog"},
		{"a broken message file", strings.Replace(string(good), `"site.title":`, `"site.title":{"one":1},"x":`, 1), "leftovers.json"},
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

// A lesson's words are read when the lesson is, as the files compiled in
// are: words that do not read leave that lesson in English, and the error
// names the file; the catalog and the other lessons are the bundle's.
func TestBundleWithBrokenLessonWordsKeepsThatLessonEnglish(t *testing.T) {
	restore(t)
	good := edited(t, "번들의 제목", "번들의 수업")
	broken := strings.Replace(string(good), `"title":"번들의 수업"`, `"title":"번들의 수업","colour":"red"`, 1)
	if broken == string(good) {
		t.Fatal("the case changes nothing")
	}
	if err := Install(i18n.Korean, []byte(broken)); err != nil {
		t.Fatal(err)
	}
	all, err := lessons.In(string(i18n.Korean))
	if err == nil || !strings.Contains(err.Error(), "01-same-key-same-partition.json") || !strings.Contains(err.Error(), "colour") {
		t.Errorf("lessons.In says %v, want the file and its unknown field", err)
	}
	english, _ := lessons.All()
	if all[0].Title != english[0].Title {
		t.Errorf("the lesson with broken words reads %q, want English's %q", all[0].Title, english[0].Title)
	}
	if all[1].Title == english[1].Title {
		t.Errorf("the next lesson is English too: %q", all[1].Title)
	}
	if got := i18n.For(i18n.Korean).T("site.title"); got != "번들의 제목" {
		t.Errorf("the catalog reads %q", got)
	}
}

// split reads every real bundle as encoding/json does.
func TestSplitReadsBundlesAsEncodingJSON(t *testing.T) {
	for _, l := range i18n.Langs()[1:] {
		doc, err := Make(l)
		if err != nil {
			t.Fatal(err)
		}
		var want Bundle
		if err := json.Unmarshal(doc, &want); err != nil {
			t.Fatal(err)
		}
		got, err := split(doc)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if got.lang != want.Lang || len(got.messages) != len(want.Messages) || len(got.lessons) != len(want.Lessons) {
			t.Fatalf("%s: split read %s with %d and %d files, want %s with %d and %d", l, got.lang, len(got.messages), len(got.lessons), want.Lang, len(want.Messages), len(want.Lessons))
		}
		for name, b := range want.Messages {
			if !bytes.Equal(got.messages[name], b) {
				t.Errorf("%s: messages %s differ", l, name)
			}
		}
		for name, b := range want.Lessons {
			if !bytes.Equal(got.lessons[name], b) {
				t.Errorf("%s: lessons %s differ", l, name)
			}
		}
	}
}

// BenchmarkInstall is a Korean page's installation of its bundle (natively:
// a cold page in a browser takes several times as long).
func BenchmarkInstall(b *testing.B) {
	doc, err := Make(i18n.Korean)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if err := Install(i18n.Korean, doc); err != nil {
			b.Fatal(err)
		}
	}
}

// The engine worker's words are the bundle's catalog, every file of it, in
// a request the worker's service installs: the charts it draws read what
// the page reads.
func TestWordsRequestCarriesTheCatalogToTheWorker(t *testing.T) {
	for _, l := range i18n.Langs() {
		if l == i18n.English {
			continue
		}
		doc, err := Make(l)
		if err != nil {
			t.Fatal(err)
		}
		b, err := WordsRequest(l, doc)
		if err != nil {
			t.Fatal(err)
		}
		var req runner.Request
		if err := json.Unmarshal(b, &req); err != nil {
			t.Fatalf("%s: the request does not read: %v", l, err)
		}
		files, err := i18n.Files(l)
		if err != nil {
			t.Fatal(err)
		}
		if req.Kind != runner.KindWords || req.Lang != string(l) || len(req.Words) != len(files) {
			t.Fatalf("%s: request %s %s with %d files, want %d", l, req.Kind, req.Lang, len(req.Words), len(files))
		}
		for name, file := range files {
			var want, got map[string]any
			if err := json.Unmarshal(file, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(req.Words[name], &got); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s in the request is not the catalog's file (%v)", l, name, err)
			}
		}
		var s runner.Service
		if out := s.Handle(req, time.Unix(0, 0)); out != nil {
			t.Errorf("%s: the worker answered its words with %+v", l, out)
		}
	}
	if _, err := WordsRequest(i18n.Korean, mustMake(t, i18n.French)); err == nil {
		t.Error("French's bundle made Korean's words")
	}
}

func mustMake(t *testing.T, l i18n.Lang) []byte {
	t.Helper()
	doc, err := Make(l)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}
