package plots

import (
	"fmt"
	"html"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// svgCanvas is a vg.Canvas that writes a chart as the inline <svg>
// element render used to make of gonum/plot's vgsvg canvas: the same
// elements, attributes and numbers (five significant digits), byte for
// byte (TestSVGCanvasWritesWhatVgsvgWrites), without the XML prolog and
// the fixed size, with the chart's role and label, and with the fonts the
// page may draw the text in (see fontFamilies).
//
// vgsvg builds each element with fmt and string concatenation, a dozen
// allocations per element; in WebAssembly, where each allocation and call
// costs much more than natively, that was a fifth of a chart's time. This
// canvas appends to one reused buffer.
type svgCanvas struct {
	w, h  vg.Length
	buf   []byte
	stack []svgContext
	// scratch holds a line's points while it is written.
	scratch []vg.Point
}

// svgContext is the state Push saves and Pop restores.
type svgContext struct {
	color      color.Color
	dashes     []vg.Length
	dashOffset vg.Length
	lineWidth  vg.Length
	gEnds      int // the <g> elements opened since the Push
}

// svgPrecision is how many significant digits vgsvg writes.
const svgPrecision = 5

// svgBuffers are the buffers of earlier charts, so a chart is written
// without growing one. (A sync.Pool would lose them at each collection,
// and a redraw collects more than once.)
var svgBuffers struct {
	sync.Mutex
	spare []svgBuffer
}

// svgBuffer is what a canvas writes to.
type svgBuffer struct {
	buf     []byte
	scratch []vg.Point
}

// maxSpareBuffers bounds the buffers kept: the engine's worker draws one
// chart at a time, tests a few at once.
const maxSpareBuffers = 4

func getSVGBuffer() svgBuffer {
	svgBuffers.Lock()
	defer svgBuffers.Unlock()
	if n := len(svgBuffers.spare); n > 0 {
		b := svgBuffers.spare[n-1]
		svgBuffers.spare = svgBuffers.spare[:n-1]
		return b
	}
	return svgBuffer{buf: make([]byte, 0, 64<<10)}
}

func putSVGBuffer(b svgBuffer) {
	svgBuffers.Lock()
	defer svgBuffers.Unlock()
	if len(svgBuffers.spare) < maxSpareBuffers && cap(b.buf) <= 1<<20 && cap(b.scratch) <= 1<<16 {
		svgBuffers.spare = append(svgBuffers.spare, svgBuffer{b.buf[:0], b.scratch[:0]})
	}
}

// newSVGCanvas starts a w×h chart that a screen reader announces as label.
func newSVGCanvas(w, h vg.Length, label string) *svgCanvas {
	b := getSVGBuffer()
	c := &svgCanvas{w: w, h: h, buf: b.buf, scratch: b.scratch, stack: []svgContext{{}}}
	c.str(`<svg viewBox="0 0 `)
	c.num(float64(w))
	c.str(" ")
	c.num(float64(h))
	c.str(`"` + "\n\t" + `xmlns="http://www.w3.org/2000/svg"` + "\n\t" + `xmlns:xlink="http://www.w3.org/1999/xlink" role="img" aria-label="`)
	c.str(htmlAttr(label))
	c.str(`">` + "\n" + `<g transform="scale(1, -1) translate(0, -`)
	c.num(h.Points())
	c.str(`)">` + "\n")
	vg.Initialize(c)
	return c
}

// element ends the chart and returns it; the canvas must not be used
// after.
func (c *svgCanvas) element() string {
	for range c.nEnds() {
		c.str("</g>\n")
	}
	c.str("</svg>\n")
	s := string(c.buf)
	putSVGBuffer(svgBuffer{c.buf, c.scratch})
	c.buf, c.scratch = nil, nil
	return s
}

func (c *svgCanvas) nEnds() int {
	n := 1 // the transform that puts the origin at the bottom
	for _, ctx := range c.stack {
		n += ctx.gEnds
	}
	return n
}

func (c *svgCanvas) str(s string) { c.buf = append(c.buf, s...) }

// num writes x as vgsvg does (%.5g).
func (c *svgCanvas) num(x float64) { c.buf = appendG5(c.buf, x) }

func (c *svgCanvas) context() *svgContext { return &c.stack[len(c.stack)-1] }

func (c *svgCanvas) Size() (w, h vg.Length) { return c.w, c.h }

func (c *svgCanvas) SetLineWidth(w vg.Length) { c.context().lineWidth = w }

func (c *svgCanvas) SetLineDash(dashes []vg.Length, offs vg.Length) {
	c.context().dashes, c.context().dashOffset = dashes, offs
}

func (c *svgCanvas) SetColor(clr color.Color) { c.context().color = clr }

// group opens a <g> with a transform, closed by Pop.
func (c *svgCanvas) group(transform string) {
	c.str(`<g transform="`)
	c.str(transform)
	c.str("\">\n")
	c.context().gEnds++
}

func (c *svgCanvas) Rotate(rot float64) {
	c.group("rotate(" + strconv.FormatFloat(rot*180/math.Pi, 'g', -1, 64) + ")")
}

func (c *svgCanvas) Translate(pt vg.Point) {
	c.group("translate(" + strconv.FormatFloat(pt.X.Points(), 'g', svgPrecision, 64) + ", " +
		strconv.FormatFloat(pt.Y.Points(), 'g', svgPrecision, 64) + ")")
}

func (c *svgCanvas) Scale(x, y float64) {
	c.group("scale(" + strconv.FormatFloat(x, 'g', -1, 64) + "," + strconv.FormatFloat(y, 'g', -1, 64) + ")")
}

func (c *svgCanvas) Push() {
	top := *c.context()
	top.gEnds = 0
	c.stack = append(c.stack, top)
}

func (c *svgCanvas) Pop() {
	for range c.context().gEnds {
		c.str("</g>\n")
	}
	c.stack = c.stack[:len(c.stack)-1]
}

// style writes one property of a style attribute: first opens the
// attribute, later ones follow a semicolon.
func (c *svgCanvas) style(first *bool, prop string) {
	if *first {
		c.str(`style="`)
		*first = false
	} else {
		c.str(";")
	}
	c.str(prop)
	c.str(":")
}

// endStyle closes the style attribute, if one was opened.
func (c *svgCanvas) endStyle(first bool) {
	if !first {
		c.str(`"`)
	}
}

func (c *svgCanvas) Stroke(p vg.Path) {
	if c.context().lineWidth.Points() <= 0 {
		return
	}
	c.path(p)
	c.strokeStyle()
}

// strokePolyline is Stroke of the path through pts (a move to the first,
// lines to the others), without building the path.
func (c *svgCanvas) strokePolyline(pts []vg.Point) {
	if c.context().lineWidth.Points() <= 0 || len(pts) == 0 {
		return
	}
	c.buf = appendPoints(append(c.buf, `<path d="`...), pts)
	c.str(`" `)
	c.strokeStyle()
}

// appendPoints appends the path data of a move to pts[0] and lines to
// the others; it works on its own slice (not the canvas's field, which is
// a store the collector watches) for the hundreds of numbers of a line.
func appendPoints(b []byte, pts []vg.Point) []byte {
	for i, pt := range pts {
		if i == 0 {
			b = append(b, 'M')
		} else {
			b = append(b, 'L')
		}
		b = appendG5(b, pt.X.Points())
		b = append(b, ',')
		b = appendG5(b, pt.Y.Points())
	}
	return b
}

// strokeStyle ends a stroked path's element with its style.
func (c *svgCanvas) strokeStyle() {
	ctx := c.context()
	first := true
	c.style(&first, "fill")
	c.str("none")
	c.style(&first, "stroke")
	c.color(ctx.color)
	if a := opacity(ctx.color); !isOne(a) {
		c.style(&first, "stroke-opacity")
		c.num(a)
	}
	if w := ctx.lineWidth.Points(); !isOne(w) {
		c.style(&first, "stroke-width")
		c.num(w)
	}
	if len(ctx.dashes) > 0 {
		c.style(&first, "stroke-dasharray")
		for i, d := range ctx.dashes {
			if i > 0 {
				c.str(",")
			}
			c.num(d.Points())
		}
	}
	if o := ctx.dashOffset.Points(); !isZero(o) {
		c.style(&first, "stroke-dashoffset")
		c.num(o)
	}
	c.endStyle(first)
	c.str(" />\n")
}

func (c *svgCanvas) Fill(p vg.Path) {
	c.path(p)
	c.fillStyle()
}

// fillPolygon is Fill of the closed path through pts (draw.Canvas's
// FillPolygon), without building the path.
func (c *svgCanvas) fillPolygon(pts []vg.Point) {
	if len(pts) == 0 {
		return
	}
	c.buf = appendPoints(append(c.buf, `<path d="`...), pts)
	c.str(`Z" `)
	c.fillStyle()
}

// fillStyle ends a filled path's element with its style.
func (c *svgCanvas) fillStyle() {
	ctx := c.context()
	first := true
	if !isBlack(ctx.color) {
		c.style(&first, "fill")
		c.color(ctx.color)
	}
	if a := opacity(ctx.color); !isOne(a) {
		c.style(&first, "fill-opacity")
		c.num(a)
	}
	c.endStyle(first)
	c.str(" />\n")
}

// isOne and isZero say whether vgsvg writes x as "1" or "0", the values
// it leaves out.
func isOne(x float64) bool {
	var b [32]byte
	return string(appendG5(b[:0], x)) == "1"
}

func isZero(x float64) bool {
	var b [32]byte
	return string(appendG5(b[:0], x)) == "0"
}

// path opens a <path> element with p's data.
func (c *svgCanvas) path(p vg.Path) {
	c.str(`<path d="`)
	var x, y float64
	for _, comp := range p {
		switch comp.Type {
		case vg.MoveComp, vg.LineComp:
			if comp.Type == vg.MoveComp {
				c.str("M")
			} else {
				c.str("L")
			}
			x, y = comp.Pos.X.Points(), comp.Pos.Y.Points()
			c.pair(x, y)
		case vg.ArcComp:
			r := comp.Radius.Points()
			sin, cos := math.Sincos(comp.Start)
			x0 := comp.Pos.X.Points() + r*cos
			y0 := comp.Pos.Y.Points() + r*sin
			if x0 != x || y0 != y {
				c.str("L")
				c.pair(x0, y0)
			}
			if math.Abs(comp.Angle) >= 2*math.Pi {
				x, y = c.circle(comp)
			} else {
				x, y = c.arc(comp)
			}
		case vg.CurveComp:
			switch len(comp.Control) {
			case 1:
				c.str("Q")
			case 2:
				c.str("C")
			default:
				panic(fmt.Errorf("plots: invalid number of control points"))
			}
			for _, ctl := range comp.Control {
				c.pair(ctl.X.Points(), ctl.Y.Points())
				c.str(",")
			}
			x, y = comp.Pos.X.Points(), comp.Pos.Y.Points()
			c.pair(x, y)
		case vg.CloseComp:
			c.str("Z")
		default:
			panic(fmt.Errorf("plots: unknown path component type: %d", comp.Type))
		}
	}
	c.str(`" `)
}

func (c *svgCanvas) pair(x, y float64) {
	c.num(x)
	c.str(",")
	c.num(y)
}

// arcTo writes an arc of radius r to (x, y).
func (c *svgCanvas) arcTo(r, angle, x, y float64) {
	large, sweep := "0", "1"
	if math.Abs(angle) >= math.Pi {
		large = "1"
	}
	if angle < 0 {
		sweep = "0"
	}
	c.str("A")
	c.pair(r, r)
	c.str(" 0 " + large + " " + sweep + " ")
	c.pair(x, y)
}

// circle writes a full turn as two arcs, as vgsvg does.
func (c *svgCanvas) circle(comp vg.PathComp) (x, y float64) {
	angle := 2 * math.Pi
	if comp.Angle < 0 {
		angle = -2 * math.Pi
	}
	q := comp.Angle / (2 * math.Pi)
	angle += (q - math.Trunc(q)) * (2 * math.Pi)
	if angle >= 4*math.Pi {
		panic(fmt.Errorf("plots: impossible angle %v", angle))
	}
	s0, c0 := math.Sincos(comp.Start + 0.5*angle)
	s1, c1 := math.Sincos(comp.Start + angle)
	r := comp.Radius.Points()
	x0, y0 := comp.Pos.X.Points()+r*c0, comp.Pos.Y.Points()+r*s0
	x, y = comp.Pos.X.Points()+r*c1, comp.Pos.Y.Points()+r*s1
	c.arcTo(r, angle/2, x0, y0)
	c.arcTo(r, angle/2, x, y)
	return x, y
}

func (c *svgCanvas) arc(comp vg.PathComp) (x, y float64) {
	r := comp.Radius.Points()
	sin, cos := math.Sincos(comp.Start + comp.Angle)
	x, y = comp.Pos.X.Points()+r*cos, comp.Pos.Y.Points()+r*sin
	c.arcTo(r, comp.Angle, x, y)
	return x, y
}

// color writes clr as #RRGGBB (black when nil), as vgsvg does.
func (c *svgCanvas) color(clr color.Color) {
	if clr == nil {
		clr = color.Black
	}
	r, g, b, a := clr.RGBA()
	scale := 255.0 / float64(a)
	c.str("#")
	for _, v := range [3]int{int(float64(r) * scale), int(float64(g) * scale), int(float64(b) * scale)} {
		if v < 0 || v > 0xff { // a transparent colour: as fmt writes it
			c.buf = fmt.Appendf(c.buf, "%02X", v)
			continue
		}
		const hex = "0123456789ABCDEF"
		c.buf = append(c.buf, hex[v>>4], hex[v&0xf])
	}
}

func isBlack(clr color.Color) bool {
	if clr == nil {
		return true
	}
	r, g, b, a := clr.RGBA()
	scale := 255.0 / float64(a)
	return int(float64(r)*scale) == 0 && int(float64(g)*scale) == 0 && int(float64(b)*scale) == 0
}

// opacity is clr's alpha as a fraction.
func opacity(clr color.Color) float64 {
	if clr == nil {
		clr = color.Black
	}
	_, _, _, a := clr.RGBA()
	return float64(a) / math.MaxUint16
}

// fontStyles are the style attributes' font properties by font, found
// once per font (reading the family's name from the font is slow), and
// found by comparing the few fonts rather than hashing them (slow in
// WebAssembly).
var fontStyles struct {
	sync.Mutex
	known []knownStyle
}

type knownStyle struct {
	fnt   font.Font
	face  *sfnt.Font
	style string
}

// fontStyle is the start of a text's style attribute: the font's family
// (for Liberation Sans, fontFamilies), variant, weight and style, and its
// size.
func fontStyle(f font.Face) string {
	fontStyles.Lock()
	defer fontStyles.Unlock()
	for _, k := range fontStyles.known {
		if k.fnt.Size == f.Font.Size && k.fnt == f.Font && k.face == f.Face {
			return k.style
		}
	}
	var buf sfnt.Buffer
	family, err := f.Face.Name(&buf, sfnt.NameIDFamily)
	if err != nil {
		panic(fmt.Errorf("plots: could not read the family name of font %q: %w", f.Font.Typeface, err))
	}
	if family == "Liberation Sans" {
		// vgsvg names one font, which beats any stylesheet: see fontFamilies.
		family = fontFamilies
	}
	s := "font-family:" + family + ";font-variant:" + variantName(f.Font.Variant) +
		";font-weight:" + weightName(f.Font.Weight) + ";font-style:" + styleName(f.Font.Style) +
		";font-size:" + strconv.FormatFloat(f.Font.Size.Points(), 'g', svgPrecision, 64) + "px"
	if len(fontStyles.known) >= maxFonts {
		fontStyles.known = nil
	}
	fontStyles.known = append(fontStyles.known, knownStyle{f.Font, f.Face, s})
	return s
}

func variantName(v font.Variant) string {
	switch s := strings.ToLower(string(v)); s {
	case "smallcaps":
		return "small-caps"
	case "mono", "monospace", "sans", "sansserif", "sans-serif", "serif":
		return "normal"
	case "":
		return "none"
	default:
		return s
	}
}

func styleName(s xfont.Style) string {
	switch s {
	case xfont.StyleNormal:
		return "normal"
	case xfont.StyleItalic:
		return "italic"
	case xfont.StyleOblique:
		return "oblique"
	}
	panic(fmt.Errorf("plots: invalid font style %+v (v=%d)", s, int(s)))
}

func weightName(w xfont.Weight) string {
	switch w {
	case xfont.WeightNormal:
		return "normal"
	case xfont.WeightBold:
		return "bold"
	case xfont.WeightThin, xfont.WeightExtraLight, xfont.WeightLight, xfont.WeightMedium,
		xfont.WeightSemiBold, xfont.WeightExtraBold, xfont.WeightBlack:
		return strconv.Itoa(400 + 100*int(w))
	}
	panic(fmt.Errorf("plots: invalid font weight %+v (v=%d)", w, int(w)))
}

func (c *svgCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.str(`<text x="`)
	c.num(pt.X.Points())
	c.str(`" y="`)
	c.num(-pt.Y.Points())
	c.str(`" transform="scale(1, -1)"` + "\n\t" + `style="`)
	c.str(fontStyle(f))
	if clr := c.context().color; !isBlack(clr) {
		c.str(";fill:")
		c.color(clr)
	}
	c.str(`">`)
	c.str(html.EscapeString(s))
	c.str("</text>\n")
}

// DrawImage panics: no chart draws an image (plotter.Image and raster heat
// maps are unused), and encoding one as a PNG, as vgsvg does, linked
// image/png: 15 kB of app.wasm with brotli that no page ran. A chart that
// drew an image would stop here, in the tests that draw every chart.
func (c *svgCanvas) DrawImage(vg.Rectangle, image.Image) {
	panic(fmt.Errorf("plots: DrawImage: no chart draws an image (see svg.go)"))
}
