package plots

import (
	"fmt"
	"math"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// Comparison charts draw A and B in one chart per measure, so both share
// their axes by construction: a B four times worse looks four times worse.
// They are meant to span the page's width, with text large enough for a
// projector (see large).

// compareWidth is the picture's width; drawn at the page's full width, its
// points become about 1.5 px each.
const compareWidth = 640

// large makes a comparison chart's text big: ticks and legend at 12 pt,
// axis labels at 13 pt and the title at 14 pt.
func large(p *plot.Plot) {
	sizes := []struct {
		f    *font.Font
		size vg.Length
	}{
		{&p.Title.TextStyle.Font, 14}, {&p.Legend.TextStyle.Font, 12},
		{&p.X.Label.TextStyle.Font, 13}, {&p.Y.Label.TextStyle.Font, 13},
		{&p.X.Tick.Label.Font, 12}, {&p.Y.Tick.Label.Font, 12},
	}
	for _, s := range sizes {
		s.f.Size = s.size
	}
}

// CompareRecords draws the records each partition received in A and B as
// bars side by side, over the larger of the two partition counts.
func CompareRecords(c *i18n.Catalog, a, b chart.Side) (Chart, error) {
	n := max(len(a.Result.Partitions), len(b.Result.Partitions))
	if n == 0 {
		return Chart{}, fmt.Errorf("plots: neither result has partitions")
	}
	series := make([]chart.Series, 2)
	for i, s := range []chart.Side{a, b} {
		counts := make([]int, n)
		for _, p := range s.Result.Partitions {
			counts[p.Partition] = int(p.Produced)
		}
		series[i] = chart.Series{Name: s.Name, ColorIndex: i, Counts: counts}
	}
	g := GroupingFor(n)
	p := plot.New()
	setup(p, c)
	large(p)
	p.Title.Text = c.T("plots.compare.records.title")
	p.X.Label.Text = g.axisLabel(c)
	p.Y.Label.Text = c.T("plots.axis.records")
	p.Legend.Top = true
	const height = 300
	top, err := addGroupedBars(p, g, n, series, compareWidth-70)
	if err != nil {
		return Chart{}, err
	}
	barAxes(p, g, n, top*1.3, c.Lang())
	return render(p, compareWidth, height, c.T("plots.compare.records.label", i18n.S("a", a.Name), i18n.S("b", b.Name), i18n.Count(n)))
}

// CompareLag draws, over time, the most records waiting on any partition
// of A and of B.
func CompareLag(c *i18n.Catalog, a, b chart.Side) (Chart, error) {
	return compareLines(c, a, b, c.T("plots.compare.lag.title"), c.T("plots.axis.recordsWaiting"), func(r *sim.Result, bucket int) float64 {
		peak := 0.0
		for _, row := range r.Series.Lag {
			peak = math.Max(peak, float64(row[bucket]))
		}
		return peak
	})
}

// CompareThroughput draws the records processed per second by A and by B.
func CompareThroughput(c *i18n.Catalog, a, b chart.Side) (Chart, error) {
	return compareLines(c, a, b, c.T("plots.compare.throughput.title"), c.T("plots.axis.recordsPerS"), func(r *sim.Result, bucket int) float64 {
		width := min(float64(bucket+1)*r.Series.BucketS, r.DurationS) - float64(bucket)*r.Series.BucketS
		if width <= 0 {
			return 0
		}
		sum := 0.0
		for _, row := range r.Series.Processed {
			sum += float64(row[bucket])
		}
		return sum / width
	})
}

// compareLines draws one line per side of value(result, bucket) over the
// longer of the two runs, A solid and B dashed.
func compareLines(c *i18n.Catalog, a, b chart.Side, title, yLabel string, value func(r *sim.Result, bucket int) float64) (Chart, error) {
	p := timePlot(c, title, yLabel, max(a.Result.DurationS, b.Result.DurationS), chart.TimeMarks{})
	large(p)
	p.Legend.Top, p.Legend.Left = true, true
	peak := 0.0
	for i, s := range []chart.Side{a, b} {
		r := s.Result
		if len(r.Series.Lag) == 0 || len(r.Series.Lag[0]) == 0 {
			return Chart{}, fmt.Errorf("plots: %s has no series", s.Name)
		}
		ts := bucketTimes(r, len(r.Series.Lag[0]))
		ys := make([]float64, len(ts))
		for b := range ys {
			ys[b] = value(r, b)
			peak = math.Max(peak, ys[b])
		}
		l, err := newLine(ts, ys, chart.Color(i), 2, dashes(i))
		if err != nil {
			return Chart{}, err
		}
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	const height = 280
	yRoom(p, peak, 2, height)
	p.Y.Tick.Marker = wholeTicks(c.Lang())
	return render(p, compareWidth, height, c.T("plots.compare.lines.label", i18n.S("measure", yLabel), i18n.S("a", a.Name), i18n.S("b", b.Name)))
}
