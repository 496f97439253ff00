package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// page is one entry of the navigation. Adding a page means writing its
// component in a file of its own and listing it in pages().
type page struct {
	path  string
	title string
	// id names the page in element ids and tests.
	id   string
	make func() app.Composer
}

// pages lists the pages in navigation order.
func pages() []page {
	return []page{
		{path: "/", title: "Simulate", id: "simulate", make: func() app.Composer { return newSimulatePage() }},
		{path: "/compare", title: "Compare", id: "compare", make: func() app.Composer { return newComparePage() }},
		{path: "/sweep", title: "Sweep", id: "sweep", make: func() app.Composer { return newSweepPage() }},
		{path: "/learn", title: "Learn", id: "learn", make: func() app.Composer { return newLearnPage() }},
		{path: "/keys", title: "Key → partition", id: "keys", make: func() app.Composer { return newKeysPage() }},
		{path: "/simplified", title: "What is simplified", id: "simplified", make: func() app.Composer { return &simplifiedPage{} }},
	}
}

// Routes registers every page with go-app. The browser entry point and the
// server (which pre-renders pages and writes the static site) both call it.
// Each page also answers at the addresses a static host gives its files
// (/keys.html, /keys/, /keys/index.html, /index.html), so that a page
// opened there shows itself and not go-app's "Not Found".
func Routes() {
	for _, p := range pages() {
		for _, alias := range staticAliases(p.path) {
			app.RouteFunc(alias, p.make)
		}
	}
}

// PagePaths lists the path of every page, as links name them.
func PagePaths() []string {
	var paths []string
	for _, p := range pages() {
		paths = append(paths, p.path)
	}
	return paths
}

// staticAliases are the addresses of a page: its path, then the files a
// static site holds it in.
func staticAliases(path string) []string {
	if path == "/" {
		return []string{"/", "/index.html"}
	}
	return []string{path, path + ".html", path + "/", path + "/index.html"}
}

// href is the link to a page path, under the sub-path the site is published
// at (e.g. /partitionlab/ on GitHub Pages): go-app prefixes static resources
// but not links between pages. The link keeps the page's language.
func href(path string) string {
	return withLang(strings.TrimSuffix(app.Getenv("GOAPP_ROOT_PREFIX"), "/")+path, pageLang())
}
