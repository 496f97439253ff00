package plots

import (
	"fmt"
	"math"
	"strconv"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"partitionlab/app/i18n"
)

// MaxBars is how many bars per client a chart shows at most. With more
// partitions than that, consecutive partitions are added up into groups so
// the bars stay wide enough to see and the SVG stays small.
const MaxBars = 48

// Grouping says how partitions are gathered into bars.
type Grouping struct {
	// Size is the number of consecutive partitions per bar (1 = one bar per
	// partition).
	Size int
	// Bars is the number of bars per client.
	Bars int
}

// axisLabel names the partition axis: "partition", or how many each bar
// gathers.
func (g Grouping) axisLabel(c *i18n.Catalog) string {
	if g.Size > 1 {
		return c.T("plots.axis.partitionsPerBar", i18n.N("size", g.Size))
	}
	return c.T("plots.axis.partition")
}

// GroupingFor is the grouping used for a chart of n partitions.
func GroupingFor(n int) Grouping {
	size := (n + MaxBars - 1) / MaxBars
	if size < 1 {
		size = 1
	}
	return Grouping{Size: size, Bars: (n + size - 1) / size}
}

// Label names bar b, e.g. "7" or "32–63".
func (g Grouping) Label(b, n int) string {
	if g.Size == 1 {
		return strconv.Itoa(b)
	}
	last := min((b+1)*g.Size, n) - 1
	return fmt.Sprintf("%d–%d", b*g.Size, last)
}

func (g Grouping) sum(counts []int) plotter.Values {
	v := make(plotter.Values, g.Bars)
	for p, c := range counts {
		v[p/g.Size] += float64(c)
	}
	return v
}

// KeysPerPartition draws a grouped bar chart, one colour per series, of how
// many keys land on each of n partitions. Every series must have n counts.
// The result is an <svg> element (see inlineSVG).
func KeysPerPartition(c *i18n.Catalog, title string, n int, series []chart.Series) (string, error) {
	if n < 1 {
		return "", fmt.Errorf("plots: partitions: %d is not at least 1", n)
	}
	if len(series) == 0 {
		return "", fmt.Errorf("plots: no series to draw")
	}
	g := GroupingFor(n)
	p := plot.New()
	setup(p, c)
	p.Title.Text = title
	p.X.Label.Text = g.axisLabel(c)
	p.Y.Label.Text = c.T("plots.axis.keys")
	p.Legend.Top = true
	p.Legend.Left = false

	const width, height = 640, 300
	top, err := addGroupedBars(p, g, n, series, vg.Length(width-60))
	if err != nil {
		return "", err
	}
	barAxes(p, g, n, top*1.25, c.Lang())
	return inlineSVG(p, width, height, c.T("plots.keys.label", i18n.S("title", title), i18n.Count(n)))
}

// addGroupedBars adds one bar chart per series, side by side in each
// partition's slot of a data area span wide, each in its own legend entry,
// and returns the tallest bar.
func addGroupedBars(p *plot.Plot, g Grouping, n int, series []chart.Series, span vg.Length) (float64, error) {
	// Leave a fifth of each slot as the gap between partitions.
	slot := span / vg.Length(g.Bars)
	bar := slot * 0.8 / vg.Length(len(series))
	top := 0.0
	for i, s := range series {
		if len(s.Counts) != n {
			return 0, fmt.Errorf("plots: series %q has %d counts for %d partitions", s.Name, len(s.Counts), n)
		}
		values := g.sum(s.Counts)
		bc, err := newBars(values, bar)
		if err != nil {
			return 0, fmt.Errorf("plots: series %q: %w", s.Name, err)
		}
		bc.Color = chart.Color(s.ColorIndex)
		bc.LineStyle.Width = 0
		bc.Offset = vg.Length(float64(i)-float64(len(series)-1)/2) * bar
		p.Add(bc)
		p.Legend.Add(s.Name, bc)
		for _, v := range values {
			top = math.Max(top, v)
		}
	}
	return top, nil
}

// barAxes sets the axes of a chart of bars grouped by g over n partitions,
// with room up to top: headroom above the tallest bar keeps the legend and
// labels off the bars.
func barAxes(p *plot.Plot, g Grouping, n int, top float64, l i18n.Lang) {
	p.X.Min, p.X.Max = -0.5, float64(g.Bars)-0.5
	p.X.Tick.Marker = barTicks(g, n)
	p.Y.Min, p.Y.Max = 0, math.Max(1, math.Ceil(top))
	p.Y.Tick.Marker = wholeTicks(l)
}

// barTicks labels bars under the chart, thinning the labels when there are
// many bars so they do not overlap.
func barTicks(g Grouping, n int) plot.ConstantTicks {
	every := 1
	switch {
	case g.Size > 1:
		every = 4
	case g.Bars > 24:
		every = 2
	}
	ticks := make(plot.ConstantTicks, g.Bars)
	for b := range ticks {
		ticks[b].Value = float64(b)
		if b%every == 0 {
			ticks[b].Label = g.Label(b, n)
		}
	}
	return ticks
}

// wholeTicks marks whole numbers only, written in l's way: a count of
// keys is never 2.5.
func wholeTicks(l i18n.Lang) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick { return wholeTicksIn(l, lo, hi) })
}

func wholeTicksIn(l i18n.Lang, lo, hi float64) []plot.Tick {
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000} {
		step = s
		if (hi-lo)/s <= 6 {
			break
		}
	}
	for (hi-lo)/step > 6 {
		step *= 10
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: l.Int(int64(v))})
	}
	return ticks
}

// msTicks marks a time axis shorter than a couple of seconds in
// milliseconds, with as many decimals as the step needs: 0.0775 s reads
// 77.5 ms, and marks 0.76 ms apart fall between ticks a millisecond apart.
func msTicks(l i18n.Lang) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick { return msTicksIn(l, lo, hi) })
}

func msTicksIn(l i18n.Lang, lo, hi float64) []plot.Tick {
	span := (hi - lo) * 1000
	step := math.Pow(10, math.Floor(math.Log10(span/5)))
	for _, m := range []float64{1, 2, 5, 10} {
		if span/(step*m) <= 8 {
			step *= m
			break
		}
	}
	decimals := max(0, int(-math.Floor(math.Log10(step))))
	var ticks []plot.Tick
	for v := math.Ceil(lo*1000/step) * step; v <= hi*1000+step*1e-9; v += step {
		ticks = append(ticks, plot.Tick{Value: v / 1000, Label: l.Float(v, decimals)})
	}
	return ticks
}
