package main

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app"
)

// main is the browser entry point: it holds the garbage collector off
// until the page has mounted, installs the words of the page's language
// (app.wasm holds English's only), registers the pages and hands the page
// over to go-app. The command-line code in server.go is built only for
// other targets, so none of it (nor net/http's server) reaches app.wasm.
func main() {
	app.HoldCollectionUntilMounted()
	app.LoadPageLanguage()
	app.Routes()
	goapp.RunWhenOnBrowser()
}
