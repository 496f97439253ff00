package plots

import (
	"fmt"
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

// Palette indexes with a meaning in every chart.
const (
	normalColor  = 0 // blue
	hottestColor = 5 // vermillion
)

// RecordsPerPartition draws how many records each partition received, the
// hottest bar in another colour and named above it (so it does not rely on
// colour), with the mean as a dashed line.
func RecordsPerPartition(c *i18n.Catalog, r *sim.Result) (Chart, error) {
	n := len(r.Partitions)
	if n == 0 {
		return Chart{}, fmt.Errorf("plots: the result has no partitions")
	}
	g := GroupingFor(n)
	counts := make([]int, n)
	total := 0.0
	for i, p := range r.Partitions {
		counts[i] = int(p.Produced)
		total += float64(p.Produced)
	}
	values := g.sum(counts)
	hot := r.Load.HottestPartition / g.Size
	p := plot.New()
	setup(p, c)
	p.Title.Text = c.T("plots.records.title")
	p.X.Label.Text = g.axisLabel(c)
	p.Y.Label.Text = c.T("plots.axis.records")
	const width, height = 640, 280
	bar := vg.Length(width-60) / vg.Length(g.Bars) * 0.75

	rest := append(plotter.Values(nil), values...)
	rest[hot] = 0
	bc, err := newBars(rest, bar)
	if err != nil {
		return Chart{}, fmt.Errorf("plots: records per partition: %w", err)
	}
	bc.Color, bc.LineStyle.Width = chart.Color(normalColor), 0
	hc, err := newBars(plotter.Values{values[hot]}, bar)
	if err != nil {
		return Chart{}, fmt.Errorf("plots: records per partition: %w", err)
	}
	hc.Color, hc.LineStyle.Width, hc.XMin = chart.Color(hottestColor), 0, float64(hot)
	p.Add(bc, hc)

	mean := total / float64(n) * float64(g.Size)
	ml, err := newLine([]float64{-0.5, float64(g.Bars) - 0.5}, []float64{mean, mean}, grey(), 1, dashes(1))
	if err != nil {
		return Chart{}, err
	}
	p.Add(ml)
	p.Legend.Add(c.T("plots.legend.mean"), ml)
	p.Legend.Top = true

	share := percent(c, r.Load.HottestShare)
	name := c.T("plots.records.hottest", i18n.S("partition", strconv.Itoa(r.Load.HottestPartition)), i18n.S("share", share))
	if g.Size > 1 {
		name = c.T("plots.records.hottestIn", i18n.S("partition", strconv.Itoa(r.Load.HottestPartition)), i18n.S("bar", g.Label(hot, n)), i18n.S("share", share))
	}
	labels, err := plotter.NewLabels(plotter.XYLabels{XYs: []plotter.XY{{X: float64(hot), Y: values[hot]}}, Labels: []string{name}})
	if err != nil {
		return Chart{}, err
	}
	labels.TextStyle[0].Font.Variant = "Sans"
	labels.TextStyle[0].Handler = p.X.Tick.Label.Handler
	labels.TextStyle[0].XAlign = textAlign(hot, g.Bars)
	labels.Offset = vg.Point{Y: vg.Points(4)}
	p.Add(labels)

	top := 0.0
	for _, v := range values {
		top = math.Max(top, v)
	}
	barAxes(p, g, n, top*1.3, c.Lang())
	return render(p, width, height, c.T("plots.records.label", i18n.Count(n), i18n.S("hottest", name)))
}

// textAlign keeps a label over bar i of n inside the chart.
func textAlign(i, n int) draw.XAlignment {
	switch {
	case n > 4 && i < n/4:
		return draw.XLeft
	case n > 4 && i >= n-n/4:
		return draw.XRight
	}
	return draw.XCenter
}
