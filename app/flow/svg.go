package flow

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/results"
)

// The picture's geometry, in SVG user units (the view box is Width wide; the
// page scales it to the column). Text is large enough to read on a class
// projector at half the screen's width.
const (
	Width    = 960
	top      = 64
	fontSize = 17
	prodX0   = 8
	prodX1   = 180
	barX0    = 350
	barX1    = 610
	thrX0    = 740
	thrX1    = 952
	hotColor = "#A33A00" // the page's dark vermillion, readable on white
)

// rowHeight is the height of the tallest column's rows: roomy for a few,
// tighter for many partitions or threads.
// fontFamilies are the fonts of the flow view's text: Liberation Sans, then
// the Korean faces systems ship and the Hangul face the app does
// (web/hangul.css), so a Korean label never draws as boxes.
const fontFamilies = "Liberation Sans, Arial, Apple SD Gothic Neo, Malgun Gothic, Noto Sans KR, Noto Sans CJK KR, NanumGothic, Partition Lab Hangul, sans-serif"

func (s Scene) rowHeight() float64 {
	n := max(len(s.Partitions), len(s.Threads), len(s.Producers), 1)
	switch {
	case n <= 12:
		return 34
	case n <= 24:
		return 26
	default:
		return max(16, 720/float64(n))
	}
}

// Height is the picture's height in user units.
func (s Scene) Height() float64 {
	n := max(len(s.Partitions), len(s.Threads), len(s.Producers), 1)
	return top + float64(n)*s.rowHeight() + 16
}

// rowY is the centre of row i of a column of n rows, spread over the same
// height as the tallest column.
func (s Scene) rowY(i, n int) float64 {
	span := (s.Height() - top - 16)
	return top + span*(float64(i)+0.5)/float64(max(n, 1))
}

// SVG draws the scene with English words.
func (s Scene) SVG() string { return s.SVGIn(i18n.For(i18n.English)) }

// SVGIn draws the scene with c's words. The dots are the only part that
// changes between two frames of one bucket.
func (s Scene) SVGIn(c *i18n.Catalog) string {
	var b strings.Builder
	h := s.Height()
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %.0f" width="100%%" role="img" aria-labelledby="flow-summary" font-family="%s" font-size="%d">`, Width, h, fontFamilies, fontSize)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-weight="700">%s</text><text x="%d" y="22" font-weight="700">%s</text><text x="%d" y="22" font-weight="700">%s</text>`,
		prodX0, esc(c.T("results.flow.producers")), barX0, esc(c.T("results.flow.partitions")), thrX0, esc(c.T("results.flow.threads")))
	if s.Rebalancing {
		fmt.Fprintf(&b, `<text x="%d" y="46" fill="#52606d" font-style="italic" class="flow-rebalance">%s</text>`, thrX0-240, esc(c.T("results.flow.rebalancing")))
	}
	s.drawProducers(&b)
	s.drawPartitions(&b, c)
	s.drawThreads(&b, c)
	s.drawDots(&b)
	s.drawFlashes(&b, c)
	s.drawReturns(&b, c)
	b.WriteString(`</svg>`)
	return b.String()
}

func (s Scene) drawProducers(b *strings.Builder) {
	rh := s.rowHeight()
	for i, name := range s.Producers {
		y := s.rowY(i, len(s.Producers))
		fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" rx="6" fill="#e8f1f8" stroke="#1d3557"/>`, prodX0, y-rh*0.42, prodX1-prodX0, rh*0.84)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" dominant-baseline="middle">%s</text>`, prodX0+8, y, esc(clip(name, 16)))
	}
}

