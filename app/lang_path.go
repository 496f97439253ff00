package app

import (
	"net/url"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// A static site holds each language's pages under its own path (/ko/keys,
// /pt/, English at the root), drawn in that language, so a plain static
// host, which cannot read ?lang=, still sends a Korean page to a Korean
// address. There the language is in the path and links keep it so; the
// server and a page opened with ?lang= keep the query.

// LangPathsEnv is the go-app environment variable (app.Getenv) the static
// site sets: its links carry the language as a path (/ko/keys), not as
// ?lang=.
const LangPathsEnv = "PARTITIONLAB_LANG_PATHS"

// prerenderLangPaths is whether the page being pre-rendered draws its
// links with the language as a path (see PrerenderAt).
var prerenderLangPaths atomic.Bool

// PrerenderAt is PrerenderIn with links that carry the language as a path
// (/ko/keys) when inPath is true, as the static site's pages do.
func PrerenderAt(l i18n.Lang, inPath bool, render func()) {
	PrerenderIn(l, func() {
		prerenderLangPaths.Store(inPath)
		defer prerenderLangPaths.Store(false)
		render()
	})
}

// langPaths reports whether links carry the language as a path: on the
// static site, or on a page opened at a language's path.
func langPaths() bool {
	if !app.IsClient {
		return prerenderLangPaths.Load()
	}
	return langPathsOnce()
}

// langPathsOnce is langPaths read from the browser, once: every link asks,
// and a document keeps its language (see pageLang), so its links keep
// their form.
var langPathsOnce = sync.OnceValue(func() bool {
	if app.Getenv(LangPathsEnv) != "" {
		return true
	}
	_, _, ok := SplitLangPath(strings.TrimPrefix(addressPath(), rootPrefix()))
	return ok
})

// rootPrefix is the sub-path the site is published at ("" at the root).
// In the browser it is read once: every link asks (a sweep's table has
// one per point, drawn again as points arrive), and go-app's Getenv is a
// call into JavaScript each time. The server pre-renders under several
// bases in one process, so it reads it each time.
func rootPrefix() string {
	if !app.IsClient {
		return readRootPrefix()
	}
	return rootPrefixOnce()
}

var rootPrefixOnce = sync.OnceValue(readRootPrefix)

func readRootPrefix() string { return strings.TrimSuffix(app.Getenv("GOAPP_ROOT_PREFIX"), "/") }

// SplitLangPath reads a page's path (under the site's root) that starts
// with a language other than English: "/ko/keys" is Korean and "/keys",
// "/ko" and "/ko/" are Korean and "/". ok is false for any other path.
func SplitLangPath(path string) (l i18n.Lang, rest string, ok bool) {
	first, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	for _, c := range i18n.Langs() {
		if c != i18n.English && string(c) == first {
			return c, "/" + rest, true
		}
	}
	return i18n.English, path, false
}

// LangPath is the path of page path (under the site's root) in l: English
// at the path itself, another language under its code ("/ko/keys", "/ko/").
func LangPath(path string, l i18n.Lang) string {
	if l == i18n.English {
		return path
	}
	return "/" + string(l) + path
}

// withLangPath is link with its path moved to l's (see LangPath) and no
// ?lang=; link's path may start with the site's sub-path.
func withLangPath(link string, l i18n.Lang) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	prefix := rootPrefix()
	rest, ok := strings.CutPrefix(u.Path, prefix)
	if !ok || !strings.HasPrefix(rest, "/") {
		rest = "/" + strings.TrimPrefix(rest, "/")
	}
	if _, page, in := SplitLangPath(rest); in {
		rest = page
	}
	u.Path = prefix + LangPath(rest, l)
	if q := u.Query(); q.Has(langParam) {
		q.Del(langParam)
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// pathLang is the language the address's path names, if any.
func pathLang() (i18n.Lang, bool) {
	if !app.IsClient {
		return i18n.English, false
	}
	l, _, ok := SplitLangPath(strings.TrimPrefix(addressPath(), rootPrefix()))
	return l, ok
}
