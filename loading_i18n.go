//go:build !wasm

package main

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
// picked before, the browser's). The labels are the catalog's: the file is
// written from it (go test -run TestLoadingScript -update-loading), and a test
// keeps the two the same. (An inline script would be refused by the
// page's Content-Security-Policy.)
func loadingScript() string {
	labels := map[string]map[string]string{}
	for _, l := range i18n.Langs() {
		if l != i18n.English {
			c := i18n.For(l)
			labels[string(l)] = map[string]string{"progress": c.T(loadingID(false)), "plain": c.T(loadingID(true))}
		}
	}
	table, _ := json.MarshalIndent(labels, "  ", "  ") // maps of strings always marshal
	return `// Written by loading_i18n.go from the catalog (app/i18n/messages/*/leftovers.json,
// site.loading*): go test -run TestLoadingScript -update-loading. Do not edit.
"use strict";

(() => {
  const labels = ` + string(table) + `;
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
`
}
