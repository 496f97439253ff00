// Package ttf is the TrueType font backend of the typesetter. Unlike
// go-latex's, it holds no fonts of its own: the Go fonts stay out of the
// binary.
package ttf

import (
	"golang.org/x/image/font/sfnt"

	"codeberg.org/go-latex/latex/drawtex"
)

// Fonts are the faces for each style of a formula.
type Fonts struct {
	Default *sfnt.Font

	Rm   *sfnt.Font
	It   *sfnt.Font
	Bf   *sfnt.Font
	BfIt *sfnt.Font
}

// Backend draws glyphs of fonts on a canvas.
type Backend struct {
	canvas *drawtex.Canvas
	fonts  *Fonts
}

// NewFrom returns a backend drawing fnts on cnv.
func NewFrom(cnv *drawtex.Canvas, fnts *Fonts) *Backend {
	return &Backend{canvas: cnv, fonts: fnts}
}
