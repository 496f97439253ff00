package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sentence is two words written with a space between them: what a person
// reads, unlike an id, a class or a path.
var sentence = regexp.MustCompile(`\pL{2,}[,:;.!?)]? +\(?\pL{2,}`)

// classList is a list of CSS classes kept in a variable: lower-case
// words, one of them hyphenated ("learn-check fail").
var classList = regexp.MustCompile(`^[a-z0-9 ]*[a-z0-9]-[a-z0-9-]+[a-z0-9 -]*$`)

// notShownSentences are the sentences the app's files may hold as
// literals, each with why no person reads it in the page's language.
var notShownSentences = map[string]string{
	"nothing to import as %q":                     "a kind the panel never offers (a programming error)",
	"the review could not be written: %v":         "the console's log, for developers",
	"the empty key":                               "the key's label for keyplacement.Serialize; keyError names it from the catalog",
	"the page stopped before this run ended":      "kept in storage; crashWords says it from the catalog",
	"the engine's worker failed":                  "web/engine.js's words, matched; crashWords says them from the catalog",
	"the engine stopped (exit status ":            "web/engine.js's words, matched (exitStatus); crashWords says them from the catalog",
	"(prefers-reduced-motion: reduce)":            "a CSS media query",
	"What is simplified":                          "the route's English title for the pre-rendered page; nav.simplified in the views",
	"Partition Lab":                               "the product's name",
	"the page's words could not be installed: %v": "the console's log, for developers; langFailureBanner says it from the catalog",
	"the engine gets no words: %v":                "the console's log, for developers (not reached: the words were installed)",
	"no address for the language's words: the page has no link to web/hangul.css": "as above",
	"the download failed": "as above",
	"main details.evidence:not([open]), main details.run-details:not([open]),\nmain #learn-expect:not([open]), main details[data-print-open]:not([open])": "a CSS selector (print.go)",
}

// errorTexts are the functions that may show an error's own text: each
// says in the catalog's words the errors it knows (field errors, a link's,
// an import line's, a key's) and shows any other as it is, the last
// resort. Everywhere else an error reaches the page through one of them.
var errorTexts = map[string]bool{
	"fieldErrorsText": true, "csvProblem": true, "keyError": true, "Error": true,
	"hear": true, // a reply the page cannot read: Go's JSON error as the catalog message's detail
	"bind": true, // the same, said by the runner.Client's Unreadable hook that bind sets up
}

// No error's English text reaches the page but through errorTexts: a
// call of Error() in a view is in one of them.
func TestErrorsReachThePageThroughTheCatalog(t *testing.T) {
	fset := token.NewFileSet()
	for _, name := range translatedViews(t) {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || errorTexts[fn.Name.Name] {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 0 {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
						t.Errorf("%s: %s shows an error's own text (use fieldErrorsText)", fset.Position(call.Pos()), fn.Name.Name)
					}
				}
				return true
			})
		}
	}
}

// No sentence reaches the page from the app's files without the catalog:
// besides the go-app setters TestTranslatedViewsUseTheCatalog checks, a
// literal of two words or more anywhere in a view (an error kept in a
// field, a notice, a crash's reason) is a catalog id (the first argument
// of T or Has), a class list (or a regular expression), an English table the catalog is checked
// against (springNames), or in notShownSentences.
func TestNoSentenceBypassesTheCatalog(t *testing.T) {
	fset := token.NewFileSet()
	for _, name := range translatedViews(t) {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		skip := map[ast.Node]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.ValueSpec:
				for _, id := range n.Names {
					if id.Name == "springNames" { // checked against the catalog's English in editor_catalog_test.go
						return false
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) > 0 {
					switch sel.Sel.Name {
					case "T", "Has", "Class", "MustCompile":
						skip[n.Args[0]] = true
					}
				}
			case *ast.BasicLit:
				s, ok := stringLit(n)
				if ok && !skip[n] && sentence.MatchString(s) && !classList.MatchString(s) && notShownSentences[s] == "" {
					t.Errorf("%s: %q is shown without the catalog", fset.Position(n.Pos()), s)
				}
			}
			return true
		})
	}
}

