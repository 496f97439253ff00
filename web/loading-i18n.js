// Written by loading_i18n.go from the catalog (app/i18n/messages/*/leftovers.json,
// site.loading*): go test -run TestLoadingScript -update-loading. Do not edit.
"use strict";

(() => {
  const labels = {
    "es": {
      "plain": "Cargando la app…: la página responde en cuanto termine de cargar.",
      "progress": "Cargando la app… {progress}%: la página responde en cuanto termine de cargar."
    },
    "fr": {
      "plain": "Chargement de l’app… : la page répond dès qu’elle est chargée.",
      "progress": "Chargement de l’app… {progress} % : la page répond dès qu’elle est chargée."
    },
    "ko": {
      "plain": "앱을 불러오는 중입니다…: 다 불러오면 페이지가 응답합니다.",
      "progress": "앱을 불러오는 중입니다… {progress}%: 다 불러오면 페이지가 응답합니다."
    },
    "pt": {
      "plain": "Carregando o app…: a página responde assim que terminar de carregar.",
      "progress": "Carregando o app… {progress}%: a página responde assim que terminar de carregar."
    }
  };
  const pick = (c) => { c = String(c || "").toLowerCase().split("-")[0]; return c === "en" || labels[c] ? c : ""; };
  let l = pick(new URLSearchParams(location.search).get("lang"));
  if (!l) { try { l = pick(JSON.parse(localStorage.getItem("partitionlab.lang"))); } catch (e) { l = ""; } }
  for (const c of navigator.languages || [navigator.language]) { if (!l) l = pick(c); }
  if (!labels[l]) return;
  const fix = (el) => {
    const m = /(\d+)\s*%/.exec(el.textContent);
    const text = m ? labels[l].progress.replace("{progress}", m[1]) : labels[l].plain;
    if (el.textContent !== text) el.textContent = text;
  };
  const watch = () => {
    const el = document.getElementById("app-wasm-loader-label");
    if (!el) return;
    fix(el);
    new MutationObserver(() => fix(el)).observe(el, { childList: true, characterData: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
