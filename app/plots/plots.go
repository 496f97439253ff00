// Package plots draws Partition Lab's charts with gonum/plot and returns them
// as inline SVG elements, ready to be placed in a page.
//
// plots knows nothing about the UI framework: it must never import go-app (or
// net/http), so it tests natively, and the same charts could be written to
// files by the command line.
package plots

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// okabeIto is the Okabe-Ito palette, chosen because people with the common
// colour-vision deficiencies can still tell its colours apart. Black is left
// out: it is the colour of the axes.
func okabeIto() []color.RGBA {
	return []color.RGBA{
		{0x00, 0x72, 0xB2, 0xff}, // blue
		{0xE6, 0x9F, 0x00, 0xff}, // orange
		{0x00, 0x9E, 0x73, 0xff}, // bluish green
		{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
		{0x56, 0xB4, 0xE9, 0xff}, // sky blue
		{0xD5, 0x5E, 0x00, 0xff}, // vermillion
		{0xF0, 0xE4, 0x42, 0xff}, // yellow
	}
}

// Color is the i-th colour of the palette (wrapping around). Callers give
// each client a fixed index so its colour does not change when another client
// is hidden.
func Color(i int) color.RGBA {
	p := okabeIto()
	return p[((i%len(p))+len(p))%len(p)]
}

// Hex is Color(i) as "#RRGGBB", for legends drawn outside the chart.
func Hex(i int) string {
	c := Color(i)
	return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B)
}

// sans makes every text of the plot Liberation Sans, which is metric
// compatible with Arial, so the browser's substitute keeps the layout.
func sans(p *plot.Plot) {
	styles := []*font.Font{
		&p.Title.TextStyle.Font, &p.Legend.TextStyle.Font,
		&p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font,
	}
	for _, f := range styles {
		f.Variant = "Sans"
	}
}

// inlineSVG renders p as an <svg> element to put straight into HTML: without
// the XML prolog and comment vgsvg writes first (inside HTML they become a
// comment node instead of a chart), and without the fixed width and height so
// CSS can size it; the viewBox keeps the aspect ratio. label is the text a
// screen reader announces for the chart.
func inlineSVG(p *plot.Plot, w, h vg.Length, label string) (string, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("plots: writing svg: %w", err)
	}
	s := buf.String()
	start := strings.Index(s, "<svg")
	if start < 0 {
		return "", fmt.Errorf("plots: vgsvg wrote no <svg> element")
	}
	s = s[start:]
	end := strings.Index(s, ">")
	open := s[:end]
	for _, attr := range []string{"width", "height"} {
		if i := strings.Index(open, " "+attr+`="`); i >= 0 {
			j := strings.Index(open[i+len(attr)+3:], `"`)
			open = open[:i] + open[i+len(attr)+3+j+1:]
		}
	}
	aria := fmt.Sprintf(` role="img" aria-label="%s"`, htmlAttr(label))
	return open + aria + s[end:], nil
}

func htmlAttr(s string) string {
	return strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", `<`, "&lt;", `>`, "&gt;").Replace(s)
}
