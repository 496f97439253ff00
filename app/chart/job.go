package chart

import "partitionlab/sim"

// Job is one chart to draw, with everything it is drawn from: the page
// sends it to the engine's worker, which draws it (app/plots.Draw) in the
// page's language and sends the Chart back. Kind says which fields count.
type Job struct {
	Kind string `json:"kind"`
	// Result is a result's chart's run (Records, Lag, Throughput, Busy,
	// Assignments).
	Result *sim.Result `json:"result,omitempty"`
	// Window and Marks are a violation timeline's (KindViolation).
	Window *ViolationWindow `json:"window,omitempty"`
	Marks  *TimeMarks       `json:"marks,omitempty"`
	// A and B are a comparison's two runs (KindCompare*).
	A *Side `json:"a,omitempty"`
	B *Side `json:"b,omitempty"`
	// Title, Partitions and Series are the keys' placement's (KindKeys).
	Title      string   `json:"title,omitempty"`
	Partitions int      `json:"partitions,omitempty"`
	Series     []Series `json:"series,omitempty"`
	// Words are a sweep's chart's (KindSweep*), with its trade-off's
	// Points, a measure's Ticks and Spreads, or a grid's Rows, Cols,
	// Values and Texts.
	Words   *SweepWords     `json:"words,omitempty"`
	Points  []FrontierPoint `json:"points,omitempty"`
	Ticks   []string        `json:"ticks,omitempty"`
	Spreads []SweepSeries   `json:"spreads,omitempty"`
	Rows    []string        `json:"rows,omitempty"`
	Cols    []string        `json:"cols,omitempty"`
	Values  [][]float64     `json:"values,omitempty"`
	Texts   [][]string      `json:"texts,omitempty"`
}

// The kinds of Job besides a result's charts (whose kinds are their ids:
// Records, Lag, Throughput, Busy, Assignments).
const (
	KindViolation         = "violation"
	KindCompareRecords    = "compare-records"
	KindCompareLag        = "compare-lag"
	KindCompareThroughput = "compare-throughput"
	KindKeys              = "keys"
	KindSweepFrontier     = "sweep-frontier"
	KindSweepMeasure      = "sweep-measure"
	KindSweepGrid         = "sweep-grid"
)

// DrawResult draws r's charts named ids with draw, by id, and says why
// any could not be drawn, by id (nil when all were).
func DrawResult(draw func(Job) (Chart, error), r *sim.Result, ids []string) (map[string]Chart, map[string]string) {
	out, failed := make(map[string]Chart, len(ids)), map[string]string{}
	for _, id := range ids {
		ch, err := draw(Job{Kind: id, Result: r})
		if err != nil {
			failed[id] = err.Error()
			continue
		}
		out[id] = ch
	}
	if len(failed) == 0 {
		failed = nil
	}
	return out, failed
}
