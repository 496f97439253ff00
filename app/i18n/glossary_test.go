package i18n

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// These tests hold every area's catalog (messages/<lang>/*.json, all of
// them, not only the ones a review read) and every lesson overlay
// (sim/lessons/data/<lang>/*.json) to the conventions of docs/glossary.md:
// French typography, and the words each language's Kafka engineers do not
// use for a concept the glossary names. A new area file or a new lesson is
// covered without touching this file.

// text is one message or one form of a counted message, or one string of a
// lesson overlay, with where it comes from.
type text struct {
	where string // file and id (catalog) or file and JSON path (overlay)
	s     string
}

// textsIn is every text of l: each catalog file's messages (each plural
// form on its own) and each string of each lesson overlay of l.
func textsIn(t *testing.T, l Lang) []text {
	t.Helper()
	var all []text
	dir := "messages/" + string(l)
	entries, err := files.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := dir + "/" + e.Name()
		b, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var part map[string]message
		if err := json.Unmarshal(b, &part); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for id, m := range part {
			if m.forms == nil {
				all = append(all, text{name + " " + id, m.text})
			}
			for f, s := range m.forms {
				all = append(all, text{name + " " + id + "/" + f, s})
			}
		}
	}
	// The lessons' words live beside the lessons; the glossary covers them
	// as it covers the app (sim/lessons reads the app's catalogs the same
	// way to check that the lessons quote the results page's causes).
	lessons := filepath.Join("..", "..", "sim", "lessons", "data", string(l))
	overlays, err := os.ReadDir(lessons)
	if err != nil {
		t.Fatalf("the %s lesson overlays: %v", l, err)
	}
	if len(overlays) == 0 {
		t.Fatalf("no %s lesson overlays in %s", l, lessons)
	}
	for _, e := range overlays {
		name := filepath.Join(lessons, e.Name())
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		eachString(doc, "", func(p, s string) { all = append(all, text{"lessons/" + string(l) + "/" + e.Name() + " " + p, s}) })
	}
	sort.Slice(all, func(i, j int) bool { return all[i].where < all[j].where })
	return all
}

// eachString calls f with every string of a decoded JSON document and its
// path (/steps/2/text).
func eachString(v any, p string, f func(p, s string)) {
	switch v := v.(type) {
	case string:
		f(p, v)
	case []any:
		for i, x := range v {
			eachString(x, fmt.Sprintf("%s/%d", p, i), f)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			eachString(v[k], path.Join(p, k), f)
		}
	}
}

// frCode are the few French texts that quote code as the user writes it,
// where a colon is followed by a space and French spacing must not apply.
var frCode = []string{
	"key: value", // editor.import.why.yaml_not_key: the shape of a YAML line
}

// closes are the signs that may follow punctuation that ends a phrase.
const closes = `)]»”’"`

// frenchTypography lists what is wrong with s by French typography, as
// docs/glossary.md gives it:
//   - a colon that ends a phrase (followed by a space, the end of the text
//     or a closing sign) has a no-break space U+00A0 before it, never a
//     plain or narrow space, nor none. A colon followed by anything else is
//     not punctuation but part of a name or a number and is not checked:
//     a time (12:00), a URL (https://), code without a space (key:value).
//     Placeholders are checked like words ({at}: is written "{at} : ").
//   - ; ? and ! that end a phrase (the same rule: what follows is a space,
//     the end or a closing sign) have a narrow no-break space U+202F before
//     them, never another space, nor none; so ?lang=fr in a URL or != in
//     code are not checked.
//   - « is followed by U+00A0 and » preceded by U+00A0.
//
// A sign at the very start of a text (a separator such as "\u202f; " has
// its space) has nothing before it to check.
func frenchTypography(s string) []string {
	for _, c := range frCode {
		s = strings.ReplaceAll(s, c, strings.Repeat("x", utf8.RuneCountInString(c)))
	}
	r := []rune(s)
	var bad []string
	at := func(i int, what string) {
		lo, hi := max(0, i-20), min(len(r), i+15)
		bad = append(bad, fmt.Sprintf("%s in %q", what, string(r[lo:hi])))
	}
	for i, c := range r {
		var prev, next rune = -1, -1
		if i > 0 {
			prev = r[i-1]
		}
		if i+1 < len(r) {
			next = r[i+1]
		}
		endsPhrase := next == -1 || unicode.IsSpace(next) || strings.ContainsRune(closes, next)
		switch c {
		case ':', ';', '?', '!':
			want := '\u202f'
			if c == ':' {
				want = '\u00a0'
			}
			switch {
			case prev == -1 || !endsPhrase || prev == want:
			case unicode.IsSpace(prev):
				at(i, fmt.Sprintf("U+%04X before “%c”, want U+%04X", prev, c, want))
			default:
				at(i, fmt.Sprintf("no U+%04X before “%c”", want, c))
			}
		case '«':
			if next != '\u00a0' {
				at(i, "no U+00A0 after “«”")
			}
		case '»':
			if prev != '\u00a0' {
				at(i, "no U+00A0 before “»”")
			}
		}
	}
	return bad
}

