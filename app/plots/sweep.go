package plots

import (
	"fmt"
	"image/color"
	"math"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/i18n"
)

// The sweep's charts: a measure against the varied setting with its spread
// over the seeds, the trade-off itself (balance against ordering
// violations, the frontier joined), and for two settings a grid coloured by
// a measure. Their data and words come from the caller (the command line's
// review in English, the page in the reader's language), so they take the
// catalog for its numbers only.

// sweepWidth and sweepHeight are the size of every sweep chart.
const sweepWidth, sweepHeight = 640, 300

// categoryTicks labels positions 0, 1, ... with the setting's values.
func categoryTicks(ticks []string) plot.ConstantTicks {
	out := make(plot.ConstantTicks, len(ticks))
	for i, t := range ticks {
		out[i] = plot.Tick{Value: float64(i), Label: t}
	}
	return out
}

// SweepMeasure draws a measure against the varied setting, whose values
// (ticks) are placed evenly, so a doubling series reads as steps: each
// series' medians joined, with a bar from min to max where the seeds differ.
func SweepMeasure(c *i18n.Catalog, w chart.SweepWords, ticks []string, series []chart.SweepSeries) (Chart, error) {
	p := plot.New()
	setup(p, c)
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = w.Title, w.XLabel, w.YLabel
	p.X.Min, p.X.Max = -0.5, float64(len(ticks))-0.5
	p.X.Tick.Marker = categoryTicks(ticks)
	p.Legend.Top = true
	peak := 0.0
	for i, s := range series {
		if len(s.Median) != len(ticks) || len(s.Min) != len(ticks) || len(s.Max) != len(ticks) {
			return Chart{}, fmt.Errorf("plots: sweep series %q has %d values for %d settings", s.Name, len(s.Median), len(ticks))
		}
		xs := make([]float64, len(ticks))
		for j := range xs {
			xs[j] = float64(j)
			peak = math.Max(peak, s.Max[j])
		}
		l, err := newLine(xs, s.Median, chart.Color(i), 2, dashes(i))
		if err != nil {
			return Chart{}, err
		}
		dots, err := plotter.NewScatter(xyOf(xs, s.Median))
		if err != nil {
			return Chart{}, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: chart.Color(i), Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(l, dots, spreadBars{xs, s.Min, s.Max, chart.Color(i)})
		if s.Name != "" {
			p.Legend.Add(s.Name, l)
		}
	}
	entries := 0
	if len(series) > 1 {
		entries = len(series)
	}
	yRoom(p, peak, entries, sweepHeight)
	return render(p, sweepWidth, sweepHeight, w.Label)
}

func xyOf(xs, ys []float64) plotter.XYs {
	out := make(plotter.XYs, len(xs))
	for i := range xs {
		out[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return out
}

// spreadBars draws a vertical bar with caps from min to max at each x
// where they differ.
type spreadBars struct {
	xs, min, max []float64
	color        color.Color
}

func (s spreadBars) Plot(c draw.Canvas, plt *plot.Plot) {
	tx, ty := plt.Transforms(&c)
	style := draw.LineStyle{Color: s.color, Width: vg.Points(1)}
	cap := vg.Points(3)
	for i, x := range s.xs {
		if s.min[i] == s.max[i] {
			continue
		}
		px, lo, hi := tx(x), ty(s.min[i]), ty(s.max[i])
		c.StrokeLine2(style, px, lo, px, hi)
		c.StrokeLine2(style, px-cap, lo, px+cap, lo)
		c.StrokeLine2(style, px-cap, hi, px+cap, hi)
	}
}

// SweepFrontier draws the trade-off: balance (load, busiest ÷ mean
// partition) across, ordering violations up, each point labelled with its
// value; the points on the frontier are filled and joined, the others
// hollow, and the recommended one ringed in another colour (so none of it
// relies on colour alone).
func SweepFrontier(c *i18n.Catalog, w chart.SweepWords, points []chart.FrontierPoint) (Chart, error) {
	p := plot.New()
	setup(p, c)
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = w.Title, w.XLabel, w.YLabel
	var front, rest, rec plotter.XYs
	labels := plotter.XYLabels{}
	xMin, xMax, yMax := math.Inf(1), math.Inf(-1), 0.0
	for _, pt := range points {
		xy := plotter.XY{X: pt.Load, Y: pt.Violations}
		if pt.OnFrontier {
			front = append(front, xy)
		} else {
			rest = append(rest, xy)
		}
		if pt.Recommended {
			rec = append(rec, xy)
		}
		labels.XYs = append(labels.XYs, xy)
		labels.Labels = append(labels.Labels, pt.Label)
		xMin, xMax, yMax = math.Min(xMin, pt.Load), math.Max(xMax, pt.Load), math.Max(yMax, pt.Violations)
	}
	if len(points) == 0 {
		return Chart{}, fmt.Errorf("plots: a frontier needs points")
	}
	pad := math.Max((xMax-xMin)*0.08, 0.05)
	p.X.Min, p.X.Max = math.Max(0, xMin-pad), xMax+pad
	p.Y.Min, p.Y.Max = 0, math.Max(1, yMax*1.15)
	if len(front) > 1 {
		l, err := newLine(xsOf(front), ysOf(front), chart.Color(normalColor), 2, nil)
		if err != nil {
			return Chart{}, err
		}
		p.Add(l)
	}
	for _, g := range []struct {
		xys   plotter.XYs
		glyph draw.GlyphStyle
	}{
		{rest, draw.GlyphStyle{Color: color.Gray{0x70}, Radius: vg.Points(3.5), Shape: draw.RingGlyph{}}},
		{front, draw.GlyphStyle{Color: chart.Color(normalColor), Radius: vg.Points(4), Shape: draw.CircleGlyph{}}},
		{rec, draw.GlyphStyle{Color: chart.Color(hottestColor), Radius: vg.Points(8), Shape: draw.RingGlyph{}}},
	} {
		if len(g.xys) == 0 {
			continue
		}
		s, err := plotter.NewScatter(g.xys)
		if err != nil {
			return Chart{}, err
		}
		s.GlyphStyle = g.glyph
		p.Add(s)
	}
	ls, err := plotter.NewLabels(labels)
	if err != nil {
		return Chart{}, err
	}
	for i := range ls.TextStyle {
		ls.TextStyle[i].Font.Variant = "Sans"
		ls.TextStyle[i].Handler = p.TextHandler
		ls.TextStyle[i].Font.Size = vg.Points(9)
	}
	ls.Offset = vg.Point{X: vg.Points(6), Y: vg.Points(4)}
	p.Add(ls)
	return render(p, sweepWidth, sweepHeight, w.Label)
}

func xsOf(xys plotter.XYs) []float64 {
	out := make([]float64, len(xys))
	for i, xy := range xys {
		out[i] = xy.X
	}
	return out
}

func ysOf(xys plotter.XYs) []float64 {
	out := make([]float64, len(xys))
	for i, xy := range xys {
		out[i] = xy.Y
	}
	return out
}