// wordPackages are the app's subpackages: chart titles and legends
// (plots), the downloaded review (report), headline cards and evidence
// (results), the flow view's SVG (flow), the editor's fields
// (scenarioform), and the others whose words reach a page (changes,
// errors, imports, keys, links, the worker, the embed's module). Only
// the catalog (i18n) is left out. TestEverySubpackageIsScanned keeps the
// list whole.
var wordPackages = []string{"plots", "chart", "report", "results", "flow", "scenarioform", "presetwords", "changes", "errtext", "importconfig", "keyplacement", "runner", "share", "engineworker", "sweepclient", "sweepreport", "embedlink", "embedmain", "langbundle"}

// englishSources are files of those packages whose sentences are the
// English a catalog is checked against, or words no page shows.
var englishSources = map[string]string{
	"scenarioform/sections.go":          "the editor's English; editor.json says it per language (editor_catalog_test.go)",
	"scenarioform/sections_consumer.go": "as sections.go",
	"scenarioform/sections_producer.go": "as sections.go",
	"scenarioform/sections_timeline.go": "as sections.go",
	"scenarioform/sections_share.go":    "as sections.go",
	"report/simplified.go":              "What is simplified in English; simplified.N in the catalog (TestCatalogCoversTheViews)",
	"report/table.go":                   "the command line's table, which stays English",
	"changes/changes.go":                "the changes' English labels; compare.change.<id> says them (compare_i18n_test.go)",
	"importconfig/reasons.go":           "the import's English reasons; editor.import.why.<id> says them (editor_catalog_test.go)",
	"importconfig/importconfig.go":      "outcomes and Note.String, for the command line; the editor says notes from their codes",
	"share/errors.go":                   "share.Error's English; link.<code> says it (TestLinkErrorsEnglishIsTheCatalogs)",
	"runner/service.go":                 "a request kind the page never sends (a programming error)",
	"engineworker/main.go":              "the worker's protocol failures, reported as a crash (programming errors)",
	"runner/sweep.go":                   "a sweep request the page never sends (a programming error)",
	"sweepreport/sweepreport.go":        "the sweep's review as the command line writes it, in English",
	"sweepreport/markdown.go":           "as sweepreport.go",
	"sweepreport/html.go":               "as sweepreport.go",
	"sweepreport/charts.go":             "as sweepreport.go",
	"langbundle/langbundle.go":          "why a bundle did not install, for the console's log; langFailureBanner says it from the catalog",
	"langbundle/split.go":               "as langbundle.go",
}

// In the word packages a sentence literal is a catalog id (T, Has), an
// error value (Errorf, errors.New: a programming error, or one the app
// says through fieldErrorsText), a regular expression, markup or a font
// list (it holds '<', '=', "font-family" or "sans-serif"), a command in
// backquotes (Markdown's code), an engine value it is compared
// with (== "retry topic"), or in englishSources: never words drawn on a
// chart, a card or a review.
func TestWordPackagesUseTheCatalog(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range wordPackages {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") || englishSources[filepath.ToSlash(name)] != "" {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			skip := map[ast.Node]bool{}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ImportSpec:
					return false
				case *ast.BinaryExpr:
					if n.Op == token.EQL || n.Op == token.NEQ {
						skip[n.X], skip[n.Y] = true, true
					}
				case *ast.CallExpr:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) > 0 {
						switch sel.Sel.Name {
						case "T", "Has", "Errorf", "New", "MustCompile":
							skip[n.Args[0]] = true
						}
					}
				case *ast.BasicLit:
					s, ok := stringLit(n)
					if ok && !skip[n] && sentence.MatchString(s) && !strings.ContainsAny(s, "<=`") && !strings.Contains(s, "sans-serif") && !strings.Contains(s, "font-family") {
						t.Errorf("%s: %q is shown without the catalog", fset.Position(n.Pos()), s)
					}
				}
				return true
			})
		}
	}
}

// A new subpackage of app/ is scanned: wordPackages names every one but
// the catalog.
func TestEverySubpackageIsScanned(t *testing.T) {
	listed := map[string]bool{"i18n": true}
	for _, p := range wordPackages {
		listed[p] = true
	}
	dirs, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if dir := filepath.Dir(d); !listed[dir] {
			t.Errorf("app/%s is not in wordPackages", dir)
			listed[dir] = true
		}
	}
}
