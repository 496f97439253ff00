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

// Go writes a fatal error or a panic to the console before it exits: keep
// the last lines to say why.
const lines = [];
const log = console.log.bind(console);
console.log = (...args) => {
  lines.push(args.join(" "));
  if (lines.length > 8) lines.shift();
  log(...args);
};

function crashed(why) {
  const said = lines.find((l) => /fatal error|panic|out of memory/i.test(l));
  self.postMessage(JSON.stringify({ kind: "crash", error: said || why }));
}

(async () => {
  // engine.wasm carries the same version query as this script.
  const url = new URL("engine.wasm" + self.location.search, self.location.href);
  try {
    const go = new Go();
    const { instance } = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
    await go.run(instance);
    crashed("the engine stopped");
  } catch (err) {
    crashed(String(err));
  }
})();
