package plots

import (
	"image/color"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/i18n"
)

// lanePlot is a chart over time with one named row per lane, listed top to
// bottom, and the run's marks behind.
func lanePlot(c *i18n.Catalog, title string, names []string, from, to float64, marks chart.TimeMarks) *plot.Plot {
	p := plot.New()
	setup(p, c)
	p.Title.Text = title
	p.X.Label.Text = c.T("plots.axis.timeS")
	p.X.Min, p.X.Max = from, to
	p.Add(markPlotter{marks})
	rows := make([]string, len(names))
	for i, n := range names {
		rows[len(names)-1-i] = n
	}
	p.NominalY(rows...)
	p.Y.Min, p.Y.Max = -0.6, float64(len(names))-0.4
	return p
}

// laneY is the y value of lane i of n: the first lane is at the top.
func laneY(i, n int) float64 { return float64(n - 1 - i) }

// laneGap is the height of one lane on the canvas.
func laneGap(c draw.Canvas, plt *plot.Plot) vg.Length {
	return c.Y(plt.Y.Norm(1)) - c.Y(plt.Y.Norm(0))
}

// segment is a stretch of time on a lane, with a label drawn inside when
// it fits.
type segment struct {
	lane     int
	from, to float64
	label    string
}

// segments draws segments as light boxes with a dark outline.
type segments struct {
	items []segment
	lanes int
}

func (s segments) Plot(c draw.Canvas, plt *plot.Plot) {
	x := func(t float64) vg.Length { return c.X(plt.X.Norm(t)) }
	half := laneGap(c, plt) * 0.32
	fill := color.RGBA{0xcf, 0xe3, 0xf1, 0xff}
	edge := draw.LineStyle{Color: color.RGBA{0x00, 0x72, 0xb2, 0xff}, Width: vg.Points(0.8)}
	empty := draw.LineStyle{Color: grey(), Width: vg.Points(1), Dashes: dashes(2)}
	label := plt.X.Tick.Label
	label.XAlign, label.YAlign = draw.XCenter, draw.YCenter
	for _, sg := range s.items {
		y := c.Y(plt.Y.Norm(laneY(sg.lane, s.lanes)))
		x0, x1 := x(sg.from), x(sg.to)
		if sg.label == "" {
			c.StrokeLine2(empty, x0, y, x1, y)
			continue
		}
		box := vg.Rectangle{Min: vg.Point{X: x0, Y: y - half}, Max: vg.Point{X: max(x1, x0+vg.Points(1)), Y: y + half}}
		c.SetColor(fill)
		c.Fill(box.Path())
		c.SetLineStyle(edge)
		c.Stroke(box.Path())
		if w := label.Rectangle(sg.label).Size().X; w+vg.Points(4) < x1-x0 {
			c.FillText(label, vg.Point{X: (x0 + x1) / 2, Y: y}, sg.label)
		}
	}
}
