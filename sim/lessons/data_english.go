//go:build langbundles

package lessons

import "embed"

// data holds the English lessons only, data/NN-id.json: the browser's
// modules are built with the langbundles tag, and a page in another
// language installs that language's words from its bundle before it draws
// (see InstallWords). The four other languages' words were about 60 kB of
// app.wasm with brotli.
//
//go:embed data/*.json
var data embed.FS
