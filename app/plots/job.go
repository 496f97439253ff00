package plots

import (
	"fmt"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
)

// Draw draws job in c's language: the engine's worker draws every chart a
// page shows through it, and the command line the charts of its reviews.
func Draw(c *i18n.Catalog, job chart.Job) (Chart, error) {
	if draw := resultDraws[job.Kind]; draw != nil {
		if job.Result == nil {
			return Chart{}, fmt.Errorf("plots: %s: no result to draw", job.Kind)
		}
		return draw(c, job)
	}
	switch job.Kind {
	case chart.KindViolation:
		if job.Window == nil || job.Marks == nil {
			return Chart{}, fmt.Errorf("plots: %s: no window to draw", job.Kind)
		}
		return ViolationTimeline(c, *job.Window, *job.Marks)
	case chart.KindCompareRecords, chart.KindCompareLag, chart.KindCompareThroughput:
		if job.A == nil || job.B == nil || job.A.Result == nil || job.B.Result == nil {
			return Chart{}, fmt.Errorf("plots: %s: it needs two results", job.Kind)
		}
		draw := map[string]func(*i18n.Catalog, chart.Side, chart.Side) (Chart, error){
			chart.KindCompareRecords: CompareRecords, chart.KindCompareLag: CompareLag, chart.KindCompareThroughput: CompareThroughput,
		}[job.Kind]
		return draw(c, *job.A, *job.B)
	case chart.KindKeys:
		svg, err := KeysPerPartition(c, job.Title, job.Partitions, job.Series)
		return Chart{SVG: svg}, err
	case chart.KindSweepFrontier, chart.KindSweepMeasure, chart.KindSweepGrid:
		if job.Words == nil {
			return Chart{}, fmt.Errorf("plots: %s: no words", job.Kind)
		}
		switch job.Kind {
		case chart.KindSweepFrontier:
			return SweepFrontier(c, *job.Words, job.Points)
		case chart.KindSweepMeasure:
			return SweepMeasure(c, *job.Words, job.Ticks, job.Spreads)
		}
		return SweepGrid(c, *job.Words, job.Rows, job.Cols, job.Values, job.Texts)
	}
	return Chart{}, fmt.Errorf("plots: no chart of kind %q", job.Kind)
}

// resultDraws draw a result's charts, by id.
var resultDraws = map[string]func(c *i18n.Catalog, job chart.Job) (Chart, error){
	chart.Records: func(c *i18n.Catalog, j chart.Job) (Chart, error) { return RecordsPerPartition(c, j.Result) },
	chart.Lag:     func(c *i18n.Catalog, j chart.Job) (Chart, error) { return Lag(c, j.Result, chart.MarksOf(j.Result)) },
	chart.Throughput: func(c *i18n.Catalog, j chart.Job) (Chart, error) {
		return Throughput(c, j.Result, chart.MarksOf(j.Result))
	},
	chart.Busy: func(c *i18n.Catalog, j chart.Job) (Chart, error) { return BusyShare(c, j.Result) },
	chart.Assignments: func(c *i18n.Catalog, j chart.Job) (Chart, error) {
		return Assignments(c, j.Result, chart.MarksOf(j.Result))
	},
}