func (s Scene) drawPartitions(b *strings.Builder, c *i18n.Catalog) {
	rh := s.rowHeight()
	n := len(s.Partitions)
	for _, p := range s.Partitions {
		y := s.rowY(p.Partition, n)
		fill, label, weight := chart.Hex(p.Partition), fmt.Sprintf("p%d", p.Partition), "400"
		if p.Hot {
			fill, label, weight = hotColor, "⚠ "+c.T("results.flow.hottest", i18n.S("partition", strconv.Itoa(p.Partition))), "700"
		}
		bh := rh * 0.7
		fmt.Fprintf(b, `<g class="flow-partition" data-partition="%d" data-lag="%d" data-hot="%t">`, p.Partition, p.Lag, p.Hot)
		fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="#f5f7fa" stroke="#8fa3b6"/>`, barX0, y-bh/2, barX1-barX0, bh)
		if w := p.Fill * float64(barX1-barX0); w > 0 {
			// The queue fills from the head (right), where the consumer reads.
			fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" fill-opacity="0.45"/>`, float64(barX1)-w, y-bh/2, w, bh, fill)
		}
		text := label
		if p.Lag > 0 {
			text += " · " + results.CountIn(c.Lang(), p.Lag)
		}
		fmt.Fprintf(b, `<text x="%d" y="%.1f" dominant-baseline="middle" font-weight="%s" fill="%s">%s</text>`, barX0+6, y, weight, "#1b2430", esc(text))
		b.WriteString(`</g>`)
	}
}

func (s Scene) drawThreads(b *strings.Builder, c *i18n.Catalog) {
	rh := s.rowHeight()
	n := len(s.Threads)
	for i, th := range s.Threads {
		y := s.rowY(i, n)
		stroke, dash, bg, state := "#1d3557", "", "#ffffff", chart.PartitionList(th.Partitions)
		if th.Paused {
			stroke, dash, bg, state = "#52606d", ` stroke-dasharray="6 4"`, "#eef2f6", c.T("results.flow.paused")
		} else if len(th.Partitions) == 0 {
			state = c.T("results.flow.idle")
		}
		fmt.Fprintf(b, `<g class="flow-thread" data-thread="%s" data-paused="%t">`, esc(th.Name), th.Paused)
		fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" rx="6" fill="%s" stroke="%s"%s/>`, thrX0, y-rh*0.42, thrX1-thrX0, rh*0.84, bg, stroke, dash)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" dominant-baseline="middle">%s <tspan fill="#52606d" font-size="%d">%s</tspan></text>`, thrX0+8, y, esc(clip(th.Name, 12)), fontSize-3, esc(state))
		b.WriteString(`</g>`)
	}
	if s.HiddenThreads > 0 {
		fmt.Fprintf(b, `<text x="%d" y="%.1f" fill="#52606d">%s</text>`, thrX0, s.Height()-2,
			esc(c.T("results.flow.moreThreads", i18n.Count(s.HiddenThreads))))
	}
}

// dotXY is where a dot is drawn: on a straight line between the two ends
// of its leg.
func (s Scene) dotXY(d Dot) (x, y float64) {
	var x0, y0, x1, y1 float64
	np := len(s.Partitions)
	if d.Leg == ToPartition {
		x0, y0 = prodX1, s.rowY(d.From, len(s.Producers))
		x1, y1 = barX0, s.rowY(d.To, np)
	} else {
		x0, y0 = barX1, s.rowY(d.From, np)
		x1, y1 = thrX0, s.rowY(d.To, len(s.Threads))
	}
	return x0 + (x1-x0)*d.Progress, y0 + (y1-y0)*d.Progress
}

func (s Scene) drawDots(b *strings.Builder) {
	b.WriteString(`<g class="flow-dots">`)
	for _, d := range s.Dots {
		if d.Key != "" {
			continue // drawn on top, below
		}
		x, y := s.dotXY(d)
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="5" fill="%s"/>`, x, y, chart.Hex(d.Colour))
	}
	for _, d := range s.Dots {
		if d.Key == "" {
			continue
		}
		x, y := s.dotXY(d)
		fmt.Fprintf(b, `<circle class="flow-traced" data-key="%s" cx="%.1f" cy="%.1f" r="8" fill="%s" stroke="#1b2430" stroke-width="2"/>`, esc(d.Key), x, y, chart.Hex(d.Colour))
	}
	b.WriteString(`</g>`)
}

