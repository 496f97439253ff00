package site

import (
	"encoding/json"

	"partitionlab/app/i18n"
)

// loadingLabel is go-app's loading label in English, from the catalog:
// with the download's progress, or without it (a static host's size is
// unknown).
func loadingLabel(static bool) string {
	return loadingLabelIn(i18n.English, static)
}

// loadingLabelIn is the loading label in language l, as a page
// pre-rendered in l shows it before app.js writes the progress.
func loadingLabelIn(l i18n.Lang, static bool) string {
	return i18n.For(l).T(loadingID(static))
}

func loadingID(static bool) string {
	if static {
		return "site.loadingNoProgress"
	}
	return "site.loading"
}

// loadingScriptPath is the script that shows go-app's loading label in
// the page's language (see loadingScript).
const loadingScriptPath = "/web/loading-i18n.js"

// loadingScript is web/loading-i18n.js: while app.wasm downloads, go-app
// writes its one label (English) at every step of the progress, and the
// script writes the page's language's instead, with the same number. The
// language is found as the app finds it (app/locale.go: ?lang=, the one
// picked before, the browser's). A page that arrived in English although
// its language is another (the static site's, the service worker's copy,
// or an address without ?lang=: the server draws a page from its address
// alone) also gets, until the app replaces it, its frame in that language:
// <html lang>, the tab's title, the header's links (which then keep the
// language), the skip link and the language picker. The page's body stays
// English until then. The words are the catalog's: the file is written
// from it (go test ./internal/site -run TestLoadingScript
// -update-loading), and a test keeps the two the same. (An inline script
// would be refused by the page's Content-Security-Policy.)
func loadingScript() string {
	labels := map[string]map[string]string{}
	for _, l := range i18n.Langs() {
		if l != i18n.English {
			c := i18n.For(l)
			words := map[string]string{"progress": c.T(loadingID(false)), "plain": c.T(loadingID(true)), "tag": l.Tag()}
			for _, id := range frameIDs() {
				words[id] = c.T(id)
			}
			labels[string(l)] = words
		}
	}
	table, _ := json.MarshalIndent(labels, "  ", "  ") // maps of strings always marshal
	english, _ := json.Marshal(i18n.For(i18n.English).T("site.title"))
	return `// Written by internal/site/loading_i18n.go from the catalog (app/i18n/messages/*/leftovers.json,
// site.*, and core.json's header): go test ./internal/site -run TestLoadingScript -update-loading. Do not edit.
"use strict";

(() => {
  const labels = ` + string(table) + `;
  const englishTitle = ` + string(english) + `;
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
`
}

// frameIDs are the catalog's words of a page's frame that
// web/loading-i18n.js writes into a page drawn in English.
func frameIDs() []string {
	return []string{"site.title", "nav.label", "nav.simulate", "nav.compare", "nav.learn", "nav.keys", "nav.simplified", "skip.content", "lang.label"}
}
