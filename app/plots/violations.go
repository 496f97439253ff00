package plots

import (
	"fmt"
	"image/color"
	"math"

	"partitionlab/app/chart"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"partitionlab/app/i18n"
)

// keyGlyphs give each key a shape as well as a colour.
func keyGlyphs() []draw.GlyphDrawer {
	return []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{},
		draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{}, draw.SquareGlyph{}}
}

// keyStyle is the mark of the key at index i of a window.
func keyStyle(i int) draw.GlyphStyle {
	g := keyGlyphs()
	return draw.GlyphStyle{Color: chart.Color(i), Radius: vg.Points(3.2), Shape: g[i%len(g)]}
}

// ViolationTimeline draws a ViolationWindow: one lane per partition and per
// consumer thread; each record as a mark where it was written and a mark
// where it was processed, joined by a thin line; each violation as a thick
// line between the two completions, the selected one in vermillion with
// its events named.
func ViolationTimeline(c *i18n.Catalog, w chart.ViolationWindow, marks chart.TimeMarks) (Chart, error) {
	if len(w.Journeys) == 0 {
		return Chart{}, fmt.Errorf("plots: no violation to draw")
	}
	names, pl, tl := w.Lanes()
	title := c.T("plots.violations.title")
	if len(w.Keys) == 1 {
		title = c.T("plots.violations.titleKey", i18n.S("key", w.Keys[0]))
	}
	p := lanePlot(c, title, names, w.From, w.To, marks)
	p.Add(journeys{w: w, n: len(names), pl: pl, tl: tl, c: c})
	if w.To-w.From < 2 {
		// A violation's events are often under a millisecond apart.
		p.X.Label.Text = c.T("plots.axis.timeMs")
		p.X.Tick.Marker = msTicks(c.Lang())
	}
	// One key needs no legend (the title and the list name it); with more,
	// the legend names each key's mark, in time to the right of the window
	// so it stays off the lanes, and says "key" so it is not read as a
	// record.
	if len(w.Keys) > 1 {
		p.Legend.Top = true
		p.Legend.Left = false
		p.X.Max = w.To + (w.To-w.From)*0.3
	}
	for i, k := range w.Keys {
		if i == 6 || len(w.Keys) == 1 {
			break // the legend would cover the lanes; the list names every key
		}
		s, err := plotter.NewScatter(plotter.XYs{})
		if err != nil {
			return Chart{}, err
		}
		s.GlyphStyle = keyStyle(i)
		p.Legend.Add(c.T("plots.violations.legendKey", i18n.S("key", k)), s)
	}
	return render(p, 720, laneHeight(len(names))+20, c.T("plots.violations.label", i18n.N("records", len(w.Journeys)), i18n.Count(len(w.Overtakes))))
}

// journeys draws the window's records and violations.
type journeys struct {
	w  chart.ViolationWindow
	n  int
	pl map[int]int
	tl map[string]int
	c  *i18n.Catalog
}

func (j journeys) Plot(c draw.Canvas, plt *plot.Plot) {
	x := func(t float64) vg.Length { return c.X(plt.X.Norm(t)) }
	y := func(lane int) vg.Length { return c.Y(plt.Y.Norm(laneY(lane, j.n))) }
	end := func(jr chart.Journey) (vg.Point, bool) {
		if math.IsNaN(jr.CompletedS) || jr.Thread == "" {
			return vg.Point{X: c.Max.X, Y: y(j.pl[jr.Partition])}, false
		}
		return vg.Point{X: x(jr.CompletedS), Y: y(j.tl[jr.Thread])}, true
	}
	for _, jr := range j.w.Journeys {
		k := j.w.KeyIndex(jr.Key)
		sty := keyStyle(k)
		start := vg.Point{X: x(jr.SentS), Y: y(j.pl[jr.Partition])}
		stop, done := end(jr)
		faint := withAlpha(sty.Color, 0x70)
		line := draw.LineStyle{Color: faint, Width: vg.Points(0.7)}
		if !done {
			line.Dashes = dashes(2) // never processed: it runs off the edge
		}
		c.StrokeLines(line, c.ClipLinesXY([]vg.Point{start, stop})...)
		if c.Contains(start) {
			c.DrawGlyph(sty, start)
		}
		if done && c.Contains(stop) {
			if jr.Duplicate {
				sty.Shape = draw.RingGlyph{}
			}
			c.DrawGlyph(sty, stop)
		}
	}
	for _, o := range j.w.Overtakes {
		a, okA := end(o.Later)
		b, _ := end(o.Earlier)
		if !okA {
			continue
		}
		line := draw.LineStyle{Color: color.RGBA{0x1b, 0x24, 0x30, 0xff}, Width: vg.Points(1.4)}
		if o.Selected {
			line = draw.LineStyle{Color: chart.Color(hottestColor), Width: vg.Points(2.6)}
		}
		c.StrokeLines(line, c.ClipLinesXY([]vg.Point{a, b})...)
		ring := draw.GlyphStyle{Color: line.Color, Radius: vg.Points(5.5), Shape: draw.RingGlyph{}}
		for _, pt := range []vg.Point{a, b} {
			if c.Contains(pt) {
				c.DrawGlyph(ring, pt)
			}
		}
		if o.Selected {
			label := plt.X.Tick.Label
			label.YAlign = draw.YBottom
			label.XAlign = draw.XRight
			c.FillText(label, vg.Point{X: a.X - vg.Points(4), Y: a.Y + vg.Points(5)}, j.c.T("plots.violations.later", i18n.S("event", o.Later.Event)))
			label.XAlign = draw.XLeft
			if c.Contains(b) {
				c.FillText(label, vg.Point{X: b.X + vg.Points(4), Y: b.Y + vg.Points(5)}, j.c.T("plots.violations.earlier", i18n.S("event", o.Earlier.Event)))
			}
		}
	}
}

func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), a}
}
