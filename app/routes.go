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
		{path: "/learn", title: "Learn", id: "learn", make: func() app.Composer { return newLearnPage() }},
		{path: "/keys", title: "Key → partition", id: "keys", make: func() app.Composer { return newKeysPage() }},
		{path: "/simplified", title: "What is simplified", id: "simplified", make: func() app.Composer { return &simplifiedPage{} }},
	}
}

// Routes registers every page with go-app. The browser entry point and the
// server (which pre-renders pages and writes the static site) both call it.
func Routes() {
	for _, p := range pages() {
		app.RouteFunc(p.path, p.make)
	}
}

// href is the link to a page path, under the sub-path the site is published
// at (e.g. /partitionlab/ on GitHub Pages): go-app prefixes static resources
// but not links between pages.
func href(path string) string {
	return strings.TrimSuffix(app.Getenv("GOAPP_ROOT_PREFIX"), "/") + path
}