func (s Scene) drawFlashes(b *strings.Builder, c *i18n.Catalog) {
	rh := s.rowHeight()
	for i, f := range s.Flashes {
		op := fmt.Sprintf("%.2f", 0.25+0.75*f.Strength)
		b.WriteString(`<g class="flow-violation" opacity="` + op + `">`)
		if f.Partition >= 0 && f.Partition < len(s.Partitions) {
			y := s.rowY(f.Partition, len(s.Partitions))
			fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="none" stroke="%s" stroke-width="4"/>`, barX0-4, y-rh/2, barX1-barX0+8, rh, hotColor)
		}
		if f.Thread >= 0 {
			y := s.rowY(f.Thread, len(s.Threads))
			fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" rx="8" fill="none" stroke="%s" stroke-width="5"/>`, thrX0-4, y-rh/2, thrX1-thrX0+8, rh, hotColor)
		}
		if i == 0 {
			fmt.Fprintf(b, `<text x="%d" y="46" fill="%s" font-weight="700">⚠ %s</text>`, prodX0, hotColor, esc(clip(f.text(c), 44)))
		}
		b.WriteString(`</g>`)
	}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func esc(s string) string { return html.EscapeString(s) }

// text is what a flash says: "order-7: PAID overtook CREATED".
func (f Flash) text(c *i18n.Catalog) string {
	return c.T("results.flow.overtook", i18n.S("key", f.Key), i18n.S("later", f.Later), i18n.S("earlier", f.Earlier))
}

// Summary says in English what the picture shows at this moment.
func (s Scene) Summary() string { return s.SummaryIn(i18n.For(i18n.English)) }

// SummaryIn says in c's language what the picture shows at this moment,
// for people who cannot see it (it names the SVG) and for the tests.
func (s Scene) SummaryIn(c *i18n.Catalog) string {
	l := c.Lang()
	parts := []string{c.T("results.flow.summary", i18n.S("at", results.SecondsIn(l, s.T)),
		i18n.S("producers", c.T("results.flow.nProducers", i18n.Count(len(s.Producers)))),
		i18n.S("partitions", c.T("results.flow.nPartitions", i18n.Count(len(s.Partitions)))),
		i18n.S("threads", c.T("results.flow.nThreads", i18n.Count(len(s.Threads)+s.HiddenThreads))))}
	for _, p := range s.Partitions {
		if p.Hot {
			parts = append(parts, c.T("results.flow.hot", i18n.S("partition", strconv.Itoa(p.Partition)),
				i18n.S("lag", results.CountIn(l, p.Lag))))
		}
	}
	paused := 0
	for _, th := range s.Threads {
		if th.Paused {
			paused++
		}
	}
	if paused > 0 {
		parts = append(parts, c.T("results.flow.pausedThreads", i18n.Count(paused)))
	}
	var back, givenUp []string
	for _, r := range s.Returns {
		if r.GivenUp {
			givenUp = append(givenUp, r.text(c))
		} else {
			back = append(back, "p"+strconv.Itoa(r.Partition))
		}
	}
	if len(back) > 0 {
		parts = append(parts, c.T("share.flow.redeliveredRun", i18n.S("partitions", strings.Join(back, ", ")),
			i18n.Count(int(s.Redelivered))))
	}
	parts = append(parts, givenUp...)
	for _, f := range s.Flashes {
		parts = append(parts, c.T("results.flow.violation", i18n.S("partition", strconv.Itoa(f.Partition)), i18n.S("what", f.text(c))))
	}
	return strings.Join(parts, " ")
}

// drawReturns marks, beside each partition's head, its records that came
// back (↺) or were given up (✕), with how many.
func (s Scene) drawReturns(b *strings.Builder, c *i18n.Catalog) {
	for _, r := range s.Returns {
		y := s.rowY(r.Partition, len(s.Partitions))
		x, class, sign, colour := barX1+8, "flow-redelivered", "↺", "#1d3557"
		if r.GivenUp {
			x, class, sign, colour = barX1+64, "flow-given-up", "✕", hotColor
		}
		fmt.Fprintf(b, `<text class="%s" data-partition="%d" data-records="%d" x="%d" y="%.1f" dominant-baseline="middle" font-weight="700" fill="%s" opacity="%.2f"><title>%s</title>%s %s</text>`,
			class, r.Partition, r.Records, x, y, colour, 0.35+0.65*r.Strength, esc(r.text(c)), sign, esc(results.CountIn(c.Lang(), r.Records)))
	}
}

// text says what a return is: "p1: 3 records delivered again".
func (r Return) text(c *i18n.Catalog) string {
	id := "share.flow.redelivered"
	if r.GivenUp {
		id = "share.flow.givenUp"
	}
	return c.T(id, i18n.S("partition", strconv.Itoa(r.Partition)), i18n.Count(int(r.Records)))
}
