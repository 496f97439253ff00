package site

import (
	"bytes"
	"encoding/json"
	"strings"
	"text/template"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app"
	"partitionlab/app/i18n"
)

// The embed (/embed, the page other sites frame) loads only what it needs:
// its own module (web/embed.wasm, app/embedmain) instead of app.wasm, its
// style sheets without Learn's, and its own service worker, whose scope is
// the embed's directory (embed/, every snippet's address) and which keeps
// the embed's files only. A reader of an article downloads neither the
// whole app nor a cache of it, and the app's visitors never download
// embed.wasm (unless they open the Embed dialog, whose preview is the
// embed). go-app's app.js, which every page shares, picks the module and
// the worker by the page's address (loaderScript).

// appModule and embedModule are the app's and the embed's WebAssembly
// modules in the web directory.
const (
	appModule   = "/web/app.wasm"
	embedModule = "/web/embed.wasm"
)

// embedWorkerPath is the embed's service worker, in the embed's directory:
// a worker's scope is by default the directory of its script, so every
// host lets it control the embed's pages without a header of ours.
const embedWorkerPath = app.EmbedSnippetPath + "app-worker.js"

// embedStyles are the embed's style sheets: the app's (for its cards,
// charts and controls), the loading label's, the Korean font's and the
// embed's own.
func embedStyles() []string {
	return []string{"/web/partitionlab.css", "/web/loading.css", "/web/hangul.css", "/web/embed.css"}
}

// embedHandlerIn is the go-app handler that draws the embed's pages in l:
// the app's, with the embed's style sheets. Its app.js and worker are
// never served (see pages).
func (s site) embedHandlerIn(l i18n.Lang) *goapp.Handler {
	h := s.handlerIn(l)
	h.Styles = embedStyles()
	return h
}

// resolve is the address of a path of the site's root under its base.
func (s site) resolve(path string) string {
	return strings.TrimSuffix(s.base, "/") + path
}

// embedPrecache is what the embed's worker keeps: the embed's page at the
// snippets' address, its module, go-app's scripts, the engine's worker
// and module, its style sheets, scripts, icons, the Korean faces and the
// languages' words.
func (s site) embedPrecache() []string {
	list := []string{app.EmbedSnippetPath, embedModule, "/app.css", "/app.js", "/wasm_exec.js", "/manifest.webmanifest",
		"/web/icon-192.png", "/web/icon-512.png", "/web/icon.svg"}
	list = append(list, hangulFonts...)
	list = append(list, embedStyles()...)
	list = append(list, engineResources(s.version)...)
	list = append(list, bundleResources()...)
	for _, script := range s.scripts() {
		list = append(list, strings.TrimSuffix(script, " defer"))
	}
	for i, p := range list {
		list[i] = s.resolve(p)
	}
	return list
}

// embedWorker is the embed's service worker: the app's (serviceWorker),
// with caches of its own (embedCache), its own list of files, and the
// embed's page standing in offline for a page neither cached nor
// reachable.
func (s site) embedWorker() []byte {
	langStart := "const langStart = (path) => " + jsString(s.resolve(app.EmbedSnippetPath)) + ";\n"
	list, _ := json.Marshal(s.embedPrecache())
	var b bytes.Buffer
	t := template.Must(template.New("embed-worker.js").Parse(patchWorker(s.base, embedCache, langStart)))
	t.Execute(&b, struct{ Version, ResourcesToCache string }{s.version, string(list)})
	return b.Bytes()
}

// serveEmbedWorker answers embedWorkerPath.
func (s site) serveEmbedWorker() *bufferedResponse {
	var b bufferedResponse
	b.Header().Set("Content-Type", "application/javascript")
	b.Write(s.embedWorker())
	return b.withStatus()
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
