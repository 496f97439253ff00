//go:build !langbundles

package i18n

import "embed"

// files are every language's catalog, compiled in: the command line, the
// server (which pre-renders each language's pages and sends the others'
// bundles) and the tests read them all.
//
//go:embed messages/*/*.json
var files embed.FS
