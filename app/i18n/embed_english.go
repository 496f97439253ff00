//go:build langbundles

package i18n

import "embed"

// files are English's catalog only: the browser's modules (app.wasm,
// embed.wasm) are built with the langbundles tag, and a page in another
// language installs its catalog from that language's bundle before it
// draws (app/langbundle). A page reads one language, and the other four
// catalogs were about 75 kB of app.wasm with brotli.
//
//go:embed messages/en/*.json
var files embed.FS
