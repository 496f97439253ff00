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
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/chart"
)

// fontFamilies is the font-family of every text of a chart.
const fontFamilies = `'Partition Lab Hangul','Liberation Sans',Arial,Helvetica,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR','Noto Sans CJK KR',NanumGothic,sans-serif`

// Chart is a drawn chart (package chart holds it, for the pages that only
// show charts).
type Chart = chart.Chart

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

func htmlAttr(s string) string { return attrEscaper.Replace(s) }

var attrEscaper = strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", `<`, "&lt;", `>`, "&gt;")
