//go:build !langbundles

package lessons

import "embed"

// data holds the English lessons, data/NN-id.json, and their words in
// other languages, data/<lang>/NN-id.json (see Words).
//
//go:embed data
var data embed.FS
