package site

import (
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
)

// The app.js served (and written by static) hands app.wasm to the
// browser's compiler straight from the network: go-app's copy of the
// module through a script's stream is gone, and its loader still calls
// the function that fetches the module. The service worker starts after
// app.wasm, so its downloads do not share the line with it.
func TestAppScriptCompilesTheModuleFromTheNetwork(t *testing.T) {
	mux := newServeMux(t.TempDir(), site{base: "/", version: "v1"})
	res := get(t, mux, "/app.js", "")
	body, _ := io.ReadAll(res.Body)
	js := string(body)
	if res.StatusCode != 200 || !strings.Contains(js, "goappInitWebAssembly") {
		t.Fatalf("/app.js answered %d without go-app's loader", res.StatusCode)
	}
	if n := strings.Count(js, "function fetchWithProgress("); n != 1 || !strings.Contains(js, "Partition Lab: the response goes to the compiler") {
		t.Errorf("app.js has %d fetchWithProgress functions, want only the streaming one", n)
	}
	if strings.Contains(js, "new ReadableStream") {
		t.Errorf("app.js still copies the module through a stream of its own")
	}
	if i, j := strings.Index(js, "goappInitWebAssembly().finally(() => (self.requestIdleCallback ? requestIdleCallback(goappInitServiceWorker"), strings.Index(js, "goappInitServiceWorker();"); i < 0 || j >= 0 {
		t.Errorf("app.js starts the service worker (whose installation downloads app.wasm and engine.wasm) before app.wasm has arrived")
	}
	if !strings.Contains(js, `fetchWithProgress(partitionlabEmbed ? "/web/embed.wasm" : "/web/app.wasm"`) {
		t.Errorf("go-app's loader no longer fetches app.wasm through fetchWithProgress")
	}
}

// The one app.js loads embed.wasm and registers the embed's worker on
// the embed's pages (at every address they have, in every language, under
// the base), and app.wasm and the app's worker on every other page. The
// parts of go-app's script it rewrites are gone: if go-app changed them,
// this fails rather than the embed loading the whole app.
func TestAppScriptPicksTheEmbedsModuleOnTheEmbedsPages(t *testing.T) {
	for _, base := range []string{"/", "/lab/"} {
		mux := newServeMux(t.TempDir(), site{base: base, version: "v1"})
		js := string(decode(t, get(t, mux, "/app.js", "")))
		for _, gone := range []string{goappLoadWasm(base), goappRegisterWorker(base)} {
			if strings.Contains(js, gone) {
				t.Errorf("base %s: app.js still has go-app's %q", base, gone)
			}
		}
		for _, want := range []string{
			`fetchWithProgress(partitionlabEmbed ? "` + base + `web/embed.wasm" : "` + base + `web/app.wasm", `,
			`navigator.serviceWorker.register(
        partitionlabEmbed ? "` + base + `embed/app-worker.js" : "` + base + `app-worker.js"
      );`,
		} {
			if !strings.Contains(js, want) {
				t.Errorf("base %s: app.js lacks %s", base, want)
			}
		}
		_, list, ok := strings.Cut(js, "const partitionlabEmbed = ")
		list, _, _ = strings.Cut(list, ".includes(location.pathname);\n")
		var paths []string
		if !ok || json.Unmarshal([]byte(list), &paths) != nil {
			t.Fatalf("base %s: app.js does not say which pages are the embed's", base)
		}
		for _, p := range []string{"embed", "embed/", "embed.html", "embed/index.html", "ko/embed/", "pt/embed"} {
			if !slices.Contains(paths, base+p) {
				t.Errorf("base %s: %s%s is not an embed page for app.js (%q)", base, base, p, paths)
			}
		}
		for _, p := range []string{"", "keys", "learn/", "ko/"} {
			if slices.Contains(paths, base+p) {
				t.Errorf("base %s: %s%s loads the embed's module", base, base, p)
			}
		}
	}
}

// Every page asks for its module in its head, at the site's base, so it
// downloads while the page is parsed rather than after: app.wasm, and on
// the embed's pages embed.wasm and never app.wasm. The embed's pages link
// the style sheets the embed uses, not Learn's.
func TestPagesPreloadTheModule(t *testing.T) {
	for _, base := range []string{"/", "/lab/"} {
		mux := newServeMux(t.TempDir(), site{base: base, version: "v1"})
		for _, path := range []string{"/", "/keys", "/embed", "/embed/", "/ko/embed/index.html", "/learn"} {
			embed := strings.Contains(path, "embed")
			page := string(decode(t, get(t, mux, path, "")))
			head, _, ok := strings.Cut(page, "</head>")
			module, other := "app.wasm", "embed.wasm"
			if embed {
				module, other = other, module
			}
			if want := `<link as="fetch" crossorigin="anonymous" href="` + base + `web/` + module + `" rel="preload">`; !ok || strings.Count(head, want) != 1 {
				t.Errorf("base %s, %s: the head does not preload %sweb/%s once", base, path, base, module)
			}
			if strings.Contains(head, other) {
				t.Errorf("base %s, %s: the head names %s", base, path, other)
			}
			styles := appStyles()
			if embed {
				styles = embedStyles()
			}
			for _, css := range appStyles() {
				link := `<link href="` + base + strings.TrimPrefix(css, "/") + `" rel="stylesheet" type="text/css">`
				if want := slices.Contains(styles, css); strings.Contains(head, link) != want {
					t.Errorf("base %s, %s: linking %s is %v, want %v", base, path, css, !want, want)
				}
			}
		}
	}
}
