// Written by internal/site/loading_i18n.go from the catalog (app/i18n/messages/*/leftovers.json,
// site.*, and core.json's header): go test ./internal/site -run TestLoadingScript -update-loading. Do not edit.
"use strict";

(() => {
  const labels = {
    "es": {
      "lang.label": "Idioma",
      "nav.compare": "Comparar",
      "nav.keys": "Clave → partición",
      "nav.label": "Páginas",
      "nav.learn": "Aprender",
      "nav.simplified": "Qué se simplifica",
      "nav.simulate": "Simular",
      "plain": "Cargando la app…: la página responde en cuanto termine de cargar.",
      "progress": "Cargando la app… {progress} %: la página responde en cuanto termine de cargar.",
      "site.title": "Partition Lab: el particionado de Kafka, exacto",
      "skip.content": "Saltar al contenido",
      "tag": "es"
    },
    "fr": {
      "lang.label": "Langue",
      "nav.compare": "Comparer",
      "nav.keys": "Clé → partition",
      "nav.label": "Pages",
      "nav.learn": "Apprendre",
      "nav.simplified": "Ce qui est simplifié",
      "nav.simulate": "Simuler",
      "plain": "Chargement de l’app… : la page répond dès qu’elle est chargée.",
      "progress": "Chargement de l’app… {progress} % : la page répond dès qu’elle est chargée.",
      "site.title": "Partition Lab : le partitionnement de Kafka, exactement",
      "skip.content": "Aller au contenu",
      "tag": "fr"
    },
    "ko": {
      "lang.label": "언어",
      "nav.compare": "비교",
      "nav.keys": "Key → partition",
      "nav.label": "페이지",
      "nav.learn": "학습",
      "nav.simplified": "단순화한 부분",
      "nav.simulate": "시뮬레이션",
      "plain": "앱을 불러오는 중입니다…: 다 불러오면 페이지가 응답합니다.",
      "progress": "앱을 불러오는 중입니다… {progress}%: 다 불러오면 페이지가 응답합니다.",
      "site.title": "Partition Lab: Kafka 파티셔닝을 정확하게",
      "skip.content": "본문으로 건너뛰기",
      "tag": "ko"
    },
    "pt": {
      "lang.label": "Idioma",
      "nav.compare": "Comparar",
      "nav.keys": "Key → partição",
      "nav.label": "Páginas",
      "nav.learn": "Aprender",
      "nav.simplified": "O que é simplificado",
      "nav.simulate": "Simular",
      "plain": "Carregando o app…: a página responde assim que terminar de carregar.",
      "progress": "Carregando o app… {progress}%: a página responde assim que terminar de carregar.",
      "site.title": "Partition Lab: o particionamento do Kafka, exato",
      "skip.content": "Pular para o conteúdo",
      "tag": "pt-BR"
    }
  };
  const englishTitle = "Partition Lab: Kafka partitioning, exactly";
  const pick = (c) => { c = String(c || "").toLowerCase().split("-")[0]; return c === "en" || labels[c] ? c : ""; };
  // The words of the page's language (app/langbundle), fetched now, while
  // app.wasm downloads: app.wasm holds English's only. The language is
  // found in the app's order (app/locale.go); the app takes this answer
  // when it finds the same language, and fetches its own otherwise.
  const stored = () => { try { return pick(JSON.parse(localStorage.getItem("partitionlab.lang"))); } catch (e) { return ""; } };
  const linked = pick(new URLSearchParams(location.search).get("lang")); // the address's own
  const pageLang = linked ||
    location.pathname.split("/").map(pick).find((c) => labels[c]) || stored() ||
    (navigator.languages || [navigator.language]).map(pick).find((c) => c) || "en";
  if (labels[pageLang] && document.currentScript) {
    const url = new URL("lang/" + pageLang + ".json", document.currentScript.src);
    const bytes = fetch(url).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(url + ": HTTP " + r.status))));
    const early = { lang: pageLang, bytes, ready: null };
    // Kept as it arrives, usually long before app.wasm: the app reads it
    // at once instead of waiting for the promise.
    bytes.then((b) => { early.ready = b; }, () => {}); // the app reports a failure
    window.partitionlabLang = early;
  }
  // A page under its language's path (/ko/keys on a static host) is drawn
  // in that language already, whatever was picked before.
  if (location.pathname.split("/").some((seg) => labels[seg])) return;
  // Otherwise the page's language as found above (English needs nothing).
  const l = pageLang;
  if (!labels[l]) return;
  const w = labels[l];
  const fix = (el) => {
    const m = /(\d+)\s*%/.exec(el.textContent);
    const text = m ? w.progress.replace("{progress}", m[1]) : w.plain;
    if (el.textContent !== text) el.textContent = text;
  };
  // A page drawn in English (see loading_i18n.go): its frame in the
  // language until the app, which draws everything in it, replaces it.
  const frame = () => {
    const root = document.documentElement;
    if (root.lang === w.tag || document.querySelector("[data-app-mounted]")) return;
    root.lang = w.tag;
    if (document.title === englishTitle) document.title = w["site.title"];
    const text = (el, s) => { if (el && s) el.textContent = s; };
    for (const id of ["simulate", "compare", "learn", "keys", "simplified"]) text(document.getElementById("nav-" + id), w["nav." + id]);
    text(document.getElementById("skip-main"), w["skip.content"]);
    const nav = document.querySelector(".topbar nav");
    if (nav) nav.setAttribute("aria-label", w["nav.label"]);
    const picker = document.getElementById("lang-picker");
    if (picker) {
      picker.dataset.lang = l;
      picker.setAttribute("aria-label", w["lang.label"]);
      const mine = picker.querySelector('a[data-lang="' + l + '"]'), now = picker.querySelector(".lang-now");
      for (const a of picker.querySelectorAll("a[data-lang]")) { if (a === mine) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current"); }
      if (mine && now) { now.textContent = mine.textContent; now.lang = w.tag; }
      if (mine) picker.querySelector("summary").setAttribute("aria-label", w["lang.label"] + ": " + mine.textContent);
    }
    if (!linked) return; // the app finds a remembered or browser's language again
    for (const a of document.querySelectorAll(".topbar a[href], .footer a[href]")) {
      if (a.closest("#lang-menu")) continue; // each names its own language
      const u = new URL(a.href, location.href);
      if (u.origin !== location.origin || a.getAttribute("href").startsWith("#")) continue;
      u.searchParams.set("lang", l);
      a.setAttribute("href", u.pathname + u.search + u.hash);
    }
  };
  const watch = () => {
    frame();
    const el = document.getElementById("app-wasm-loader-label");
    if (!el) return;
    fix(el);
    new MutationObserver(() => fix(el)).observe(el, { childList: true, characterData: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
