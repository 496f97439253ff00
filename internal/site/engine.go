package site

// The engine's Web Worker and its module (app/engineworker): web/engine.js
// starts the worker as the page loads, so engine.wasm downloads and compiles
// while app.wasm does. Their addresses carry the site's version, so they
// may be cached for good (see compress.go) and a new version is
// fetched at once.

// engineScript is the page's script that starts the worker.
func engineScript(version string) string { return "/web/engine.js?v=" + version + " defer" }

// engineResources are what the worker loads, for the service worker to
// keep for offline use.
func engineResources(version string) []string {
	return []string{"/web/engine-worker.js?v=" + version, "/web/engine.wasm?v=" + version}
}