// Every French message of every area and every French lesson overlay is
// written with French typography.
func TestFrenchTypographyEverywhere(t *testing.T) {
	for _, x := range textsIn(t, French) {
		for _, b := range frenchTypography(x.s) {
			t.Errorf("%s: %s", x.where, b)
		}
	}
}

func TestFrenchTypographyRule(t *testing.T) {
	for s, wantBad := range map[string]bool{
		"Lien copié\u00a0: il reproduit":         false,
		"Lien copié : il reproduit":              true,
		"Lien copié: il reproduit":               true,
		"Lien copié\u202f: il reproduit":         true,
		"{at}\u00a0: {action}":                   false,
		"{at}: {action}":                         true,
		"Digest {side}\u00a0:":                   false,
		"à 12:00, voir https://kafka.apache.org": false,
		"group.id:orders et key:value":           false,
		"la forme key: value":                    false,
		"a-t-il été coupé\u202f?)":               false,
		"a-t-il été coupé ?)":                    true,
		"a-t-il été coupé?)":                     true,
		"?lang=fr, a != b":                       false,
		"vides\u202f; les espaces":               false,
		"vides ; les espaces":                    true,
		"vides\u00a0; les espaces":               true,
		"le graphique «\u00a0{chart}\u00a0»":     false,
		"le graphique « {chart} »":               true,
		"le graphique «{chart}»":                 true,
	} {
		if got := len(frenchTypography(s)) > 0; got != wantBad {
			t.Errorf("%q: found wrong %v, want %v (%q)", s, got, wantBad, frenchTypography(s))
		}
	}
}

// avoid is a word a language's glossary does not use, and what it says
// instead.
type avoid struct {
	re   *regexp.Regexp
	want string
	// allowed, if set, reports whether the match at s[i:j] is a Kafka name
	// rather than the word the glossary replaces.
	allowed func(s string, i, j int) bool
}

