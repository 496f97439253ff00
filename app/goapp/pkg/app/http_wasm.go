//go:build wasm

// Partition Lab's patch (see ../../PATCH.md): in the browser, Handler and
// the resource providers are not built, and with them net/http stays out
// of app.wasm. These are the names the browser's side refers to.

package app

import "strings"

// Handler is the server's side; in the browser it is only named by
// GenerateStaticWebsite, which panics there.
type Handler struct{}

func isRemoteLocation(path string) bool {
	return strings.HasPrefix(path, "https://") ||
		strings.HasPrefix(path, "http://")
}

func isStaticResourcePath(path string) bool {
	return strings.HasPrefix(path, "/web/") ||
		strings.HasPrefix(path, "web/")
}
