package plots

import (
	"fmt"
	"math"
	"sort"

	"partitionlab/app/chart"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// TopLagLines is how many partitions the lag chart draws one by one; the
// others become one grey line, so a chart of 100 partitions stays readable.
const TopLagLines = 5

// Lag draws, over time, the records waiting on the partitions with the most
// lag (one line each) and the most waiting on any other partition.
func Lag(c *i18n.Catalog, r *sim.Result, marks chart.TimeMarks) (Chart, error) {
	lag := r.Series.Lag
	if len(lag) == 0 || len(lag[0]) == 0 {
		return Chart{}, fmt.Errorf("plots: the result has no lag series")
	}
	top, rest := topPartitions(lag, TopLagLines)
	entries := len(top)
	if len(rest) > 0 {
		entries++
	}
	p := timePlot(c, c.T("plots.lag.title"), c.T("plots.axis.recordsWaiting"), r.DurationS, marks)
	p.Legend.Top, p.Legend.Left = true, true
	ts := bucketTimes(r, len(lag[0]))
	peak := 0.0
	for i, part := range top {
		ys := make([]float64, len(ts))
		for b := range ys {
			ys[b] = float64(lag[part][b])
			peak = math.Max(peak, ys[b])
		}
		l, err := newLine(ts, ys, chart.Color(i), 1.6, dashes(i))
		if err != nil {
			return Chart{}, err
		}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("p%d", part), l)
	}
	if len(rest) > 0 {
		ys := make([]float64, len(ts))
		for b := range ys {
			for _, part := range rest {
				ys[b] = math.Max(ys[b], float64(lag[part][b]))
			}
			peak = math.Max(peak, ys[b])
		}
		l, err := newLine(ts, ys, grey(), 1.2, nil)
		if err != nil {
			return Chart{}, err
		}
		p.Add(l)
		p.Legend.Add(c.T("plots.lag.others", i18n.Count(len(rest))), l)
	}
	const height = 280
	yRoom(p, peak, entries, height)
	p.Y.Tick.Marker = wholeTicks(c.Lang())
	return render(p, 640, height, c.T("plots.lag.label", i18n.Count(len(lag)), i18n.S("seconds", number(c.Lang(), r.DurationS))))
}

// topPartitions orders partitions by their highest lag (ties by number) and
// splits off the first n.
func topPartitions(lag [][]int32, n int) (top, rest []int) {
	peak := make([]int32, len(lag))
	order := make([]int, len(lag))
	for p, row := range lag {
		order[p] = p
		for _, v := range row {
			peak[p] = max(peak[p], v)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return peak[order[i]] > peak[order[j]] })
	n = min(n, len(order))
	if len(order) == n+1 { // "the other 1" is just one more line
		n++
	}
	top = append([]int(nil), order[:n]...)
	sort.Ints(top)
	return top, order[n:]
}
