package site

import (
	"bytes"
	"encoding/json"

	"partitionlab/app"
)

// goappFetchWasm starts the function of go-app v9's app.js that fetches
// app.wasm. It copies the whole module, chunk by chunk, through a stream
// of its own to count the bytes for the loading label: the browser then
// compiles from a script's stream on the page's thread, and the copy and
// a label written at every chunk cost 110–160 ms of a cold start in
// Chromium on loopback. It is the last function of app.js.
const goappFetchWasm = "async function fetchWithProgress(url, progess) {"

// streamingFetchWasm replaces it: the response goes to the compiler as the
// network gives it, and the label is counted on a copy of the body (the
// browser tees it without a script) and written at most every 100 ms.
const streamingFetchWasm = `// Partition Lab: the response goes to the compiler as the network gives it
// (streaming compilation), and the label is counted on a copy of the body,
// written at most every 100 ms (internal/site/pages_loader.go).
async function fetchWithProgress(url, progress) {
  const response = await fetch(url);
  let total = NaN;
  try {
    total = parseInt(response.headers.get(goappWasmContentLengthHeader) || response.headers.get("Content-Length"), 10);
  } catch {}
  if (!response.ok || !response.body || !(total > 0)) {
    return response;
  }
  const reader = response.clone().body.getReader();
  (async () => {
    let loaded = 0;
    let shown = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        progress(100);
        return;
      }
      loaded += value.byteLength;
      const now = performance.now();
      if (now - shown >= 100) {
        shown = now;
        progress(Math.min(100, Math.round((loaded * 100) / total)));
      }
    }
  })().catch(() => {});
  return response;
}
`

// goappStart is how go-app v9's app.js starts: the service worker first.
// Its installation downloads every file it keeps for offline use, app.wasm
// and engine.wasm included, at once: on a slow connection that is 3.8 MB
// more sharing the line with the page's own app.wasm, which then arrives
// seconds later.
const goappStart = "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n"

// laterServiceWorker starts the service worker once app.wasm has arrived
// and runs, and the page is idle (or 5 s later at most): its downloads
// then come after the page's own, and its copying of the modules into its
// cache does not take the processor from the app's first run.
const laterServiceWorker = "goappWatchForUpdate();\ngoappWatchForInstallable();\n" +
	"// Partition Lab: the service worker after app.wasm, when the page is idle (internal/site/pages_loader.go).\n" +
	"goappInitWebAssembly().finally(() => (self.requestIdleCallback ? requestIdleCallback(goappInitServiceWorker, { timeout: 5000 }) : setTimeout(goappInitServiceWorker, 1000)));\n"

// goappLoadWasm and goappRegisterWorker are where go-app's app.js names
// the module it loads and the service worker it registers, under the
// site's base path.
func goappLoadWasm(base string) string { return `fetchWithProgress("` + base + `web/app.wasm"` }

func goappRegisterWorker(base string) string {
	return `navigator.serviceWorker.register(
        "` + base + `app-worker.js"`
}

// loaderScript rewrites go-app's app.js: app.wasm is compiled as it
// arrives (see goappFetchWasm), and the service worker waits for it (see
// goappStart). On the embed's pages (app.EmbedPaths under the base) it
// loads the embed's module and registers the embed's worker instead (see
// embed.go). A script without those parts is left as it is (a test checks
// the one served).
func (s site) loaderScript(js []byte) []byte {
	var embedPaths []string
	for _, p := range app.EmbedPaths() {
		embedPaths = append(embedPaths, s.resolve(p))
	}
	list, _ := json.Marshal(embedPaths)
	isEmbed := "// Partition Lab: the embed's pages load the embed's module and worker (internal/site/embed.go).\n" +
		"const partitionlabEmbed = " + string(list) + ".includes(location.pathname);\n"
	js = append([]byte(isEmbed+domBatchScript), bytes.Replace(js, []byte(goappStart), []byte(laterServiceWorker), 1)...)
	js = bytes.Replace(js, []byte(goappLoadWasm(s.base)),
		[]byte(`fetchWithProgress(partitionlabEmbed ? `+jsString(s.resolve(embedModule))+` : `+jsString(s.resolve(appModule))), 1)
	js = bytes.Replace(js, []byte(goappRegisterWorker(s.base)),
		[]byte(`navigator.serviceWorker.register(
        partitionlabEmbed ? `+jsString(s.resolve(embedWorkerPath))+` : `+jsString(s.resolve("/app-worker.js"))), 1)
	i := bytes.Index(js, []byte(goappFetchWasm))
	if i < 0 {
		return js
	}
	return append(js[:i:i], streamingFetchWasm...)
}

