// Starts the engine's Web Worker as the page loads, so engine.wasm
// downloads and compiles while app.wasm does. The app (app/runloop.go)
// talks to it through window.partitionlabEngine: requests and replies are
// JSON documents (app/runner/service.go).
"use strict";

(() => {
  // engine-worker.js sits next to this script and shares its version query.
  const url = document.currentScript.src.replace(/engine\.js(\?|$)/, "engine-worker.js$1");
  let worker = null;
  let listener = null;
  let nextID = 1;
  // load names this page load: a run still marked in flight by another
  // load of this tab did not end (app/rungate.go).
  const load = String(Date.now()) + "-" + String(Math.random()).slice(2);
  const early = []; // replies before the app listens (a crash at start)

  const hear = (data) => (listener ? listener(data) : early.push(data));

  function start() {
    worker = new Worker(url);
    worker.onmessage = (e) => hear(e.data);
    // An exception that escapes the worker, or a worker the browser could
    // not start: the engine is gone either way.
    worker.onerror = (e) => {
      e.preventDefault();
      hear(JSON.stringify({ kind: "crash", error: e.message || "the engine's worker failed" }));
    };
  }

  window.partitionlabEngine = {
    load,
    // newID numbers a run, uniquely for this page whichever view asks.
    newID() {
      return nextID++;
    },
    // post sends a request (a JSON document).
    post(request) {
      worker.postMessage(request);
    },
    // listen names the one function that hears every reply from now on.
    listen(fn) {
      listener = fn;
      for (const m of early.splice(0)) fn(m);
    },
    // restart throws the worker away (a crash, or a run cancelled: its
    // memory goes with it) and starts a fresh one.
    restart() {
      worker.terminate();
      start();
    },
  };
  start();
})();
