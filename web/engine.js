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
  // The page's language's words (a request the app gives once, see
  // app/lang_bundle.go): each worker this starts gets them first, so the
  // charts it draws speak the page's language.
  let words = null;

  // Charts asked for and not drawn yet, by request id (app/chart_draw.go):
  // their replies go to drawnListener, apart from the runs'; a fresh
  // worker gets them again, and a worker that dies answers them with why.
  const drawing = new Map();
  let drawnListener = null;
  const isDrawn = (data) => data.startsWith('{"kind":"drawn"');
  // hear takes a reply of worker from. A drawing is one whichever worker
  // made it; anything else from a worker the page has already replaced
  // (ended by restart, or after a crash) is about nothing in flight: above
  // all its crash, which would end the fresh worker's run and start
  // another worker, whose end could bring another crash.
  const hear = (data, from) => {
    if (isDrawn(data)) {
      const id = JSON.parse(data).id;
      if (drawing.delete(id) && drawnListener) drawnListener(data);
      return;
    }
    if (from !== worker) return;
    if (data.startsWith('{"kind":"crash"')) {
      // The worker is dead: the next request starts a fresh one (the run
      // loop restarts it too), and the drawings it had are answered with
      // why, to be asked again.
      worker.terminate();
      worker = null;
      const why = JSON.parse(data).error;
      for (const id of [...drawing.keys()]) {
        drawing.delete(id);
        if (drawnListener) drawnListener(JSON.stringify({ kind: "drawn", id, error: why, retry: true }));
      }
    }
    return listener ? listener(data) : early.push(data);
  };

  function start() {
    const w = new Worker(url);
    worker = w;
    if (words) w.postMessage(words);
    for (const request of drawing.values()) w.postMessage(request);
    w.onmessage = (e) => hear(e.data, w);
    // An exception that escapes the worker, or a worker the browser could
    // not start: the engine is gone either way.
    w.onerror = (e) => {
      e.preventDefault();
      hear(JSON.stringify({ kind: "crash", error: e.message || "the engine's worker failed" }), w);
    };
  }

  // The default scenario's result, which the server drew into the page
  // (app/prerender.go): the app shows it without running it again. Read
  // now, before the app replaces the page.
  const carrier = document.getElementById("prerendered-result");
  const prerendered = carrier ? carrier.textContent : "";
  // Its charts, as drawn on the server: the app takes their pictures
  // instead of drawing them again (kept as elements; each is written out
  // as text only when the app asks for it).
  const charts = new Map();
  if (carrier) {
    for (const svg of document.querySelectorAll("#results figure.chart[id] .plot > svg")) {
      charts.set(svg.closest("figure").id, svg);
    }
  }
  // A link names its own scenario (in the fragment, which the server never
  // sees): the default scenario's results must not stand for it meanwhile.
  const linked = /[#&](s|preset)=/.test(location.hash) && !/[#&]preset=order-events(&|$)/.test(location.hash);
  if (carrier && linked) {
    const results = document.getElementById("results");
    if (results) results.remove();
  }

  window.partitionlabEngine = {
    load,
    prerendered,
    // prerenderedChart is the picture of the pre-rendered chart id (an
    // <svg> element as text), or "".
    prerenderedChart(id) {
      const svg = charts.get(id);
      return svg ? new XMLSerializer().serializeToString(svg) : "";
    },
    // newID numbers a run, uniquely for this page whichever view asks.
    newID() {
      return nextID++;
    },
    // post sends a request (a JSON document).
    post(request) {
      if (!worker) start();
      worker.postMessage(request);
    },
    // words gives the page's words to the worker, and to each one started
    // after it.
    words(request) {
      words = request;
      if (worker) worker.postMessage(request);
    },
    // draw asks the worker for a chart (request id id, a runner draw
    // request); listenDrawn names the function that hears the drawings.
    draw(id, request) {
      drawing.set(id, request);
      if (!worker) start();
      else worker.postMessage(request);
    },
    listenDrawn(fn) {
      drawnListener = fn;
    },
    // listen names the one function that hears every reply from now on.
    listen(fn) {
      listener = fn;
      for (const m of early.splice(0)) fn(m);
    },
    // spawn starts another engine worker, for a sweep's runs (one worker
    // per core, app/sweep_workers.go): onreply hears its replies, as
    // listen's function does the main worker's. It returns the worker's
    // post and terminate.
    spawn(onreply) {
      const w = new Worker(url);
      w.onmessage = (e) => onreply(e.data);
      w.onerror = (e) => {
        e.preventDefault();
        onreply(JSON.stringify({ kind: "crash", error: e.message || "the engine's worker failed" }));
      };
      return { post: (m) => w.postMessage(m), terminate: () => w.terminate() };
    },
    // restart throws the worker away (a crash, or a run cancelled: its
    // memory goes with it) and starts a fresh one.
    restart() {
      if (worker) worker.terminate();
      start();
    },
  };
  // A page that goes away normally (a reload, another address) did not
  // crash: the run it had in flight must not count as one next time.
  window.addEventListener("pagehide", () => sessionStorage.removeItem("partitionlab.in-flight"));

  // A page that must run at once (another page, or a link to another
  // scenario) starts the worker now: engine.wasm downloads and compiles
  // beside app.wasm. A page that came with its result needs the engine
  // only at the first change, or for a chart the app asks it to draw
  // (which starts it): it waits until the app has mounted. On a slow
  // connection engine.wasm would only slow app.wasm down; on two cores,
  // compiling it took the processor from the app's start (eight rounds of
  // ten cold loads alternated, 2026-12-07: the app mounted after 1,157 ms
  // at the median instead of 1,279 ms, three rounds of the eight slower;
  // docs/performance.md).
  if (!carrier || linked || typeof PerformanceObserver === "undefined") {
    start();
    return;
  }
  const mounted = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.name === "partitionlab-mounted")) {
      mounted.disconnect();
      if (!worker) start();
    }
  });
  mounted.observe({ type: "mark", buffered: true });
})();
