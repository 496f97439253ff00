package plots

import (
	"strconv"
	"strings"
	"unicode"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"

	"partitionlab/app/i18n"
)

// A chart's words (titles, axes, legends, notes, the label a screen
// reader announces) come from the catalog of the page's language, and its
// numbers are written the language's way: every chart takes the catalog.

// setup gives every text of p Liberation Sans's metrics, measured the way
// the browser will draw them (see wideText), and the language's numbers on
// its ticks.
func setup(p *plot.Plot, c *i18n.Catalog) {
	styles := []*text.Style{&p.Title.TextStyle, &p.Legend.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle,
		&p.X.Tick.Label, &p.Y.Tick.Label}
	h := wideText{text.Plain{Fonts: font.DefaultCache}}
	p.TextHandler = h
	for _, s := range styles {
		s.Font.Variant = "Sans"
		s.Handler = h
	}
	p.X.Tick.Marker = localTicks{c.Lang(), plot.DefaultTicks{}}
	p.Y.Tick.Marker = localTicks{c.Lang(), plot.DefaultTicks{}}
}

// wideText measures text as gonum/plot's plain handler does, except for
// wide characters (Hangul, CJK ideographs and kana, full-width forms):
// Liberation Sans has none of them, so gonum/plot would give each the
// width of its missing-glyph box, while the Korean faces the browser falls
// back to draw a syllable HangulAdvance em wide and an ideograph an em.
// Measured so, a Korean title is centred, and a Korean legend boxed, as the
// browser draws it. The SVG names the fonts and the browser draws the text
// with the page's fonts, so no glyph data is added to app.wasm.
type wideText struct{ text.Plain }

// HangulAdvance is how wide a Hangul syllable is drawn, in ems: 0.92 in
// Noto Sans CJK KR (the page's own Hangul subset is cut from it), Noto
// Sans KR and Apple SD Gothic Neo.
const HangulAdvance = 0.92

// wideBox is text.Plain's box of txt in m's font with wide characters
// measured as the Korean faces draw them (Box keeps it, see measure.go);
// the caller holds measures' lock.
func (h wideText) wideBox(m *fontMeasures, txt string) (width, height, depth vg.Length) {
	narrow := strings.Map(func(r rune) rune {
		if wide(r) {
			return -1
		}
		return r
	}, txt)
	width, height, depth = m.plainWidth(narrow), m.extents.Ascent, m.extents.Descent
	for _, r := range txt {
		switch {
		case unicode.Is(unicode.Hangul, r):
			width += m.fnt.Size * HangulAdvance
		case wide(r):
			width += m.fnt.Size
		}
	}
	return width, height, depth
}

// wide reports whether r is drawn about an em wide by East Asian fonts.
func wide(r rune) bool {
	return unicode.In(r, unicode.Hangul, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0xFF01 && r <= 0xFF60) || (r >= 0x3000 && r <= 0x303F)
}

// localTicks are inner's ticks with their numbers in l's way: 2,5 in
// Portuguese, 12 000 in French.
type localTicks struct {
	l     i18n.Lang
	inner plot.Ticker
}

// Ticks relabels inner's labelled ticks, keeping as many decimals as
// inner wrote.
func (t localTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := t.inner.Ticks(lo, hi)
	for i, tk := range ticks {
		if tk.Label == "" || strings.ContainsAny(tk.Label, "eE") {
			continue
		}
		decimals := 0
		if _, frac, ok := strings.Cut(tk.Label, "."); ok {
			decimals = len(frac)
		}
		ticks[i].Label = t.l.Float(tk.Value, decimals)
	}
	return ticks
}

// number writes x with as few decimals as it needs (as %g does for
// ordinary numbers), in l's way.
func number(l i18n.Lang, x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	_, frac, _ := strings.Cut(s, ".")
	return l.Float(x, len(frac))
}

// percent writes a share (0.144) as the language writes a percentage.
func percent(c *i18n.Catalog, share float64) string {
	return c.Lang().Percent(share*100, 1)
}

// withNote is a title and the note that says what part of the data it
// shows.
func withNote(c *i18n.Catalog, title, note string) string {
	if note == "" {
		return title
	}
	return c.T("plots.titleNote", i18n.S("title", title), i18n.S("note", note))
}
