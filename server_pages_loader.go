//go:build !wasm

package main

import "bytes"

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
// written at most every 100 ms (server_pages_loader.go).
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

// streamingWasm rewrites go-app's app.js (see goappFetchWasm); a script
// without that function is left as it is (a test checks the one served).
func streamingWasm(js []byte) []byte {
	i := bytes.Index(js, []byte(goappFetchWasm))
	if i < 0 {
		return js
	}
	return append(js[:i:i], streamingFetchWasm...)
}
