// Package liberationsansregular provides the Liberation Sans Regular
// TrueType font, the only font Partition Lab's charts use.
package liberationsansregular

import _ "embed"

// TTF is the data of the Liberation Sans Regular TrueType font.
//
//go:embed LiberationSans-Regular.ttf
var TTF []byte
