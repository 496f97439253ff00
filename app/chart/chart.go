// Package chart is a drawn chart as the pages hold it: its picture and
// where its data sits in it. The drawing itself is app/plots's (gonum/plot),
// done in the engine's worker for a run's result and on the server for the
// pre-rendered page; a page that only shows charts needs this package alone.
//
// chart imports only the standard library.
package chart

import (
	"fmt"
	"strconv"
	"strings"
)

// Chart is a drawn chart and where its data sits in the picture, so the
// page can lay a time cursor over it without drawing it again.
type Chart struct {
	// SVG is an <svg> element, ready to be placed in a page.
	SVG string
	// Width and Height are the size of the picture (its viewBox).
	Width, Height float64
	// Left, Right, Top and Bottom bound the data area, as fractions of the
	// picture's width and height from its top-left corner.
	Left, Right, Top, Bottom float64
	// XMin and XMax are the x axis's range (seconds on time charts).
	XMin, XMax float64
}

// X is the fraction of the picture's width at which x is drawn, kept
// inside the data area.
func (c Chart) X(x float64) float64 {
	if c.XMax <= c.XMin {
		return c.Left
	}
	f := min(max((x-c.XMin)/(c.XMax-c.XMin), 0), 1)
	return c.Left + f*(c.Right-c.Left)
}

// The ids of a result's charts: the elements the results panel shows them
// in, and the names the engine's worker and the pre-rendered page give
// them.
const (
	Records     = "chart-records"
	Lag         = "chart-lag"
	Throughput  = "chart-throughput"
	Busy        = "chart-busy"
	Assignments = "chart-assignments"
)

// ResultIDs are the ids of a result's charts, in the order drawn.
var ResultIDs = []string{Records, Lag, Throughput, Busy, Assignments}

// Standalone makes a chart's <svg> element a file of its own, with the
// size an <img> (for the PNG export) needs.
func Standalone(c Chart) string {
	s := strings.Replace(c.SVG, "<svg", fmt.Sprintf(`<svg width="%g" height="%g"`, c.Width, c.Height), 1)
	return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + s
}

// PartitionList writes partitions as "p0,1,2", or "" for none.
func PartitionList(ps []int) string {
	if len(ps) == 0 {
		return ""
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = strconv.Itoa(p)
	}
	return "p" + strings.Join(parts, ",")
}
