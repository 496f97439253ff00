package chart

import "partitionlab/sim"

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
