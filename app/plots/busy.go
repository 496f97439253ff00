package plots

import (
	"fmt"
	"sort"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// MaxLanes bounds the members a per-member chart shows; with more, it shows
// the busiest and the least busy half of that each, and says so.
const MaxLanes = 40

// shownMembers picks the members a per-member chart draws, in their order.
func shownMembers(c *i18n.Catalog, ms []sim.MemberResult) (shown []int, note string) {
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
	return shown, c.T("plots.lanes.note", i18n.N("busiest", MaxLanes/2), i18n.N("least", MaxLanes/2), i18n.N("total", len(ms)))
}

// memberName is a member's lane label, saying when it ended idle or
// stopped.
func memberName(c *i18n.Catalog, m sim.MemberResult) string {
	switch {
	case !m.Running:
		return c.T("plots.member.stopped", i18n.S("name", m.Name))
	case len(m.Partitions) == 0:
		return c.T("plots.member.idle", i18n.S("name", m.Name))
	}
	return m.Name
}

// laneHeight is the chart height for n lanes.
func laneHeight(n int) vg.Length { return vg.Length(90 + 18*n) }

// BusyShare draws the share of the run each consumer thread (group member,
// its executor averaged) spent processing: idle members and hot ones
// stand out.
func BusyShare(c *i18n.Catalog, r *sim.Result) (Chart, error) {
	ms := r.Consumers.Members
	if len(ms) == 0 {
		return Chart{}, fmt.Errorf("plots: the result has no consumer threads")
	}
	shown, note := shownMembers(c, ms)
	values := make(plotter.Values, len(shown))
	names := make([]string, len(shown))
	// Lanes run top to bottom in member order; the y axis counts upwards.
	for i, m := range shown {
		lane := len(shown) - 1 - i
		values[lane] = ms[m].BusyShare * 100
		names[lane] = memberName(c, ms[m])
	}
	p := plot.New()
	setup(p, c)
	p.Title.Text = withNote(c, c.T("plots.busy.title"), note)
	p.X.Label.Text = c.T("plots.axis.busyPercent")
	bc, err := newBars(values, vg.Points(11))
	if err != nil {
		return Chart{}, fmt.Errorf("plots: busy share: %w", err)
	}
	bc.Horizontal = true
	bc.Color, bc.LineStyle.Width = chart.Color(normalColor), 0
	p.Add(bc)
	p.NominalY(names...)
	p.X.Min, p.X.Max = 0, 100
	return render(p, 640, laneHeight(len(shown)), c.T("plots.busy.label", i18n.Count(len(ms))))
}
