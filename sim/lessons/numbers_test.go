package lessons

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// numberToken is a run of digits with single separators between groups:
// 4,000 (English), 4.000 (Portuguese), 4 000 (French, with a narrow or plain
// no-break space, or a space), 1,5 and 1.5.
var numberToken = regexp.MustCompile(`\d+(?:[.,\x{202F}\x{00A0} ]\d+)*`)

// englishNumbers are the numbers an English text writes, as values: a
// comma groups thousands (4,000) and a point is the decimal mark (1.5).
// Digits joined by commas that are not thousands ("0,1,2") are several
// numbers.
func englishNumbers(text string) []float64 {
	thousands := regexp.MustCompile(`^\d{1,3}(,\d{3})+(\.\d+)?$`)
	var out []float64
	for _, tok := range numberToken.FindAllString(text, -1) {
		if thousands.MatchString(tok) {
			tok = strings.ReplaceAll(tok, ",", "")
			out = append(out, mustFloat(tok))
			continue
		}
		for _, part := range strings.FieldsFunc(tok, func(r rune) bool { return r == ',' || r == ' ' || r == '\u202f' || r == '\u00a0' }) {
			out = append(out, mustFloat(part))
		}
	}
	return out
}

func mustFloat(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// "1.2.3" (a version): its parts, joined, are still digits; keep
		// the first two groups, as a translation writes them.
		parts := strings.SplitN(s, ".", 3)
		f, _ = strconv.ParseFloat(parts[0]+"."+parts[1], 64)
	}
	return f
}

// translatedNumbers are every value a translated text's numbers can mean,
// whatever its language's marks: 4.000 may be four thousand (Portuguese)
// or four; 1,5 one and a half. A number of the English found among them
// was carried over, however the language formats it.
func translatedNumbers(text string) map[float64]bool {
	vals := map[float64]bool{}
	isSep := func(r rune) bool { return r == '.' || r == ',' || r == ' ' || r == '\u202f' || r == '\u00a0' }
	for _, tok := range numberToken.FindAllString(text, -1) {
		groups := strings.FieldsFunc(tok, isSep)
		seps := []rune{}
		for _, r := range tok {
			if isSep(r) {
				seps = append(seps, r)
			}
		}
		for _, g := range groups {
			vals[mustFloat(g)] = true // each group alone ("0, 1 e 2")
		}
		// Every separator groups thousands.
		if allThousands(groups) {
			vals[mustFloat(strings.Join(groups, ""))] = true
		}
		// The last separator is the decimal mark, the others group.
		if n := len(groups); n > 1 && seps[len(seps)-1] != ' ' && allThousands(groups[:n-1]) {
			vals[mustFloat(strings.Join(groups[:n-1], "")+"."+groups[n-1])] = true
		}
	}
	return vals
}

// allThousands reports whether groups read as one number with its
// thousands grouped: a first group of 1 to 3 digits, then groups of 3.
func allThousands(groups []string) bool {
	if len(groups[0]) > 3 {
		return len(groups) == 1
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

// numbersDrift lists the numbers of the English text that the translation
// does not write in any form.
func numbersDrift(english, translated string) []string {
	have := translatedNumbers(translated)
	var lost []string
	for _, n := range englishNumbers(english) {
		if !have[n] {
			lost = append(lost, strconv.FormatFloat(n, 'f', -1, 64))
		}
	}
	return lost
}

func TestNumbersDriftIsRobustToHowALanguageWritesNumbers(t *testing.T) {
	for _, tc := range []struct {
		en, tr string
		lost   string
	}{
		{"lag ends above 4,000", "o lag termina acima de 4.000", ""},
		{"lag ends above 4,000", "le lag finit au-dessus de 4\u202f000", ""},
		{"lag ends above 4,000", "le lag finit au-dessus de 4 000", ""},
		{"lag ends above 4,000", "랙이 4,000을 넘습니다", ""},
		{"the end is 1.5 × the middle", "o fim é 1,5 × o meio", ""},
		{"over 44 % of the records", "mais de 44 % dos registros", ""},
		{"12,345.5 records", "12.345,5 registros", ""},
		{"partitions 0, 1 and 2", "partições 0, 1 e 2", ""},
		{"lag ends above 4,000", "o lag termina acima de 3.000", "4000"},
		{"the end is 1.5 × the middle", "o fim é 2,5 × o meio", "1.5"},
		{"12 partitions, 3 events", "12 partições, 4 eventos", "3"},
		{"KIP-848 rebalances", "rebalanceamentos KIP-848", ""},
	} {
		got := strings.Join(numbersDrift(tc.en, tc.tr), " ")
		if got != tc.lost {
			t.Errorf("numbersDrift(%q, %q) = %q, want %q", tc.en, tc.tr, got, tc.lost)
		}
	}
}
