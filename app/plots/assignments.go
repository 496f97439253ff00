package plots

import (
	"fmt"

	"partitionlab/app/chart"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// Assignments draws each consumer thread's partitions over time: one lane
// per group member, a box for each stretch with the partitions it owned,
// a dashed line while it owned none. Rebalances are shaded.
func Assignments(c *i18n.Catalog, r *sim.Result, marks chart.TimeMarks) (Chart, error) {
	ms := r.Consumers.Members
	if len(ms) == 0 {
		return Chart{}, fmt.Errorf("plots: the result has no consumer threads")
	}
	shown, note := shownMembers(c, ms)
	names := make([]string, len(shown))
	var segs []segment
	for lane, m := range shown {
		names[lane] = ms[m].Name
		hist := ms[m].Assignments
		for k, a := range hist {
			end := r.DurationS
			if k+1 < len(hist) {
				end = hist[k+1].AtS
			}
			segs = append(segs, segment{lane: lane, from: a.AtS, to: end, label: chart.PartitionList(a.Partitions)})
		}
	}
	p := lanePlot(c, withNote(c, c.T("plots.assign.title"), note), names, 0, r.DurationS, marks)
	p.Add(segments{items: segs, lanes: len(shown)})
	return render(p, 640, laneHeight(len(shown)), c.T("plots.assign.label", i18n.Count(len(ms))))
}
