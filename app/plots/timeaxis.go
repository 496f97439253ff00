package plots

import (
	"image/color"
	"math"
	"strconv"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// markPlotter draws chart.TimeMarks behind the data.
type markPlotter struct{ chart.TimeMarks }

// minSpan keeps a short rebalance visible: a 5 ms one is still a rebalance.
const minSpan = 2 * vg.Millimeter

func (m markPlotter) Plot(c draw.Canvas, plt *plot.Plot) {
	x := func(t float64) vg.Length { return c.X(plt.X.Norm(t)) }
	shade := color.NRGBA{0x52, 0x60, 0x6d, 0x30}
	for _, rb := range m.Rebalances {
		x0, x1 := x(rb[0]), x(rb[1])
		if x1-x0 < minSpan {
			x1 = x0 + minSpan
		}
		c.SetColor(shade)
		c.Fill(vg.Rectangle{Min: vg.Point{X: x0, Y: c.Min.Y}, Max: vg.Point{X: min(x1, c.Max.X), Y: c.Max.Y}}.Path())
	}
	line := draw.LineStyle{Color: color.RGBA{0x1b, 0x24, 0x30, 0xff}, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	// The numbers go at the foot of the lines: the legends sit at the top.
	label := plt.X.Tick.Label
	label.XAlign, label.YAlign = draw.XLeft, draw.YBottom
	for i, mk := range m.Marks {
		xi := x(mk.AtS)
		if xi < c.Min.X || xi > c.Max.X {
			continue
		}
		c.StrokeLine2(line, xi, c.Min.Y, xi, c.Max.Y)
		c.FillText(label, vg.Point{X: xi + vg.Points(2), Y: c.Min.Y + vg.Points(2)}, strconv.Itoa(i+1))
	}
}

// timePlot is a plot over the run's duration with its marks drawn first.
func timePlot(c *i18n.Catalog, title, yLabel string, durationS float64, marks chart.TimeMarks) *plot.Plot {
	p := plot.New()
	setup(p, c)
	p.Title.Text = title
	p.X.Label.Text = c.T("plots.axis.timeS")
	p.Y.Label.Text = yLabel
	p.X.Min, p.X.Max = 0, durationS
	p.Add(markPlotter{marks})
	return p
}

// yRoom sets the y axis from 0 to above peak, leaving room at the top for
// a legend of the given number of entries on a chart of the given height,
// so the legend never hides the lines.
func yRoom(p *plot.Plot, peak float64, entries int, height vg.Length) {
	legend := float64(entries)*13 + 12
	data := float64(height) - 80 // title, x axis and labels
	frac := min(0.6, legend/max(data, 1))
	p.Y.Min, p.Y.Max = 0, max(1, peak*1.05/(1-frac))
}

// dashes gives each line a pattern of its own, so lines differ by more
// than colour.
func dashes(i int) []vg.Length {
	patterns := [][]float64{nil, {6, 3}, {2, 2}, {8, 3, 2, 3}, {1, 3}, {10, 4}}
	var out []vg.Length
	for _, d := range patterns[i%len(patterns)] {
		out = append(out, vg.Points(d))
	}
	return out
}

// grey is for the "everything else" series.
func grey() color.RGBA { return color.RGBA{0x8a, 0x94, 0x9e, 0xff} }

// newLine is a line through xs, ys in a colour and dash pattern.
func newLine(xs, ys []float64, c color.Color, width float64, dash []vg.Length) (line, error) {
	pts := make(plotter.XYs, len(xs))
	for i := range xs {
		// plotter.NewLine's check, without its copy of the points.
		if err := plotter.CheckFloats(xs[i], ys[i]); err != nil {
			return line{}, err
		}
		pts[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return line{&plotter.Line{XYs: pts, LineStyle: draw.LineStyle{Color: c, Width: vg.Points(width), Dashes: dash}}, &lineBoxes{}}, nil
}

// line is a gonum/plot line (its range, legend swatch and picture are
// plotter.Line's) that draws with fewer allocations and gives the plot
// fewer glyph boxes.
type line struct {
	*plotter.Line
	boxes *lineBoxes
}

// lineBoxes are a line's padding boxes for the axes' ranges they were
// worked out for: the plot asks twice (padding across, then up).
type lineBoxes struct {
	x, y  [2]float64
	boxes []plot.GlyphBox
	done  bool
}

// Plot draws the line as plotter.Line does. A line inside the data area
// (as the charts' lines are: their axes are set around them) needs no
// clipping, whose four passes copy every point; it is stroked as one path
// of the same points, written straight into the chart's SVG. Any other
// line is left to plotter.Line.
func (l line) Plot(c draw.Canvas, plt *plot.Plot) {
	if l.StepStyle != plotter.NoStep || l.FillColor != nil || l.LineStyle.Width == 0 || len(l.XYs) < 2 {
		l.Line.Plot(c, plt)
		return
	}
	sx, sy := scaleOf(&plt.X), scaleOf(&plt.Y)
	svg := svgOf(c.Canvas)
	var pts []vg.Point
	if svg != nil {
		pts = svg.scratch[:0]
	} else {
		pts = make([]vg.Point, 0, len(l.XYs))
	}
	for _, p := range l.XYs {
		pt := vg.Point{X: c.X(sx.norm(p.X)), Y: c.Y(sy.norm(p.Y))}
		if !c.Contains(pt) {
			l.Line.Plot(c, plt)
			return
		}
		pts = append(pts, pt)
	}
	c.SetLineStyle(l.LineStyle)
	if svg != nil {
		svg.scratch = pts
		svg.strokePolyline(pts)
		return
	}
	path := make(vg.Path, len(pts))
	for i, pt := range pts {
		path[i] = vg.PathComp{Type: vg.LineComp, Pos: pt}
	}
	path[0].Type = vg.MoveComp
	c.Stroke(path)
}

// GlyphBoxes are the boxes of plotter.Line's (one per point, the line's
// width square) that the plot's padding can pick: the plot keeps, of all
// plotters' boxes, the first that reaches furthest left, right, down and
// up inside the axes, and a line's boxes differ only in where they sit.
// So the first point furthest each way, in the line's order, pads the
// chart as all of them do, without a box per point twice per chart.
func (l line) GlyphBoxes(plt *plot.Plot) []plot.GlyphBox {
	sx, sy := scaleOf(&plt.X), scaleOf(&plt.Y)
	if l.boxes == nil || !sx.linear || !sy.linear {
		return l.glyphBoxes(plt)
	}
	x, y := [2]float64{sx.min, sx.max}, [2]float64{sy.min, sy.max}
	if !l.boxes.done || l.boxes.x != x || l.boxes.y != y {
		*l.boxes = lineBoxes{x: x, y: y, boxes: l.glyphBoxes(plt), done: true}
	}
	return l.boxes.boxes
}

func (l line) glyphBoxes(plt *plot.Plot) []plot.GlyphBox {
	r := 0.5 * l.LineStyle.Width
	rect := vg.Rectangle{Min: vg.Point{X: -r, Y: -r}, Max: vg.Point{X: r, Y: r}}
	sx, sy := scaleOf(&plt.X), scaleOf(&plt.Y)
	left, right, bottom, top := -1, -1, -1, -1
	var minX, maxX, minY, maxY float64
	for i, p := range l.XYs {
		var x, y float64
		if sx.linear && sy.linear { // scale.norm, inlined
			x, y = (p.X-sx.min)/(sx.max-sx.min), (p.Y-sy.min)/(sy.max-sy.min)
		} else {
			x, y = sx.norm(p.X), sy.norm(p.Y)
		}
		if r > 0 && (x < 0 || x > 1 || y < 0 || y > 1) {
			continue // the plot drops it
		}
		if left < 0 || x < minX {
			left, minX = i, x
		}
		if right < 0 || x > maxX {
			right, maxX = i, x
		}
		if bottom < 0 || y < minY {
			bottom, minY = i, y
		}
		if top < 0 || y > maxY {
			top, maxY = i, y
		}
	}
	if left < 0 {
		return nil
	}
	// The picks in the line's order, each once.
	picks := [4]int{left, right, bottom, top}
	for i := 1; i < len(picks); i++ {
		for j := i; j > 0 && picks[j] < picks[j-1]; j-- {
			picks[j], picks[j-1] = picks[j-1], picks[j]
		}
	}
	boxes := make([]plot.GlyphBox, 0, 4)
	for k, i := range picks {
		if k > 0 && i == picks[k-1] {
			continue
		}
		p := l.XYs[i]
		boxes = append(boxes, plot.GlyphBox{X: sx.norm(p.X), Y: sy.norm(p.Y), Rectangle: rect})
	}
	return boxes
}

// DataRange is plotter.Line's (plotter.XYRange), without a call through
// an interface for each value.
func (l line) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, p := range l.XYs {
		xmin, xmax = minOf(xmin, p.X), maxOf(xmax, p.X)
		ymin, ymax = minOf(ymin, p.Y), maxOf(ymax, p.Y)
	}
	return xmin, xmax, ymin, ymax
}

// minOf and maxOf are math.Min and math.Max for the numbers a line holds
// (no NaN: newLine refuses it), -0 below +0 as there.
func minOf(m, v float64) float64 {
	if v < m || (v == m && math.Signbit(v)) {
		return v
	}
	return m
}

func maxOf(m, v float64) float64 {
	if v > m || (v == m && !math.Signbit(v)) {
		return v
	}
	return m
}

// svgOf is the chart's SVG canvas inside c (gonum/plot hands plotters a
// draw.Canvas wrapping a draw.Canvas), or nil when it is drawn on another.
func svgOf(c vg.Canvas) *svgCanvas {
	for {
		switch v := c.(type) {
		case *svgCanvas:
			return v
		case draw.Canvas:
			c = v.Canvas
		case *draw.Canvas:
			c = v.Canvas
		default:
			return nil
		}
	}
}

// scale is an axis's normalisation: Axis.Norm without copying the axis
// for each value (an Axis is a few hundred bytes) nor, on a linear axis,
// a call through its Scale; the same arithmetic as plot.LinearScale's.
type scale struct {
	min, max float64
	s        plot.Normalizer
	linear   bool
}

func scaleOf(a *plot.Axis) scale {
	_, linear := a.Scale.(plot.LinearScale)
	return scale{a.Min, a.Max, a.Scale, linear}
}

func (s scale) norm(x float64) float64 {
	if s.linear {
		return (x - s.min) / (s.max - s.min)
	}
	return s.s.Normalize(s.min, s.max, x)
}

// bucketTimes are the moments the series are drawn at: the end of each
// bucket, the last one at the end of the run.
func bucketTimes(r *sim.Result, n int) []float64 {
	ts := make([]float64, n)
	for b := range ts {
		ts[b] = min(float64(b+1)*r.Series.BucketS, r.DurationS)
	}
	return ts
}
