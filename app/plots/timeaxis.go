package plots

import (
	"image/color"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// TimeMarks are the moments drawn on every time axis: the timeline's
// actions as they happened (numbered lines; the page lists the numbers)
// and the rebalances (shaded spans).
type TimeMarks struct {
	Marks      []sim.Mark
	Rebalances [][2]float64
}

// MarksOf reads a result's timeline marks and rebalances.
func MarksOf(r *sim.Result) TimeMarks {
	m := TimeMarks{Marks: r.Timeline}
	for _, rb := range r.Group.Rebalances {
		m.Rebalances = append(m.Rebalances, [2]float64{rb.StartS, rb.EndS})
	}
	return m
}

// markPlotter draws TimeMarks behind the data.
type markPlotter struct{ TimeMarks }

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
func timePlot(c *i18n.Catalog, title, yLabel string, durationS float64, marks TimeMarks) *plot.Plot {
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
func newLine(xs, ys []float64, c color.Color, width float64, dash []vg.Length) (*plotter.Line, error) {
	pts := make(plotter.XYs, len(xs))
	for i := range xs {
		pts[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	l.LineStyle = draw.LineStyle{Color: c, Width: vg.Points(width), Dashes: dash}
	return l, nil
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
