package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"partitionlab/app/i18n"
	"partitionlab/app/report"
)

// shownNothing are the app's files that put no word on the page: every
// other non-test .go file of app/ is scanned by default, so a new view is
// checked without anyone adding it to a list.
var shownNothing = map[string]string{
	"doc.go":           "the package's doc comment",
	"address.go":       "reads and writes the address bar",
	"routes.go":        "registers the pages' paths",
	"runmarks.go":      "performance marks for the benchmarks, never shown",
	"hangul_embed.go":  "the Hangul faces' CSS for saved files",
	"hangul_fetch.go":  "fetches the Hangul faces",
	"hangul_ranges.go": "the Hangul faces' characters, generated",
}

// translatedViews are the app's non-test .go files that may show words:
// all of them but shownNothing.
func translatedViews(t *testing.T) []string {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var views []string
	for _, n := range names {
		if !strings.HasSuffix(n, "_test.go") && shownNothing[n] == "" {
			views = append(views, n)
		}
	}
	return views
}

// keptAsWritten are words a translated view may show as they are: names
// that are the same in every language.
var keptAsWritten = map[string]bool{"Partition Lab": true,
	"SVG": true, "PNG": true, // the download buttons' file formats
}

// textSetters are the go-app calls whose string argument a person reads or
// hears; for Aria, only the label.
var textSetters = map[string]bool{"Text": true, "Alt": true, "Title": true, "Placeholder": true, "Label": true}

// No string literal reaches the page from a translated view without going
// through the catalog: every literal passed to Text, Alt, Title,
// Placeholder, Label or Aria("label", …) (directly or in a concatenation)
// is punctuation, a space, or a name kept as written.
func TestTranslatedViewsUseTheCatalog(t *testing.T) {
	en := i18n.For(i18n.English)
	fset := token.NewFileSet()
	for _, name := range translatedViews(t) {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			var args []ast.Expr
			switch {
			case textSetters[sel.Sel.Name]:
				args = call.Args
			case sel.Sel.Name == "Aria" && len(call.Args) == 2 && literal(call.Args[0]) == "label":
				args = call.Args[1:]
			case sel.Sel.Name == "T" && len(call.Args) > 0:
				if id, ok := stringLit(call.Args[0]); ok && !en.Has(id) {
					t.Errorf("%s: message %q is not in the catalog", fset.Position(call.Pos()), id)
				}
			}
			for _, a := range args {
				for _, s := range literalsIn(a) {
					if hasLetter(s) && !keptAsWritten[s] {
						t.Errorf("%s: %q is shown without the catalog", fset.Position(a.Pos()), s)
					}
				}
			}
			return true
		})
	}
}

// literalsIn are the string literals of e and of the concatenations in it,
// not those passed to a call inside it (a catalog id is not shown).
func literalsIn(e ast.Expr) []string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if s, ok := stringLit(e); ok {
			return []string{s}
		}
	case *ast.BinaryExpr:
		return append(literalsIn(e.X), literalsIn(e.Y)...)
	case *ast.ParenExpr:
		return literalsIn(e.X)
	}
	return nil
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

func literal(e ast.Expr) string { s, _ := stringLit(e); return s }

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// The ids the views build at run time are all in the catalog, and its
// English says what the data it stands for says: the navigation, the
// themes and presets of the start, and What is simplified (the same list
// as the review reports'). The lessons' words are the lessons' own
// (sim/lessons/data/<lang>/), not the catalog's.
func TestCatalogCoversTheViews(t *testing.T) {
	en := i18n.For(i18n.English)
	need := []string{"theme.more"}
	for _, p := range pages() {
		need = append(need, "nav."+p.id)
	}
	for _, th := range themeOrder {
		need = append(need, "theme."+th.id)
		for _, n := range th.names {
			need = append(need, "preset."+n, "presetline."+n)
			if got, want := en.T("presetline."+n), presetLine(n); got != want {
				t.Errorf("presetline.%s is %q, the preset's description begins %q", n, got, want)
			}
		}
	}
	for _, id := range need {
		if !en.Has(id) {
			t.Errorf("%q is not in the catalog", id)
		}
	}
	for _, p := range pages() {
		if got := en.T("nav." + p.id); got != p.title {
			t.Errorf("nav.%s is %q, the page's title %q", p.id, got, p.title)
		}
	}
	if got, want := simplifications(en), report.Simplifications(); len(got) != len(want) {
		t.Errorf("What is simplified has %d items, the report %d", len(got), len(want))
	} else {
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("simplification %d: catalog %q, report %q", i+1, got[i], want[i])
			}
		}
	}
}

// A link between pages carries the language, except English, the default;
// the query and fragment it already has are kept.
func TestWithLang(t *testing.T) {
	for _, tc := range []struct {
		link string
		lang i18n.Lang
		want string
	}{
		{"/learn", i18n.Portuguese, "/learn?lang=pt"},
		{"/learn?lesson=salting&step=2", i18n.Korean, "/learn?lang=ko&lesson=salting&step=2"},
		{"/?lang=pt#preset=hot-customer", i18n.French, "/?lang=fr#preset=hot-customer"},
		{"/?lang=pt#preset=hot-customer", i18n.English, "/#preset=hot-customer"},
		{"/keys", i18n.English, "/keys"},
	} {
		if got := withLang(tc.link, tc.lang); got != tc.want {
			t.Errorf("withLang(%q, %s) = %q, want %q", tc.link, tc.lang, got, tc.want)
		}
	}
}
