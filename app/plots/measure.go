package plots

import (
	"math"
	"strings"
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// A chart measures the same few texts (its tick labels, title, legend
// entries) many times over: gonum/plot pads the data area for them, lays
// out each axis and legend, then draws them, and each measurement walks
// the font's glyph, kerning and metrics tables with a fresh sfnt.Buffer.
// In WebAssembly that was a quarter of a chart's time. The measurements
// (which depend only on the font and the text) are kept here across
// charts and redraws, so each is taken once.

// box is a measured text: as text.Handler's Box gives it.
type box struct{ w, h, d vg.Length }

// fontMeasures are a font's face and extents and the texts measured in
// it.
type fontMeasures struct {
	cache   *font.Cache
	fnt     font.Font
	face    font.Face
	extents font.Extents
	boxes   map[string]box       // wideText's Box
	widths  map[string]vg.Length // gonum/plot's own width (text.Plain's)
}

// measures holds what was measured, by font: a chart uses two or three
// (sizes), found by comparing rather than hashing a font.Font, which is
// slow in WebAssembly. It forgets the texts when they grow past
// maxMeasures (a long session of edits draws ever new numbers), and the
// fonts past maxFonts, so it stays small.
var measures struct {
	sync.Mutex
	fonts []*fontMeasures
	last  *fontMeasures // the one found last
	texts int
}

const (
	maxMeasures = 4096
	maxFonts    = 32
)

// fontOf is fnt's measures; the caller holds the lock.
func (h wideText) fontOf(fnt font.Font) *fontMeasures {
	if m := measures.last; m != nil && m.fnt.Size == fnt.Size && m.fnt == fnt && m.cache == h.Fonts {
		return m
	}
	for _, m := range measures.fonts {
		// The size first: it tells the charts' fonts apart at once.
		if m.fnt.Size == fnt.Size && m.fnt == fnt && m.cache == h.Fonts {
			measures.last = m
			return m
		}
	}
	if len(measures.fonts) >= maxFonts {
		measures.fonts, measures.texts, measures.last = nil, 0, nil
	}
	m := &fontMeasures{cache: h.Fonts, fnt: fnt, face: h.Fonts.Lookup(fnt, fnt.Size),
		boxes: map[string]box{}, widths: map[string]vg.Length{}}
	m.extents = m.face.Extents()
	measures.fonts = append(measures.fonts, m)
	return m
}

// counted notes a new text measured, forgetting every text when there
// are too many; the caller holds the lock.
func counted() {
	measures.texts++
	if measures.texts > maxMeasures {
		for _, m := range measures.fonts {
			clear(m.boxes)
			clear(m.widths)
		}
		measures.texts = 1
	}
}

// Extents is text.Plain's, once per font.
func (h wideText) Extents(fnt font.Font) font.Extents {
	measures.Lock()
	defer measures.Unlock()
	return h.fontOf(fnt).extents
}

// Lines is text.Plain's. gonum/plot splits each text into lines at each
// measurement, and reads them only: the one line most texts are is kept
// in oneLines, a slot per text (by its length and ends, no hashing), so
// it is not a new slice each time.
func (h wideText) Lines(txt string) []string {
	txt = strings.TrimRight(txt, "\n")
	if strings.Contains(txt, "\n") || txt == "" {
		return strings.Split(txt, "\n")
	}
	slot := (len(txt)*31 + int(txt[0])*7 + int(txt[len(txt)-1])) % len(oneLines.slots)
	oneLines.Lock()
	defer oneLines.Unlock()
	if l := oneLines.slots[slot]; l != nil && l[0] == txt {
		return l
	}
	l := []string{txt}
	oneLines.slots[slot] = l
	return l
}

var oneLines struct {
	sync.Mutex
	slots [127][]string
}

// Box is wideBox, once per font and text.
func (h wideText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	measures.Lock()
	defer measures.Unlock()
	m := h.fontOf(fnt)
	b, ok := m.boxes[txt]
	if !ok {
		b.w, b.h, b.d = h.wideBox(m, txt)
		counted()
		m.boxes[txt] = b
	}
	return b.w, b.h, b.d
}

// plainWidth is the width gonum/plot's own handler gives txt, once per
// font and text; the caller holds the lock.
func (m *fontMeasures) plainWidth(txt string) vg.Length {
	w, ok := m.widths[txt]
	if !ok {
		w = m.face.Width(txt)
		counted()
		m.widths[txt] = w
	}
	return w
}

// Draw is text.Plain's Draw (the same placement, so the same SVG) with
// the font's extents and the lines' widths measured once. As text.Plain
// does, it aligns each line by gonum/plot's own width of it.
func (h wideText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if len(txt) == 0 {
		return
	}
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin

	ht := sty.Height(txt)
	lines := h.Lines(txt)
	measures.Lock()
	m := h.fontOf(sty.Font)
	fnt := m.face
	pt.Y += ht*vg.Length(sty.YAlign) - m.extents.Ascent
	var few [4]vg.Length
	xoffs := few[:0]
	for _, line := range lines {
		xoffs = append(xoffs, vg.Length(sty.XAlign)*m.plainWidth(line))
	}
	measures.Unlock()
	for i, line := range lines {
		n := vg.Length(len(lines) - i)
		c.FillString(fnt, pt.Add(vg.Point{X: xoffs[i], Y: n * sty.Font.Size}), line)
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}
