// Package font names what go-latex's typesetting asks of a font backend;
// here there is no typesetting, so nothing is asked.
package font

// Backend draws and measures glyphs for the typesetter.
type Backend interface{}