// domBatchScript carries out the mounts of the pages' go-app (the copy
// internal/browsergoapp writes, see its dom_batch.go): each mount's nodes
// are made from one list of operations, a field and a NUL after another
// (E tag xmlns: an element; T text: a text node; A node name value: an
// attribute; S and B node property value: a string or boolean property;
// L node event handler: a listener, the handler by its place among the
// call's other arguments; C parent child: a child appended), numbered in
// the order they are made. The script keeps them until the app asks for
// each (node) or dismounts the mount (release); made counts the nodes it
// made, kept those it keeps.
const domBatchScript = `// Partition Lab: the app's mounts, made from lists of operations (internal/site/pages_loader.go).
self.partitionlabDOMBatch = (() => {
  const batches = new Map();
  return {
    made: 0,
    run(id, ops, ...handlers) {
      let nodes = batches.get(id);
      if (!nodes) {
        nodes = [];
        batches.set(id, nodes);
      }
      const f = ops.split("\0");
      const before = nodes.length;
      for (let k = 0; k < f.length - 1; ) {
        switch (f[k++]) {
          case "E": {
            const tag = f[k++], ns = f[k++];
            nodes.push(ns ? document.createElementNS(ns, tag) : document.createElement(tag));
            break;
          }
          case "T": nodes.push(document.createTextNode(f[k++])); break;
          case "A": nodes[+f[k]].setAttribute(f[k + 1], f[k + 2]); k += 3; break;
          case "S": nodes[+f[k]][f[k + 1]] = f[k + 2]; k += 3; break;
          case "B": nodes[+f[k]][f[k + 1]] = f[k + 2] === "1"; k += 3; break;
          case "L": nodes[+f[k]].addEventListener(f[k + 1], handlers[+f[k + 2]]); k += 3; break;
          case "C": nodes[+f[k]].appendChild(nodes[+f[k + 1]]); k += 2; break;
          default: throw new Error("partitionlabDOMBatch: unknown operation " + f[k - 1]);
        }
      }
      this.made += nodes.length - before;
    },
    node(id, i) {
      const nodes = batches.get(id);
      const n = nodes[i];
      nodes[i] = undefined;
      return n;
    },
    release(id) {
      batches.delete(id);
    },
    // kept is how many nodes the script keeps for the app: made, and not
    // yet asked for nor let go.
    kept() {
      let n = 0;
      for (const nodes of batches.values()) for (const x of nodes) if (x !== undefined) n++;
      return n;
    },
  };
})();
`

// preloadWasm asks, in a page's head, for its module (the address
// module, under the site's base) at once: go-app's app.js, which fetches
// it, runs only once the whole page is parsed (it is deferred), about
// 150 ms after the page arrived on loopback and a round trip or more
// later on a slow connection. app.js's fetch then takes the response
// already under way (same address, same mode).
func preloadWasm(page []byte, module string) []byte {
	link := `<link as="fetch" crossorigin="anonymous" href="` + module + `" rel="preload">` + "\n"
	i := bytes.Index(page, []byte("</title>\n"))
	if i < 0 || bytes.Contains(page, []byte(`.wasm" rel="preload"`)) {
		return page
	}
	i += len("</title>\n")
	return append(page[:i:i], append([]byte(link), page[i:]...)...)
}
