// The engine's Web Worker: it runs engine.wasm (app/engineworker), which
// answers the page's requests, and tells the page when the engine dies
// (out of memory, a panic), with the last lines it wrote.
"use strict";

importScripts("../wasm_exec.js");

// Requests that arrive while engine.wasm compiles wait here.
const pending = [];
let deliver = null;
self.onmessage = (e) => (deliver ? deliver(e.data) : pending.push(e.data));
self.partitionlabEngineStart = (fn) => {
  deliver = fn;
  for (const m of pending.splice(0)) fn(m);
};

// Go writes a fatal error or a panic to the console before it exits, then
// the goroutines' stacks: keep the first such line to say why.
let reason = "";
let last = "";
const log = console.log.bind(console);
console.log = (...args) => {
  const text = args.join(" ");
  if (!reason) {
    reason = text.split("\n").find((l) => /^(fatal error|panic):|out of memory/.test(l)) || "";
  }
  last = text.split("\n").pop();
  log(...args);
};

function crashed(why) {
  self.postMessage(JSON.stringify({ kind: "crash", error: reason || (last ? why + ": " + last : why) }));
}

(async () => {
  // engine.wasm carries the same version query as this script.
  const url = new URL("engine.wasm" + self.location.search, self.location.href);
  try {
    const go = new Go();
    let code = 0;
    go.exit = (c) => (code = c);
    const { instance } = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
    await go.run(instance);
    crashed("the engine stopped (exit status " + code + ")");
  } catch (err) {
    crashed(String(err));
  }
})();
