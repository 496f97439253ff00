// Package liberationsansregular provides the Liberation Sans Regular
// TrueType font, the only font Partition Lab's charts use, without its
// glyph outlines: the charts only measure text (see ../README.md).
package liberationsansregular

import _ "embed"

// TTF is the data of the Liberation Sans Regular TrueType font, metrics
// only.
//
//go:embed LiberationSans-Regular-metrics.ttf
var TTF []byte
