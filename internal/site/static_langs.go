package site

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"partitionlab/app"
	"partitionlab/app/i18n"
)

// A static host cannot read ?lang=, so the static site holds each
// language's pages under the language's path (/pt/, /es/, /fr/, /ko/,
// English at the root), each drawn in its language, with links between
// them (<link rel="alternate" hreflang>) and a sitemap.xml listing them.
// The app reads the language from such a path (app.SplitLangPath) and its
// links keep it (app.LangPathsEnv).

// sitemapName is the sitemap static writes at the site's root.
const sitemapName = "sitemap.xml"

// langFiles maps each page's address in every language but English to its
// files, as staticFiles does English's: /ko/keys to ko/keys.html and
// ko/keys/index.html, /ko/ to ko/index.html.
func langFiles() map[string][]string {
	files := map[string][]string{}
	for _, l := range otherLangs() {
		for _, p := range app.PagePaths() {
			path := app.LangPath(p, l)
			if p == "/" {
				files[path] = []string{string(l) + "/index.html"}
				continue
			}
			name := strings.TrimPrefix(path, "/")
			files[path] = []string{name + ".html", name + "/index.html"}
		}
	}
	return files
}

// otherLangs is every language but English, which is at the root.
func otherLangs() []i18n.Lang {
	var ls []i18n.Lang
	for _, l := range i18n.Langs() {
		if l != i18n.English {
			ls = append(ls, l)
		}
	}
	return ls
}

// langStarts are the start pages of the other languages under base
// ("/ko/"), which the service worker precaches so that a page of that
// language opens in it offline.
func langStarts(base string) []string {
	var starts []string
	for _, l := range otherLangs() {
		starts = append(starts, base+string(l)+"/")
	}
	return starts
}

// pageAddress is the address of page (a path of app.PagePaths) in l,
// relative to the site's root: "", "keys", "ko/", "ko/keys".
func pageAddress(page string, l i18n.Lang) string {
	return strings.TrimPrefix(app.LangPath(page, l), "/")
}

// alternates is a <link rel="alternate"> to page in every language, and
// English's as x-default, addressed from placeholderHost (pages() puts the
// site's address in its place).
func alternates(page string) string {
	var b strings.Builder
	link := func(tag, addr string) {
		fmt.Fprintf(&b, `<link rel="alternate" hreflang="%s" href="http://%s/%s">`, tag, placeholderHost, html.EscapeString(addr))
	}
	for _, l := range i18n.Langs() {
		link(l.Tag(), pageAddress(page, l))
	}
	link("x-default", pageAddress(page, i18n.English))
	return b.String()
}

// withAlternates puts alternates(page) at the end of an HTML page's head,
// when page is one of the site's pages.
func withAlternates(body []byte, page string) []byte {
	known := false
	for _, p := range app.PagePaths() {
		known = known || p == page
	}
	i := bytes.Index(body, []byte("</head>"))
	if !known || i < 0 {
		return body
	}
	out := make([]byte, 0, len(body)+1024)
	out = append(out, body[:i]...)
	out = append(out, alternates(page)...)
	return append(out, body[i:]...)
}

// writeSitemap writes sitemap.xml: every page in every language, each with
// its alternates, at the site's public address (--url), or at its path
// under the base when the address is unknown.
func writeSitemap(dir string, s site) (string, error) {
	root := s.publicURL()
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range app.PagePaths() {
		for _, l := range i18n.Langs() {
			fmt.Fprintf(&b, "  <url>\n    <loc>%s</loc>\n", html.EscapeString(root+pageAddress(p, l)))
			for _, alt := range i18n.Langs() {
				fmt.Fprintf(&b, "    <xhtml:link rel=\"alternate\" hreflang=\"%s\" href=\"%s\"/>\n", alt.Tag(), html.EscapeString(root+pageAddress(p, alt)))
			}
			fmt.Fprintf(&b, "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"%s\"/>\n  </url>\n", html.EscapeString(root+pageAddress(p, i18n.English)))
		}
	}
	b.WriteString("</urlset>\n")
	return sitemapName, os.WriteFile(filepath.Join(dir, sitemapName), []byte(b.String()), 0o644)
}
