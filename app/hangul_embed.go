package app

import (
	"encoding/base64"
	"strings"
	"unicode"
)

// A chart or a review saved in Korean is read elsewhere, maybe on a
// machine without a Korean font, where its Hangul would be boxes: the
// file then carries the page's Hangul subset (web/NotoSansKR-Hangul.woff2,
// about 160 kB, 215 kB in base64) as an @font-face of its own, under the
// family name the charts already list ('Partition Lab Hangul'). A file
// without Hangul is saved as before.

// hangulFamily is the subset's family name in web/hangul.css and in the
// charts' font lists (plots.fontFamilies).
const hangulFamily = "Partition Lab Hangul"

// hasHangul reports whether s holds a Hangul letter.
func hasHangul(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) >= 0
}

// hangulFace is the @font-face of the subset font, inline.
func hangulFace(font []byte) string {
	return `@font-face{font-family:"` + hangulFamily + `";src:url(data:font/woff2;base64,` +
		base64.StdEncoding.EncodeToString(font) + `) format("woff2");unicode-range:U+1100-11FF,U+3000-3011,U+3131-318E,U+AC00-D7A3}`
}

// svgWithHangul is a standalone SVG with the font inside it, when it
// shows Hangul and the font is at hand; otherwise svg as it is.
func svgWithHangul(svg string, font []byte) string {
	if len(font) == 0 || !hasHangul(svg) {
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
	return svg[:at] + "<style>" + hangulFace(font) + "</style>" + svg[at:]
}

// htmlWithHangul is a review page with the font in its style, and the
// font first in its text's font list (its unicode-range keeps it to
// Hangul; after the Latin faces, Chromium drew the first Hangul as boxes
// while the font was still being read), when it shows Hangul (its charts
// name the family already); otherwise page as it is.
func htmlWithHangul(page string, font []byte) string {
	if len(font) == 0 || !hasHangul(page) {
		return page
	}
	at := strings.Index(page, "</style>")
	if at < 0 {
		return page
	}
	css := hangulFace(font) + "body{font-family:'" + hangulFamily + "',system-ui,sans-serif}"
	return page[:at] + css + page[at:]
}
