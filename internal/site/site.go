// Package site serves and publishes Partition Lab's web app: the pages
// (pre-rendered in each language by go-app's handler), the service worker,
// the engine's worker resources, the loading label in the page's language,
// security headers, compression, and the static writer for any static
// host. The command line's serve and static commands are its callers:
// NewServer, WriteStatic, and the checks of their settings (Version,
// NormalizeBase, PublicURL, CheckOutsideWeb).
//
// It is native only (it is net/http's server side): the wasm build never
// imports it, and nothing under app/ or sim/ may. It must not import the
// command line (internal/cli) or franz-go.
package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app"
	"partitionlab/app/i18n"
)

// wasmLengthHeader carries app.wasm's uncompressed size, so the loading
// progress stays within 100 % when the file is sent compressed.
const wasmLengthHeader = "X-Wasm-Length"

// site describes how the app is published: locally by serve, or as a static
// site under a base path such as "/partitionlab/" for GitHub Pages.
type site struct {
	// base is "/" or a path that starts and ends with "/".
	base string
	// static means no server of ours sends wasmLengthHeader.
	static  bool
	version string
	// url is the site's public address ending in base, such as
	// https://user.github.io/partitionlab/, or "" when unknown.
	url string
}

// hangulFonts are the two Hangul faces web/hangul.css declares: the one
// of the Korean texts' Hangul and the rest of KS X 1001's (fonts/hangul.py).
var hangulFonts = []string{"/web/NotoSansKR-Hangul.woff2", "/web/NotoSansKR-Hangul-more.woff2"}

// appStyles are the app's style sheets: every page's, Learn's, the
// loading label's, the Korean font's and the Embed dialog's.
func appStyles() []string {
	return []string{"/web/partitionlab.css", "/web/learn.css", "/web/loading.css", "/web/hangul.css", "/web/embed.css"}
}

// scripts are the scripts every page loads besides go-app's: the engine's
// worker and the loading label in the page's language.
func (s site) scripts() []string {
	return []string{engineScript(s.version), loadingScriptPath + "?v=" + s.version + " defer"}
}

// handler is the go-app handler: page metadata, icons and the service
// worker's precache list. It registers the pages, which go-app keeps in a
// registry of its own. Its pages are in English; handlerIn gives those of
// another language.
func (s site) handler() *goapp.Handler { return s.handlerIn(i18n.English) }

// handlerIn is handler with pages in language l: <html lang>, the title,
// the description and the loading label are l's (the page's body is drawn
// in l by app.PrerenderIn). Its scripts, worker and manifest are the same
// as English's; the server takes them from English's handler.
func (s site) handlerIn(l i18n.Lang) *goapp.Handler {
	app.Routes()
	c := i18n.For(l)
	h := &goapp.Handler{
		Name:        "Partition Lab",
		ShortName:   "Partition Lab",
		Title:       c.T("site.title"),
		Description: c.T("site.description"),
		Author:      "Partition Lab",
		Keywords:    []string{"Kafka", "partitioning", "murmur2", "consumer groups", "simulator"},
		Lang:        l.Tag(),
		Icon: goapp.Icon{
			Default:    "/web/icon-192.png",
			Large:      "/web/icon-512.png",
			SVG:        "/web/icon.svg",
			AppleTouch: "/web/icon-192.png",
		},
		BackgroundColor:         "#f5f7fa",
		ThemeColor:              "#1d3557",
		Styles:                  appStyles(),
		Scripts:                 s.scripts(),
		CacheableResources:      engineResources(s.version),
		Version:                 s.version,
		LoadingLabel:            loadingLabelIn(l, false),
		WasmContentLengthHeader: wasmLengthHeader,
	}
	if s.static {
		// A static host sends no length header, and if it compresses the
		// file the browser's count would pass 100 %: show no number at all.
		h.LoadingLabel = loadingLabelIn(l, true)
	}
	// go-app precaches the PNG icons but not the SVG one the header shows,
	// nor the two faces hangul.css names (a Korean page offline needs
	// them), nor
	// the languages' words (a page opened offline in any language needs its
	// bundle). The
	// embed is not the app's: its own worker keeps it (embedWorker).
	h.CacheableResources = append(append(h.CacheableResources, "/web/icon.svg"), hangulFonts...)
	h.CacheableResources = append(h.CacheableResources, bundleResources()...)
	if s.static {
		// Links carry the language as a path (/ko/keys), and each
		// language's start page is precached: offline, any page of that
		// language opens from it in its language (see serviceWorker).
		h.Env = goapp.Environment{app.LangPathsEnv: "1"}
		h.CacheableResources = append(h.CacheableResources, langStarts(s.base)...)
	}
	if s.base != "/" {
		h.Resources = goapp.CustomProvider("", s.base)
		// go-app precaches "/repo" but the browser asks for "/repo/"; without
		// this entry the site cannot start offline.
		h.CacheableResources = append(h.CacheableResources, s.base)
	}
	h.ServiceWorkerTemplate = serviceWorker(s.base)
	return h
}

// goappFetchHandler is the fetch handler of go-app's service worker, which
// looks pages up in its cache by their exact address.
const goappFetchHandler = `self.addEventListener("fetch", (event) => {
  event.respondWith(
    caches.match(event.request).then((response) => {
      return response || fetch(event.request);
    })
  );
});`

