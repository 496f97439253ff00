package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
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
// opened there shows itself and not go-app's "Not Found". Each answers too
// under each language's path (/ko/keys, /ko/, see LangPath), where the
// static site writes the page in that language.
func Routes() {
	for _, p := range pages() {
		for _, l := range i18n.Langs() {
			for _, alias := range staticAliases(p.path) {
				app.RouteFunc(LangPath(alias, l), p.make)
			}
			if l != i18n.English && p.path == "/" {
				app.RouteFunc(LangPath("", l), p.make) // "/ko"
			}
		}
	}
	EmbedRoutes()
}

// EmbedRoutes registers the embed alone: a page without the navigation,
// which other sites frame. Routes registers it with the others; the
// embed's own module (app/embedmain) registers nothing else, so the
// linker leaves the other pages out of it.
func EmbedRoutes() {
	for _, alias := range EmbedPaths() {
		app.RouteFunc(alias, func() app.Composer { return newEmbedPage() })
	}
}

// PagePaths lists the path of every page, as links name them, the embed's
// last.
func PagePaths() []string {
	var paths []string
	for _, p := range pages() {
		paths = append(paths, p.path)
	}
	return append(paths, embedPath)
}

// EmbedSnippetPath is the embed's address in the snippets the Embed
// dialog writes: the directory form, which every static host answers with
// the same file (embed/index.html) and the service worker precaches.
const EmbedSnippetPath = embedPath + "/"

// EmbedPaths are the addresses of the embed page, the only page other
// sites may frame.
// They include each language's path (/ko/embed), where the static site
// writes it in that language.
func EmbedPaths() []string {
	var paths []string
	for _, l := range i18n.Langs() {
		for _, alias := range staticAliases(embedPath) {
			paths = append(paths, LangPath(alias, l))
		}
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
	return withLang(rootPrefix()+path, pageLang())
}
