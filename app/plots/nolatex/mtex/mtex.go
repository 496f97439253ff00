// Package mtex typesets LaTeX formulas. This stand-in typesets nothing:
// Partition Lab's charts never write LaTeX (see ../README.md).
package mtex

import (
	"errors"

	"codeberg.org/go-latex/latex/drawtex"
	"codeberg.org/go-latex/latex/font"
	"codeberg.org/go-latex/latex/tex"
)

// ErrNoLatex is what Parse returns for every formula.
var ErrNoLatex = errors.New("LaTeX text is not available in Partition Lab's charts; use the plain text handler")

// Parse fails with ErrNoLatex.
func Parse(expr string, fontSize, dpi float64, backend font.Backend) (tex.Node, error) {
	return nil, ErrNoLatex
}

// Renderer draws a typeset formula's canvas.
type Renderer interface {
	Render(w, h, dpi float64, cnv *drawtex.Canvas) error
}
