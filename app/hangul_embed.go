package app

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// A chart or a review saved in Korean is read elsewhere, maybe on a
// machine without a Korean font, where its Hangul would be boxes: the
// file then carries the page's Hangul faces as @font-faces of their own,
// under the family name the charts already list ('Partition Lab
// Hangul'): the face of the Korean texts' Hangul
// (web/NotoSansKR-Hangul.woff2, about 46 kB, 62 kB in base64), and the
// rest of KS X 1001's (web/NotoSansKR-Hangul-more.woff2, 133 kB) only
// when the file shows some of it, a team's key in Hangul say. A file
// without Hangul is saved as before.

// hangulFamily is the faces' family name in web/hangul.css and in the
// charts' font lists (plots.fontFamilies).
const hangulFamily = "Partition Lab Hangul"

// hangulFaces are the two faces' bytes; more is nil when the file does
// not need it.
type hangulFaces struct{ texts, more []byte }

// hasHangul reports whether s holds a Hangul letter.
func hasHangul(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) >= 0
}

// needsMoreHangul reports whether s shows a character of the second face
// (hangulMoreRange): Hangul the Korean texts do not use. A character
// below the face's first is passed at once, so a chart's markup costs a
// comparison a byte.
func needsMoreHangul(s string) bool {
	runs := moreHangulRuns()
	for _, r := range s {
		if r >= runs[0].lo && inRuns(r, runs) {
			return true
		}
	}
	return false
}

// moreHangulRuns is hangulMoreRange, read once.
var moreHangulRuns = sync.OnceValue(func() []runeRun { return parseUnicodeRange(hangulMoreRange) })

// runeRun is the code points from lo to hi.
type runeRun struct{ lo, hi rune }

// parseUnicodeRange reads a CSS unicode-range of single code points and
// runs (U+AC00,U+AC04-AC08) in ascending order, as fonts/hangul.py writes
// them; a part that does not read is left out (the tests check the
// generated ones all read).
func parseUnicodeRange(ranges string) []runeRun {
	var runs []runeRun
	for part := range strings.SplitSeq(ranges, ",") {
		lo, hi, _ := strings.Cut(strings.TrimPrefix(part, "U+"), "-")
		if hi == "" {
			hi = lo
		}
		from, err1 := strconv.ParseUint(lo, 16, 32)
		to, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 == nil && err2 == nil {
			runs = append(runs, runeRun{rune(from), rune(to)})
		}
	}
	return runs
}

// inRuns reports whether r is in runs, ascending.
func inRuns(r rune, runs []runeRun) bool {
	i := sort.Search(len(runs), func(i int) bool { return runs[i].hi >= r })
	return i < len(runs) && runs[i].lo <= r
}

// hangulFaceCSS is the @font-faces of the faces at hand, inline.
func hangulFaceCSS(f hangulFaces) string {
	face := func(font []byte, ranges string) string {
		return `@font-face{font-family:"` + hangulFamily + `";src:url(data:font/woff2;base64,` +
			base64.StdEncoding.EncodeToString(font) + `) format("woff2");unicode-range:` + ranges + `}`
	}
	css := face(f.texts, hangulTextsRange)
	if len(f.more) > 0 {
		css += face(f.more, hangulMoreRange)
	}
	return css
}

// svgWithHangul is a standalone SVG with the faces inside it, when it
// shows Hangul and the faces are at hand; otherwise svg as it is.
func svgWithHangul(svg string, f hangulFaces) string {
	if len(f.texts) == 0 || !hasHangul(svg) {
		return svg
	}
	open := strings.Index(svg, "<svg")
	if open < 0 {
		return svg
	}
	end := strings.IndexByte(svg[open:], '>')
	if end < 0 {
		return svg
	}
	at := open + end + 1
	return svg[:at] + "<style>" + hangulFaceCSS(f) + "</style>" + svg[at:]
}

// htmlWithHangul is a review page with the faces in its style, and the
// family first in its text's font list (its unicode-ranges keep it to
// Hangul; after the Latin faces, Chromium drew the first Hangul as boxes
// while the font was still being read), when it shows Hangul (its charts
// name the family already); otherwise page as it is.
func htmlWithHangul(page string, f hangulFaces) string {
	if len(f.texts) == 0 || !hasHangul(page) {
		return page
	}
	at := strings.Index(page, "</style>")
	if at < 0 {
		return page
	}
	css := hangulFaceCSS(f) + "body{font-family:'" + hangulFamily + "',system-ui,sans-serif}"
	return page[:at] + css + page[at:]
}
