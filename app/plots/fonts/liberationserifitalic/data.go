// Package liberationserifitalic stands in for the font of that name: Partition Lab's
// charts never draw it, so it gives Liberation Sans Regular's bytes and
// app.wasm carries one font instead of twelve (see ../README.md).
package liberationserifitalic

import "codeberg.org/go-fonts/liberation/liberationsansregular"

// TTF is Liberation Sans Regular's data, under this font's name.
var TTF = liberationsansregular.TTF
