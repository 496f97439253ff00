package plots

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"partitionlab/app/i18n"
)

// vgsvgRender is render as it was with gonum/plot's own SVG canvas: its
// document trimmed to the <svg> element, without the fixed size, with the
// chart's role and label and fontFamilies.
func vgsvgRender(p *plot.Plot, w, h vg.Length, label string) (Chart, error) {
	var area vg.Rectangle
	p.Add(areaProbe{&area})
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return Chart{}, err
	}
	s := buf.String()
	start := strings.Index(s, "<svg")
	if start < 0 {
		return Chart{}, fmt.Errorf("vgsvg wrote no <svg> element")
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
	s = strings.ReplaceAll(s, "font-family:Liberation Sans;", "font-family:"+fontFamilies+";")
	return chartOf(p, open+aria+s[end:], w, h, area), nil
}

// The charts' own SVG canvas writes every chart, in every language, byte
// for byte as gonum/plot's vgsvg (with render's changes) did.
func TestSVGCanvasWritesWhatVgsvgWrites(t *testing.T) {
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		ours := everyChart(t, c)
		render = vgsvgRender
		theirs := everyChart(t, c)
		render = svgRender
		for name, want := range theirs {
			if got := ours[name]; got != want {
				i := 0
				for i < min(len(got.SVG), len(want.SVG)) && got.SVG[i] == want.SVG[i] {
					i++
				}
				t.Errorf("%s %s: our SVG differs from vgsvg's at byte %d:\n ours %q\nvgsvg %q", l, name, i,
					got.SVG[max(0, i-80):min(len(got.SVG), i+80)], want.SVG[max(0, i-80):min(len(want.SVG), i+80)])
			}
		}
	}
}

// A chart's text in a colour, rotated, in a transparent colour, and a
// path with arcs and curves are written as vgsvg writes them.
func TestSVGCanvasDrawsLikeVgsvg(t *testing.T) {
	drawAll := func(c vg.CanvasSizer) {
		dc := draw.New(c)
		var p vg.Path
		p.Move(vg.Point{X: 10, Y: 10})
		p.Arc(vg.Point{X: 50, Y: 50}, 20, 0.3, 1.2)
		p.Arc(vg.Point{X: 80, Y: 50}, 10, 0, 2*3.14159265358979)
		p.Arc(vg.Point{X: 80, Y: 50}, 10, 1, -7)
		p.QuadTo(vg.Point{X: 1, Y: 2}, vg.Point{X: 3.33333333, Y: 4})
		p.CubeTo(vg.Point{X: 1, Y: 2}, vg.Point{X: 5, Y: 6}, vg.Point{X: 7, Y: -0.000012345678})
		p.Close()
		for _, clr := range []any{nil, [4]uint8{0, 0, 0, 255}, [4]uint8{10, 200, 30, 128}, [4]uint8{0, 0, 0, 0}} {
			if clr == nil {
				dc.SetColor(nil)
			} else {
				v := clr.([4]uint8)
				dc.SetColor(nrgba(v))
			}
			dc.SetLineWidth(vg.Points(1))
			dc.SetLineDash(nil, 0)
			dc.Stroke(p)
			dc.SetLineWidth(vg.Points(1.5))
			dc.SetLineDash([]vg.Length{2, 3.5}, 1)
			dc.Stroke(p)
			dc.Fill(p)
			dc.SetLineWidth(0)
			dc.Stroke(p)
		}
		dc.Push()
		dc.Rotate(0.5)
		dc.Translate(vg.Point{X: 1.5, Y: -2})
		dc.Scale(2, 0.5)
		sty := draw.TextStyle{Color: nrgba([4]uint8{1, 2, 3, 255}), Handler: wideText{text.Plain{Fonts: font.DefaultCache}}}
		sty.Font.Size = 12
		sty.Font.Variant = "Sans"
		dc.FillText(sty, vg.Point{X: 3, Y: 0}, "a <b> & 'c' \"d\" 키")
		dc.Pop()
	}
	ours := newSVGCanvas(200, 100, "a chart")
	drawAll(ours)
	got := ours.element()
	theirs := vgsvg.New(200, 100)
	drawAll(theirs)
	var buf bytes.Buffer
	theirs.WriteTo(&buf)
	want := buf.String()
	want = strings.ReplaceAll(want, "font-family:Liberation Sans;", "font-family:"+fontFamilies+";")
	want = want[strings.Index(want, "<g "):]
	got = got[strings.Index(got, "<g "):]
	if got != want {
		t.Errorf("ours:\n%s\nvgsvg:\n%s", got, want)
	}
}

func nrgba(v [4]uint8) color.NRGBA { return color.NRGBA{v[0], v[1], v[2], v[3]} }