// kafkaGroup reports whether "group" at s[i:j] is part of one of Kafka's
// names, which stay as Kafka spells them, rather than the group on its
// own (which es calls grupo and fr groupe):
//   - a setting or a field: group.id, group.instance.id, group.protocol,
//     group_protocol, group-events (a name followed or preceded by . _ - /
//     and a letter);
//   - the consumer-group vocabulary the communities keep in English:
//     consumer group(s), kafka-consumer-groups, group coordinator.
//
// "el group", "du group", "le group" are not any of these.
func kafkaGroup(s string, i, j int) bool {
	before, after := s[:i], s[j:]
	if strings.HasSuffix(before, ".") || strings.HasSuffix(before, "_") || strings.HasSuffix(before, "-") || strings.HasSuffix(before, "/") {
		return true
	}
	if len(after) >= 2 && strings.ContainsRune("._-", rune(after[0])) && isWordByte(after[1]) {
		return true
	}
	lower := strings.ToLower(before)
	return strings.HasSuffix(lower, "consumer ") || strings.HasSuffix(lower, "consumers ") ||
		strings.HasPrefix(strings.ToLower(after), " coordinator")
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// kafkaPath reports whether the Latin word at s[i:j] is part of a path in
// a scenario file or an error about one (timeline[0].partitions), not a
// word of the sentence.
func kafkaPath(s string, i, j int) bool {
	return j < len(s) && strings.ContainsRune("[._", rune(s[j])) || i > 0 && strings.ContainsRune("._\"`", rune(s[i-1]))
}

// kafkaRetry reports whether the Latin "retry" at s[i:j] is one of the
// names ko keeps in English, as the glossary lists them: retry topic,
// blocking retry, or part of a setting (retry.backoff.ms, retry_topic);
// the act of retrying is 재시도.
func kafkaRetry(s string, i, j int) bool {
	return kafkaPath(s, i, j) || strings.HasPrefix(s[j:], " topic") || strings.HasSuffix(s[:i], "blocking ")
}

// avoided are, per language, the words of docs/glossary.md's minority
// spellings that the review (docs/i18n-review.md) replaced in every area,
// so that none comes back. Matching ignores case; \b is an ASCII word
// boundary, so JoinGroup, group_protocol and 커밋's neighbours are words of
// their own.
var avoided = map[Lang][]avoid{
	Spanish: {
		{re: regexp.MustCompile(`(?i)\bhilos?\b`), want: "thread (el thread, los threads)"},
		{re: regexp.MustCompile(`(?i)\bconsumidor(a|es|as)?\b`), want: "consumer (el consumer, los consumers)"},
		{re: regexp.MustCompile(`(?i)\bproductor(a|es|as)?\b`), want: "producer"},
		{re: regexp.MustCompile(`(?i)\bsolicitud(es)?\b`), want: "request (la request)"},
		{re: regexp.MustCompile(`(?i)\bpetici(ó|o)n(es)?\b`), want: "request (la request)"},
		{re: regexp.MustCompile(`(?i)\bgroups?\b`), want: "grupo for the group on its own (el grupo, del grupo)", allowed: kafkaGroup},
	},
	French: {
		{re: regexp.MustCompile(`(?i)\bgroups?\b`), want: "groupe for the group on its own (le groupe, du groupe)", allowed: kafkaGroup},
		{re: regexp.MustCompile(`(?i)\bsel\b`), want: "salt (salting, bucket): sel is not used"},
		{re: regexp.MustCompile(`(?i)\bchronologie\b`), want: "timeline, as the editor and the results page say"},
		{re: regexp.MustCompile(`(?i)\bseeds?\b`), want: "graine"},
	},
	Portuguese: {
		{re: regexp.MustCompile(`(?i)\bmensage(m|ns)\b`), want: "registro(s) for records"},
		{re: regexp.MustCompile(`(?i)\blinha do tempo\b`), want: "timeline (a timeline), as the editor and the results page say"},
		{re: regexp.MustCompile(`(?i)\btópicos?\b`), want: "topic (o topic)"},
		{re: regexp.MustCompile(`(?i)\bgrupos?\b`), want: "group (o group), as the consumer-group article"},
		{re: regexp.MustCompile(`(?i)\bclients\b`), want: "clientes (a client library is a cliente)"},
	},
	Korean: {
		{re: regexp.MustCompile(`커밋`), want: "commit (commit하다, commit된 offset)"},
		{re: regexp.MustCompile(`(?i)\btimelines?\b`), want: "타임라인 (its actions: 타임라인 액션)", allowed: kafkaPath},
		{re: regexp.MustCompile(`(?i)\bretry\b`), want: "재시도 for the act of retrying", allowed: kafkaRetry},
		{re: regexp.MustCompile(`(?i)\bclients?\b`), want: "클라이언트 for a client library"},
		{re: regexp.MustCompile(`프리셋`), want: "기본 제공 시나리오 for a preset"},
		{re: regexp.MustCompile(`(?i)\bbacklog\b`), want: "대기 중인 레코드 (records waiting)"},
		{re: regexp.MustCompile(`(?i)\bthroughput\b`), want: "처리량"},
		{re: regexp.MustCompile(`(?i)\bbudgets?\b`), want: "예산, as the review's budgets table says"},
		{re: regexp.MustCompile(`(?i)\bliveness\b`), want: "생존 확인"},
	},
}

// No catalog of any area and no lesson overlay uses a word its language's
// glossary replaced, except inside Kafka's own names and in a placeholder
// ({seed}, {client}), which is the code's name for a value.
func TestGlossaryWordsEverywhere(t *testing.T) {
	for _, l := range Langs()[1:] {
		for _, x := range textsIn(t, l) {
			eachRefusal(avoided[l], x.s, func(a avoid, m string) {
				t.Errorf("%s: %q in %q; the glossary says %s", x.where, m, x.s, a.want)
			})
		}
	}
}

func TestGlossaryKafkaNamesAllowed(t *testing.T) {
	group := avoided[Spanish][len(avoided[Spanish])-1]
	for s, wantBad := range map[string]bool{
		"se unió con el group.instance.id de un consumer": false,
		"el consumer group arranca vacío":                 false,
		"Consumer group":                                  false,
		"las herramientas (kafka-consumer-groups)":        false,
		"El group coordinator es el de Kafka":             false,
		"con group_protocol consumer":                     false,
		"JoinGroup y SyncGroup":                           false,
		"Tabla de eventos del group":                      true,
		"el group ya estaba en marcha":                    true,
		"los groups":                                      true,
	} {
		bad := false
		for _, m := range group.re.FindAllStringIndex(s, -1) {
			bad = bad || !group.allowed(s, m[0], m[1])
		}
		if bad != wantBad {
			t.Errorf("%q: found %v, want %v", s, bad, wantBad)
		}
	}
	retry := avoided[Korean][2]
	for s, wantBad := range map[string]bool{
		"1초 뒤에 처리되는 retry topic으로 갑니다":     false,
		"blocking retry는 순서를 지킵니다":         false,
		"retry.backoff.ms(100 ms)":         false,
		"retry_topic: retry topic으로 보내고":   false,
		"producer별로 보낸 레코드와 produce retry": true,
	} {
		bad := false
		for _, m := range retry.re.FindAllStringIndex(s, -1) {
			bad = bad || !retry.allowed(s, m[0], m[1])
		}
		if bad != wantBad {
			t.Errorf("%q: found %v, want %v", s, bad, wantBad)
		}
	}
	timeline := avoided[Korean][1]
	for s, wantBad := range map[string]bool{
		"시나리오가 실행되지 않습니다: timeline[0].partitions가": false,
		"\"timeline\" 항목": false,
		"하나를 고르면 timeline에서 볼 수 있습니다": true,
	} {
		bad := false
		for _, m := range timeline.re.FindAllStringIndex(s, -1) {
			bad = bad || !timeline.allowed(s, m[0], m[1])
		}
		if bad != wantBad {
			t.Errorf("%q: found %v, want %v", s, bad, wantBad)
		}
	}
}

// A percentage in a catalog is written as Lang.Percent writes the
// numbers the pages compute (the results' cards, the charts, Learn): no
// space before % in Portuguese and Korean, a space in Spanish, a no-break
// space U+00A0 in French, so a card and the sentence under it agree.
func TestPercentsWrittenTheLanguagesWay(t *testing.T) {
	re := regexp.MustCompile(`(\d|\})([ \x{a0}\x{202f}]?)%`)
	for _, l := range Langs()[1:] {
		want := strings.TrimSuffix(strings.TrimPrefix(l.Percent(9, 0), "9"), "%")
		for _, x := range textsIn(t, l) {
			for _, m := range re.FindAllStringSubmatch(x.s, -1) {
				if m[2] != want {
					t.Errorf("%s: %q in %q; %s writes %q", x.where, m[0], x.s, l, l.Percent(9, 0))
				}
			}
		}
	}
}

// A decimal number in a Portuguese, Spanish or French catalog has a
// decimal comma, as the pages write numbers (0,9, not 0.9); only the
// versions of Kafka and KIPs keep their dots (4.0, 3.1).
func TestDecimalsWrittenTheLanguagesWay(t *testing.T) {
	re := regexp.MustCompile(`(^|[^\w.])0\.\d`)
	for _, l := range []Lang{Portuguese, Spanish, French} {
		for _, x := range textsIn(t, l) {
			if m := re.FindString(x.s); m != "" {
				t.Errorf("%s: %q in %q", x.where, m, x.s)
			}
		}
	}
}

func TestPercentOfEachLanguage(t *testing.T) {
	for l, want := range map[Lang]string{English: "9.0 %", Portuguese: "9,0%", Spanish: "9,0 %", French: "9,0\u00a0%", Korean: "17.4%"} {
		x := 9.0
		if l == Korean {
			x = 17.4
		}
		if got := l.Percent(x, 1); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

// A link to a preset there is none of says "preset" with the glossary's
// word for it, never the English one (a Korean 프리셋 is refused above).
func TestUnknownPresetSaysTheGlossarysWord(t *testing.T) {
	for l, word := range map[Lang]string{Portuguese: "cenário pronto", Spanish: "escenario incluido", French: "scénario intégré", Korean: "기본 제공 시나리오"} {
		got := For(l).T("link.unknownPreset", S("name", `"x"`), S("names", "order-events"))
		if !strings.Contains(got, word) || strings.Contains(strings.ToLower(got), "preset") {
			t.Errorf("%s: %q, want %q and no preset", l, got, word)
		}
	}
}
