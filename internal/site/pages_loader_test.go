package site

import (
	"io"
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
	if !strings.Contains(js, `fetchWithProgress("/web/app.wasm"`) {
		t.Errorf("go-app's loader no longer fetches app.wasm through fetchWithProgress")
	}
}

// Every page asks for app.wasm in its head, at the site's base, so it
// downloads while the page is parsed rather than after.
func TestPagesPreloadTheModule(t *testing.T) {
	for _, base := range []string{"/", "/lab/"} {
		mux := newServeMux(t.TempDir(), site{base: base, version: "v1"})
		for _, path := range []string{"/", "/keys"} {
			body, _ := io.ReadAll(get(t, mux, path, "").Body)
			page := string(body)
			head, _, ok := strings.Cut(page, "</head>")
			if want := `<link as="fetch" crossorigin="anonymous" href="` + base + `web/app.wasm" rel="preload">`; !ok || strings.Count(head, want) != 1 {
				t.Errorf("base %s, %s: the head does not preload %sweb/app.wasm once", base, path, base)
			}
		}
	}
}
