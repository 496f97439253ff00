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

// textKey is a text in a font (its size included).
type textKey struct {
	fnt font.Font
	txt string
}

// box is a measured text: as text.Handler's Box gives it.
type box struct{ w, h, d vg.Length }

// measures holds what was measured; it forgets everything when it has
// grown past maxMeasures texts (a long session of edits draws ever new
// numbers), so it stays small.
var measures = struct {
	sync.Mutex
	faces   map[font.Font]font.Face
	extents map[font.Font]font.Extents
	boxes   map[textKey]box       // wideText's Box
	widths  map[textKey]vg.Length // gonum/plot's own width (text.Plain's)
}{
	faces:   map[font.Font]font.Face{},
	extents: map[font.Font]font.Extents{},
	boxes:   map[textKey]box{},
	widths:  map[textKey]vg.Length{},
}

const maxMeasures = 4096

// forgetIfFull empties the text measurements when full; the caller holds
// the lock.
func forgetIfFull() {
	if len(measures.boxes)+len(measures.widths) > maxMeasures {
		clear(measures.boxes)
		clear(measures.widths)
	}
}

// face is h.Fonts.Lookup(fnt, fnt.Size), looked up once per font; the
// caller holds the lock. Only the charts' own cache (font.DefaultCache)
// is kept: another cache is looked up each time.
func (h wideText) face(fnt font.Font) font.Face {
	if h.Fonts != font.DefaultCache {
		return h.Fonts.Lookup(fnt, fnt.Size)
	}
	f, ok := measures.faces[fnt]
	if !ok {
		f = h.Fonts.Lookup(fnt, fnt.Size)
		measures.faces[fnt] = f
	}
	return f
}

// Extents is text.Plain's, once per font.
func (h wideText) Extents(fnt font.Font) font.Extents {
	measures.Lock()
	defer measures.Unlock()
	return h.extents(fnt)
}

func (h wideText) extents(fnt font.Font) font.Extents {
	if h.Fonts != font.DefaultCache {
		f := h.face(fnt)
		return f.Extents()
	}
	e, ok := measures.extents[fnt]
	if !ok {
		f := h.face(fnt)
		e = f.Extents()
		measures.extents[fnt] = e
	}
	return e
}

// Lines is text.Plain's, without a new slice for the one line most texts
// are.
func (h wideText) Lines(txt string) []string {
	txt = strings.TrimRight(txt, "\n")
	if !strings.Contains(txt, "\n") {
		return []string{txt}
	}
	return strings.Split(txt, "\n")
}

// Box is wideBox, once per font and text.
func (h wideText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	measures.Lock()
	defer measures.Unlock()
	k := textKey{fnt, txt}
	b, ok := measures.boxes[k]
	if !ok {
		b.w, b.h, b.d = h.wideBox(txt, fnt)
		forgetIfFull()
		measures.boxes[k] = b
	}
	return b.w, b.h, b.d
}

// plainWidth is the width gonum/plot's own handler gives txt, once per
// font and text; the caller holds the lock.
func (h wideText) plainWidth(f font.Face, txt string) vg.Length {
	k := textKey{f.Font, txt}
	w, ok := measures.widths[k]
	if !ok {
		w = f.Width(txt)
		forgetIfFull()
		measures.widths[k] = w
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
	fnt := h.face(sty.Font)
	pt.Y += ht*vg.Length(sty.YAlign) - h.extents(sty.Font).Ascent
	var few [4]vg.Length
	xoffs := few[:0]
	for _, line := range lines {
		xoffs = append(xoffs, vg.Length(sty.XAlign)*h.plainWidth(fnt, line))
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
