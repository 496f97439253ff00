//go:build js && wasm

// Command embedmain is the embed's own WebAssembly module (web/embed.wasm):
// the page other sites frame (/embed) loads it instead of app.wasm. It
// registers the embed's routes only, so the linker drops the other pages
// (Learn and its lessons, Compare, Sweep, Keys, the editor and the
// imports): an article's reader downloads what the embed draws and no more.
// The engine still runs in its worker (web/engine.wasm), as in the app.
package main

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app"
)

func main() {
	app.HoldCollectionUntilMounted() // until the embed has mounted
	app.LoadPageLanguage()           // embed.wasm holds English's words only
	app.EmbedRoutes()
	goapp.RunWhenOnBrowser()
}
