package chart

import "partitionlab/sim"

// What charts are drawn from, besides a result (see Job).

// Side names one run of a comparison in a legend ("A: thread-pool").
type Side struct {
	Name   string
	Result *sim.Result
}

// SweepWords are a sweep chart's words: its title, axes and the text a
// screen reader announces.
type SweepWords struct {
	Title, XLabel, YLabel, Label string
}

// SweepSeries is one line of a measure chart: at each value of the varied
// setting (its Ticks), the measure's median over the seeds and its min and
// max. Name is its legend entry, empty for a single line.
type SweepSeries struct {
	Name             string
	Median, Min, Max []float64
}

// FrontierPoint is one point of the trade-off picture: its label (the
// setting's value), its median balance and violations, and its marks.
type FrontierPoint struct {
	Label                   string
	Load, Violations        float64
	OnFrontier, Recommended bool
}

// Series is one client's bars: how many keys land on each partition.
type Series struct {
	// Name is shown in the legend.
	Name string
	// ColorIndex picks the palette colour (see Color).
	ColorIndex int
	// Counts[p] is the number of keys on partition p.
	Counts []int
}
