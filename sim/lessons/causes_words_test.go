package lessons

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// causeNames reads the names the results page gives the causes of an
// ordering violation (evidence.cause.*) in lang, from the app's catalog.
func causeNames(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "app", "i18n", "messages", lang, "evidence.json"))
	if err != nil {
		t.Fatalf("the %s cause names: %v", lang, err)
	}
	var all map[string]any
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatalf("the %s cause names: %v", lang, err)
	}
	names := map[string]string{}
	for id, v := range all {
		if s, ok := v.(string); ok && strings.HasPrefix(id, "evidence.cause.") {
			names[id] = s
		}
	}
	return names
}

// A lesson that quotes a cause as the results page names it ("explained
// as \"no key\"") quotes, in every language, the words that language's
// results page shows for that cause, so a learner can find it there.
func TestLessonsQuoteTheCausesAsTheResultsNameThem(t *testing.T) {
	en, err := All()
	if err != nil {
		t.Fatal(err)
	}
	english := causeNames(t, "en")
	quoted := regexp.MustCompile(`"([^"]+)"`)
	for _, lang := range translated {
		names := causeNames(t, lang)
		all, _ := In(lang)
		missing, _ := Missing(lang)
		for i, l := range all {
			if slices.Contains(missing, l.File) {
				continue
			}
			eachWord(WordsOf(en[i]), WordsOf(l), func(field, eng, tr string) {
				for _, m := range quoted.FindAllStringSubmatch(eng, -1) {
					for id, name := range english {
						if name == m[1] && !inQuotes(tr, names[id]) {
							t.Errorf("%s/%s %s quotes %q; the %s results page calls it %q, the lesson does not: %q",
								lang, l.File, field, name, lang, names[id], tr)
						}
					}
				}
			})
		}
	}
}

// inQuotes reports whether text quotes name whole, in any language's
// quotation marks (“…”, « … », ‘…’, "…").
func inQuotes(text, name string) bool {
	space := `[\s\x{00A0}\x{202F}]*`
	re := regexp.MustCompile(`[“«‘"]` + space + regexp.QuoteMeta(name) + space + `[”»’"]`)
	return re.MatchString(text)
}
