package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// bars is a gonum/plot bar chart (its range, padding boxes and legend
// swatch are plotter.BarChart's) that draws its bars with fewer
// allocations. The charts never stack one bar chart on another, which
// bars relies on: make one with newBars, never StackOn.
type bars struct{ *plotter.BarChart }

// newBars is plotter.NewBarChart's chart as bars.
func newBars(vs plotter.Valuer, width vg.Length) (bars, error) {
	bc, err := plotter.NewBarChart(vs, width)
	return bars{bc}, err
}

// Plot draws the bars as plotter.BarChart does: each bar a filled polygon
// clipped along the value axis, then its outline. A bar inside the data
// area needs no clipping, whose passes copy its corners, and on the
// chart's SVG canvas it is written straight, without building paths.
// Other bars take plotter.BarChart's steps.
func (b bars) Plot(c draw.Canvas, plt *plot.Plot) {
	svg := svgOf(c.Canvas)
	sx, sy := scaleOf(&plt.X), scaleOf(&plt.Y)
	trCat := func(v float64) vg.Length { return c.X(sx.norm(v)) }
	trVal := func(v float64) vg.Length { return c.Y(sy.norm(v)) }
	inCat, inVal := c.ContainsX, c.ContainsY
	if b.Horizontal {
		trCat, trVal = trVal, trCat
		inCat, inVal = inVal, inCat
	}
	for i, ht := range b.Values {
		catMin := trCat(b.XMin + float64(i))
		if !inCat(catMin) {
			continue
		}
		catMin = catMin - b.Width/2 + b.Offset
		catMax := catMin + b.Width
		const bottom = 0.0 // not stacked
		valMin, valMax := trVal(bottom), trVal(bottom+ht)
		var pts [5]vg.Point
		if !b.Horizontal {
			pts = [5]vg.Point{{X: catMin, Y: valMin}, {X: catMin, Y: valMax}, {X: catMax, Y: valMax}, {X: catMax, Y: valMin}, {X: catMin, Y: valMin}}
		} else {
			pts = [5]vg.Point{{X: valMin, Y: catMin}, {X: valMin, Y: catMax}, {X: valMax, Y: catMax}, {X: valMax, Y: catMin}, {X: valMin, Y: catMin}}
		}
		if svg != nil && inVal(valMin) && inVal(valMax) {
			// Unclipped, the polygon is its four corners and the outline
			// one line through all five points.
			c.SetColor(b.Color)
			svg.fillPolygon(pts[:4])
			c.SetLineStyle(b.LineStyle)
			svg.strokePolyline(pts[:])
			continue
		}
		var poly []vg.Point
		var outline [][]vg.Point
		if !b.Horizontal {
			poly = c.ClipPolygonY(pts[:4])
			outline = c.ClipLinesY(pts[:])
		} else {
			poly = c.ClipPolygonX(pts[:4])
			outline = c.ClipLinesX(pts[:])
		}
		c.FillPolygon(b.Color, poly)
		c.StrokeLines(b.LineStyle, outline...)
	}
}
