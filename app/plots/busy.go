package plots

import (
	"fmt"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"partitionlab/sim"
)

// MaxLanes bounds the members a per-member chart shows; with more, it shows
// the busiest and the least busy half of that each, and says so.
const MaxLanes = 40

// shownMembers picks the members a per-member chart draws, in their order.
func shownMembers(ms []sim.MemberResult) (shown []int, note string) {
	idx := make([]int, len(ms))
	for i := range idx {
		idx[i] = i
	}
	if len(ms) <= MaxLanes {
		return idx, ""
	}
	sort.SliceStable(idx, func(a, b int) bool { return ms[idx[a]].BusyShare > ms[idx[b]].BusyShare })
	shown = append(append([]int(nil), idx[:MaxLanes/2]...), idx[len(idx)-MaxLanes/2:]...)
	sort.Ints(shown)
	return shown, fmt.Sprintf(" (the %d busiest and %d least busy of %d)", MaxLanes/2, MaxLanes/2, len(ms))
}

// memberName is a member's lane label, saying when it ended idle or
// stopped.
func memberName(m sim.MemberResult) string {
	switch {
	case !m.Running:
		return m.Name + " (stopped)"
	case len(m.Partitions) == 0:
		return m.Name + " (idle)"
	}
	return m.Name
}

// laneHeight is the chart height for n lanes.
func laneHeight(n int) vg.Length { return vg.Length(90 + 18*n) }

// BusyShare draws the share of the run each consumer thread (group member,
// its executor averaged) spent processing: idle members and hot ones
// stand out.
func BusyShare(r *sim.Result) (Chart, error) {
	ms := r.Consumers.Members
	if len(ms) == 0 {
		return Chart{}, fmt.Errorf("plots: the result has no consumer threads")
	}
	shown, note := shownMembers(ms)
	values := make(plotter.Values, len(shown))
	names := make([]string, len(shown))
	// Lanes run top to bottom in member order; the y axis counts upwards.
	for i, m := range shown {
		lane := len(shown) - 1 - i
		values[lane] = ms[m].BusyShare * 100
		names[lane] = memberName(ms[m])
	}
	p := plot.New()
	sans(p)
	p.Title.Text = "Busy share per consumer thread" + note
	p.X.Label.Text = "% of the run spent processing"
	bc, err := plotter.NewBarChart(values, vg.Points(11))
	if err != nil {
		return Chart{}, fmt.Errorf("plots: busy share: %w", err)
	}
	bc.Horizontal = true
	bc.Color, bc.LineStyle.Width = Color(normalColor), 0
	p.Add(bc)
	p.NominalY(names...)
	p.X.Min, p.X.Max = 0, 100
	return render(p, 640, laneHeight(len(shown)), fmt.Sprintf("Bar chart of the busy share of %d consumer threads", len(ms)))
}