// serviceWorker is go-app's service worker with two changes to how it
// answers a page (a navigation):
//
//   - A page opened with a query (/learn?lesson=...&step=2) is looked up
//     without it, and when neither the cache nor the network has it, the
//     start page is served, whose app then shows the address's page: the
//     start page of the address's language on a static site (/ko/ for
//     /ko/keys), which precaches them.
//     Without this, such an address could not be reopened offline.
//   - A page in another language (?lang=ko) is looked up as that page in
//     that language (its path and ?lang= alone), which the worker keeps the
//     first time the network gives it: the server draws each language's
//     page in its language, and serving the English one from the cache
//     showed English until app.wasm had started. Offline, a language page
//     not kept yet falls back to the page without its query as above.
//
// The pages kept go with the version's cache, like every other file.
func serviceWorker(base string) string {
	var langs []string
	for _, l := range otherLangs() {
		langs = append(langs, strconv.Quote(string(l)))
	}
	langStart := `const langStart = (path) => {
  for (const lang of [` + strings.Join(langs, ", ") + `]) {
    const start = ` + strconv.Quote(base) + ` + lang + "/";
    if (path === start || path.startsWith(start) || path + "/" === start) {
      return start;
    }
  }
  return ` + strconv.Quote(base) + `;
};
`
	return patchWorker(base, appCache, langStart)
}

// Two service workers share the site's origin: the app's, at the root,
// and the embed's, whose scope is the embed's directory (embedWorker).
// Each keeps its files in caches of its own, named by a prefix and the
// site's version, and deletes only its own older ones: go-app's worker
// deletes every cache but its own, the other worker's too.
const (
	appCache   = "app-"
	embedCache = "embed-"
)

// goappCacheName and goappDeleteOthers are the lines of go-app's worker
// that name its cache and delete the others when it activates.
const (
	goappCacheName    = `const cacheName = "app-" + "{{.Version}}";`
	goappDeleteOthers = `if (key !== cacheName) {`
)

// patchWorker is go-app's service worker with its cache named by prefix,
// deleting only prefix's older caches, and with the fetch handler that
// serviceWorker describes, where langStart (JavaScript defining
// langStart(path)) names the page that stands in offline for a page
// neither cached nor reachable. If go-app's worker ever changes, the
// parts not found are left as they are; a test says so.
func patchWorker(base, prefix, langStart string) string {
	handler := langStart + `self.addEventListener("fetch", (event) => {
  const request = event.request;
  const page = request.mode === "navigate";
  const url = new URL(request.url);
  const lang = page ? url.searchParams.get("lang") : null;
  const inLang = lang ? url.origin + url.pathname + "?" + new URLSearchParams({ lang }) : null;
  const anyPage = () =>
    caches.match(request, { ignoreSearch: page }).then((response) => {
      return response || fetch(request).catch((err) => {
        if (!page) {
          throw err;
        }
        return caches.match(langStart(url.pathname))
          .then((start) => start || caches.match(` + strconv.Quote(base) + `))
          .then((start) => start || Promise.reject(err));
      });
    });
  if (!inLang) {
    event.respondWith(anyPage());
    return;
  }
  event.respondWith(
    caches.match(inLang).then((kept) => {
      if (kept) {
        return kept;
      }
      return fetch(request).then((response) => {
        if (response.ok && response.type === "basic" && request.url === inLang) {
          const copy = response.clone();
          event.waitUntil(caches.open(cacheName).then((cache) => cache.put(inLang, copy)));
        }
        return response;
      }, () => anyPage());
    })
  );
});`
	w := strings.Replace(goapp.DefaultAppWorkerJS, goappFetchHandler, handler, 1)
	w = strings.Replace(w, goappCacheName, `const cacheName = "`+prefix+`" + "{{.Version}}";`, 1)
	return strings.Replace(w, goappDeleteOthers, `if (key !== cacheName && key.startsWith("`+prefix+`")) {`, 1)
}

// NormalizeBase turns "repo", "/repo" or "/repo/" into "/repo/".
func NormalizeBase(base string) (string, error) {
	trimmed := strings.Trim(base, "/")
	if trimmed == "" {
		return "/", nil
	}
	for _, part := range strings.Split(trimmed, "/") {
		if part == "" || part == "." || part == ".." || strings.ContainsAny(part, "?#\\ ") {
			return "", fmt.Errorf("--base: %q is not a URL path such as /repo/", base)
		}
	}
	return "/" + trimmed + "/", nil
}

// Version is a digest of every file in the web directory. The service
// worker serves its cache first and refreshes only when the version changes,
// so the version must change with app.wasm, the CSS or the icons.
func Version(dir string) (string, error) {
	if _, err := os.Stat(filepath.Join(dir, "app.wasm")); err != nil {
		return "", fmt.Errorf("%s has no app.wasm: run \"make build\" first (%w)", dir, err)
	}
	h := sha256.New()
	err := walkWebFiles(dir, func(rel, path string) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\x00", rel)
		_, err = io.Copy(h, f)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("hashing %s: %w", dir, err)
	}
	// The languages' bundles come from the command's catalogs, not from
	// dir: a translation changed alone changes no file there.
	bundles, err := langBundles()
	if err != nil {
		return "", err
	}
	for _, p := range bundleResources() {
		fmt.Fprintf(h, "%s\x00", p)
		h.Write(bundles[p].body)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// walkWebFiles calls fn for each regular file of the web directory in
// lexical order, leaving out the precompressed copies of the WebAssembly
// modules (app.wasm, engine.wasm, embed.wasm): they are a transport detail
// of serve (see wasmEncodings).
func walkWebFiles(dir string, fn func(rel, path string) error) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		for _, enc := range wasmEncodings() {
			if strings.HasSuffix(rel, ".wasm"+enc.suffix) {
				return nil
			}
		}
		return fn(rel, path)
	})
}
