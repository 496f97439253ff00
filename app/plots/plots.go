// Package plots draws Partition Lab's charts with gonum/plot and returns them
// as inline SVG elements, ready to be placed in a page.
//
// Every chart takes the catalog of the reader's language (app/i18n), for
// its titles, axes, legends, notes and numbers (see words.go).
//
// plots knows nothing about the UI framework: it must never import go-app (or
// net/http), so it tests natively, and the same charts could be written to
// files by the command line.
package plots

import (
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// okabeIto is the Okabe-Ito palette, chosen because people with the common
// colour-vision deficiencies can still tell its colours apart. Black is left
// out: it is the colour of the axes.
func okabeIto() []color.RGBA {
	return []color.RGBA{
		{0x00, 0x72, 0xB2, 0xff}, // blue
		{0xE6, 0x9F, 0x00, 0xff}, // orange
		{0x00, 0x9E, 0x73, 0xff}, // bluish green
		{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
		{0x56, 0xB4, 0xE9, 0xff}, // sky blue
		{0xD5, 0x5E, 0x00, 0xff}, // vermillion
		{0xF0, 0xE4, 0x42, 0xff}, // yellow
	}
}

// Color is the i-th colour of the palette (wrapping around). Callers give
// each client a fixed index so its colour does not change when another client
// is hidden.
func Color(i int) color.RGBA {
	p := okabeIto()
	return p[((i%len(p))+len(p))%len(p)]
}

// Hex is Color(i) as "#RRGGBB", for legends drawn outside the chart.
func Hex(i int) string {
	c := Color(i)
	return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B)
}

// fontFamilies is the font-family of every text of a chart.
const fontFamilies = `'Partition Lab Hangul','Liberation Sans',Arial,Helvetica,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR','Noto Sans CJK KR',NanumGothic,sans-serif`

// Chart is a drawn chart and where its data sits in the picture, so the
// page can lay a time cursor over it without drawing it again.
type Chart struct {
	// SVG is an <svg> element (see render).
	SVG string
	// Width and Height are the size of the picture (its viewBox).
	Width, Height float64
	// Left, Right, Top and Bottom bound the data area, as fractions of the
	// picture's width and height from its top-left corner.
	Left, Right, Top, Bottom float64
	// XMin and XMax are the x axis's range (seconds on time charts).
	XMin, XMax float64
}

// X is the fraction of the picture's width at which x is drawn, kept
// inside the data area.
func (c Chart) X(x float64) float64 {
	if c.XMax <= c.XMin {
		return c.Left
	}
	f := min(max((x-c.XMin)/(c.XMax-c.XMin), 0), 1)
	return c.Left + f*(c.Right-c.Left)
}

// areaProbe is a plotter that draws nothing and remembers the canvas the
// plot gives its data, which is where the axes put x and y.
type areaProbe struct{ area *vg.Rectangle }

func (a areaProbe) Plot(c draw.Canvas, _ *plot.Plot) { *a.area = c.Rectangle }

// render draws p as an <svg> element to put straight into HTML (see
// svgCanvas): without the XML prolog and comment gonum/plot's vgsvg
// writes first (inside HTML they become a comment node instead of a
// chart), and without the fixed width and height so CSS can size it; the
// viewBox keeps the aspect ratio. label is the text a screen reader
// announces for the chart.
//
// The texts' style names, after Liberation Sans, the fonts of browsers
// without it that are metric-compatible, then the Korean faces each system
// ships and the page's own Hangul subset (as the page's --sans does), so
// Hangul is drawn in a face the charts were measured for (see wideText)
// rather than the generic family's guess, on a machine without a Korean
// font too. A chart saved on its own (SVG, PNG, the review) has the
// system's faces only.
//
// render is a variable so a test can draw the charts with vgsvg too.
var render = svgRender

func svgRender(p *plot.Plot, w, h vg.Length, label string) (Chart, error) {
	var area vg.Rectangle
	p.Add(areaProbe{&area})
	p.X.Tick.Marker = &memoTicks{inner: p.X.Tick.Marker}
	p.Y.Tick.Marker = &memoTicks{inner: p.Y.Tick.Marker}
	c := newSVGCanvas(w, h, label)
	p.Draw(draw.New(c))
	return chartOf(p, c.element(), w, h, area), nil
}

// chartOf is a drawn chart with where its data sits.
func chartOf(p *plot.Plot, svg string, w, h vg.Length, area vg.Rectangle) Chart {
	W, H := float64(w), float64(h)
	return Chart{SVG: svg, Width: W, Height: H,
		Left: float64(area.Min.X) / W, Right: float64(area.Max.X) / W,
		Top: 1 - float64(area.Max.Y)/H, Bottom: 1 - float64(area.Min.Y)/H,
		XMin: p.X.Min, XMax: p.X.Max}
}

// memoTicks are inner's ticks, worked out once for the axis's range:
// gonum/plot asks an axis for its ticks half a dozen times as it lays out
// and draws a chart, with the same range, and reads them only.
type memoTicks struct {
	inner  plot.Ticker
	lo, hi float64
	ticks  []plot.Tick
	done   bool
}

func (m *memoTicks) Ticks(lo, hi float64) []plot.Tick {
	if !m.done || lo != m.lo || hi != m.hi {
		m.lo, m.hi, m.ticks, m.done = lo, hi, m.inner.Ticks(lo, hi), true
	}
	return m.ticks
}

// inlineSVG is render for charts without a time cursor.
func inlineSVG(p *plot.Plot, w, h vg.Length, label string) (string, error) {
	c, err := render(p, w, h, label)
	return c.SVG, err
}

// Standalone makes a chart's <svg> element a file of its own, with the
// size an <img> (for the PNG export) needs.
func Standalone(c Chart) string {
	s := strings.Replace(c.SVG, "<svg", fmt.Sprintf(`<svg width="%g" height="%g"`, c.Width, c.Height), 1)
	return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + s
}

func htmlAttr(s string) string { return attrEscaper.Replace(s) }

var attrEscaper = strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", `<`, "&lt;", `>`, "&gt;")
