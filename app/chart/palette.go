package chart

import (
	"fmt"
	"image/color"
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
