package plots

import (
	"fmt"
	"math"

	"partitionlab/app/chart"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// Throughput draws records produced and processed per second over the run,
// over all partitions: where the processed line falls below the produced
// one, the backlog grows.
func Throughput(c *i18n.Catalog, r *sim.Result, marks chart.TimeMarks) (Chart, error) {
	se := r.Series
	if len(se.Produced) == 0 || len(se.Produced[0]) == 0 {
		return Chart{}, fmt.Errorf("plots: the result has no throughput series")
	}
	n := len(se.Produced[0])
	ts := bucketTimes(r, n)
	produced, processed := make([]float64, n), make([]float64, n)
	peak := 0.0
	for b := range n {
		width := ts[b] - float64(b)*se.BucketS // the last bucket may be shorter
		if width <= 0 {
			continue
		}
		for p := range se.Produced {
			produced[b] += float64(se.Produced[p][b])
			processed[b] += float64(se.Processed[p][b])
		}
		produced[b] /= width
		processed[b] /= width
		peak = math.Max(peak, math.Max(produced[b], processed[b]))
	}
	p := timePlot(c, c.T("plots.throughput.title"), c.T("plots.axis.recordsPerS"), r.DurationS, marks)
	p.Legend.Top, p.Legend.Left = true, true
	for i, s := range []struct {
		name string
		ys   []float64
	}{{c.T("plots.legend.produced"), produced}, {c.T("plots.legend.processed"), processed}} {
		l, err := newLine(ts, s.ys, chart.Color(i), 1.6, dashes(i))
		if err != nil {
			return Chart{}, err
		}
		p.Add(l)
		p.Legend.Add(s.name, l)
	}
	const height = 240
	yRoom(p, peak, 2, height)
	p.Y.Tick.Marker = wholeTicks(c.Lang())
	return render(p, 640, height, c.T("plots.throughput.label", i18n.S("seconds", number(c.Lang(), r.DurationS))))
}
