package plots

import (
	"fmt"
	"image/color"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/i18n"
)

// SweepGrid draws a two-setting sweep as a grid coloured by a measure: the
// first setting's values (rows) up, the second's (cols) across, each cell
// shaded from light (the lowest value) to dark (the highest) with its
// value written in it, so the grid reads without the colours too.
func SweepGrid(c *i18n.Catalog, w chart.SweepWords, rows, cols []string, values [][]float64, texts [][]string) (Chart, error) {
	if len(values) != len(rows) || len(texts) != len(rows) {
		return Chart{}, fmt.Errorf("plots: a grid of %d rows has %d rows of values", len(rows), len(values))
	}
	lo, hi := 0.0, 0.0
	for i, row := range values {
		if len(row) != len(cols) || len(texts[i]) != len(cols) {
			return Chart{}, fmt.Errorf("plots: grid row %d has %d values for %d columns", i, len(row), len(cols))
		}
		for j, v := range row {
			if i == 0 && j == 0 || v < lo {
				lo = v
			}
			if i == 0 && j == 0 || v > hi {
				hi = v
			}
		}
	}
	p := plot.New()
	setup(p, c)
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = w.Title, w.XLabel, w.YLabel
	p.X.Min, p.X.Max = -0.5, float64(len(cols))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	p.X.Tick.Marker = categoryTicks(cols)
	p.Y.Tick.Marker = categoryTicks(rows)
	style := p.X.Tick.Label
	style.XAlign, style.YAlign = draw.XCenter, draw.YCenter
	p.Add(gridCells{values: values, texts: texts, lo: lo, hi: hi, text: style})
	return render(p, sweepWidth, sweepHeight+40, w.Label)
}

// gridCells fills one rectangle per cell and writes its text.
type gridCells struct {
	values [][]float64
	texts  [][]string
	lo, hi float64
	text   text.Style
}

func (g gridCells) Plot(c draw.Canvas, plt *plot.Plot) {
	tx, ty := plt.Transforms(&c)
	light, dark := color.RGBA{0xEA, 0xF2, 0xF8, 0xff}, chart.Color(normalColor)
	for i, row := range g.values {
		for j, v := range row {
			f := 0.0
			if g.hi > g.lo {
				f = (v - g.lo) / (g.hi - g.lo)
			}
			x0, x1 := tx(float64(j)-0.5), tx(float64(j)+0.5)
			y0, y1 := ty(float64(i)-0.5), ty(float64(i)+0.5)
			cell := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
			c.FillPolygon(mix(light, dark, f), cell)
			c.StrokeLines(draw.LineStyle{Color: color.White, Width: vg.Points(1)}, append(cell, cell[0]))
			st := g.text
			st.Color = color.Gray{0x1d}
			if f > 0.55 {
				st.Color = color.White
			}
			c.FillText(st, vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}, g.texts[i][j])
		}
	}
}

// mix is the colour a fraction f of the way from a to b.
func mix(a, b color.RGBA, f float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*f + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}
