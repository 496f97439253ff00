// Package drawtex is the canvas typeset LaTeX is drawn on: a list of
// glyph and rectangle operations. Nothing is ever typeset here, so the
// list stays empty.
package drawtex

import "golang.org/x/image/font/sfnt"

// Canvas records drawing operations.
type Canvas struct{ ops []Op }

// New returns an empty canvas.
func New() *Canvas { return &Canvas{} }

// Ops is what was drawn on the canvas.
func (c *Canvas) Ops() []Op { return c.ops }

// Op is a drawing operation.
type Op interface{ isOp() }

// GlyphOp draws a glyph at (X, Y).
type GlyphOp struct {
	X, Y  float64
	Glyph Glyph
}

func (GlyphOp) isOp() {}

// RectOp fills the rectangle from (X1, Y1) to (X2, Y2).
type RectOp struct {
	X1, Y1 float64
	X2, Y2 float64
}

func (RectOp) isOp() {}

// Glyph is a symbol in a font at a size.
type Glyph struct {
	Font   *sfnt.Font
	Size   float64
	Symbol string
}
