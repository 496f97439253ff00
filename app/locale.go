package app

import (
	"encoding/json"
	"net/url"
	"sync"
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// langParam is the link parameter that carries the language (?lang=pt):
// links between pages, share links and lesson links keep it, so a link
// opens in the language it was copied in.
const langParam = "lang"

// langKey is where the browser's local storage remembers the language a
// person chose in the picker.
const langKey = "partitionlab.lang"

// pageLang is the language the page is shown in: the address's ?lang=,
// else the one chosen before, else the browser's first language the app
// speaks, else English. A page pre-rendered on the server is in the
// language it is rendered in (see PrerenderIn), English by default.
//
// In the browser it is read once and kept (pageLangOnce): tr() asks for it
// hundreds of times a render, and reading the address, the storage and
// the navigator each time cost a few milliseconds a change. A document
// never changes language: the picker opens the page again (a new
// document), and every link the app draws carries the language it is in,
// so an address reached inside the app reads the same.
func pageLang() i18n.Lang {
	if !app.IsClient {
		if l := prerenderLang.Load(); l != nil {
			return *l
		}
		return i18n.English
	}
	return pageLangOnce()
}

var pageLangOnce = sync.OnceValue(readPageLang)

// readPageLang is pageLang read from the browser.
func readPageLang() i18n.Lang {
	if l, ok := i18n.Parse(addressQuery().Get(langParam)); ok {
		return l
	}
	if v := app.Window().Get("localStorage").Call("getItem", langKey); v.Truthy() {
		var code string
		if json.Unmarshal([]byte(v.String()), &code) == nil {
			if l, ok := i18n.Parse(code); ok {
				return l
			}
		}
	}
	nav := app.Window().Get("navigator")
	if langs := nav.Get("languages"); langs.Truthy() {
		for i := 0; i < langs.Length(); i++ {
			if l, ok := i18n.Parse(langs.Index(i).String()); ok {
				return l
			}
		}
	}
	if l, ok := i18n.Parse(nav.Get("language").String()); ok {
		return l
	}
	return i18n.English
}

// prerenderLang is the language of the page being pre-rendered on the
// server (nil: English), and prerendering lets one page be rendered at a
// time, since every component reads the language from pageLang.
var (
	prerendering  sync.Mutex
	prerenderLang atomic.Pointer[i18n.Lang]
)

// PrerenderIn runs render, which pre-renders a page on the server
// (go-app's handler serving it), with the page in language l: its words,
// its links (?lang=), and the Simulate page's results and their charts.
// Pages are rendered one at a time; the server keeps each (see
// internal/site/pages.go), so this happens once per page and language.
func PrerenderIn(l i18n.Lang, render func()) {
	prerendering.Lock()
	defer prerendering.Unlock()
	prerenderLang.Store(&l)
	defer prerenderLang.Store(nil)
	render()
}

// tr is the catalog of the page's language.
func tr() *i18n.Catalog { return i18n.For(pageLang()) }

// withLang is the address link with l in its query: English, the
// default, is left out, so English links stay as they always were.
func withLang(link string, l i18n.Lang) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	q := u.Query()
	if l == i18n.English {
		if !q.Has(langParam) {
			return link
		}
		q.Del(langParam)
	} else {
		q.Set(langParam, string(l))
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// langQuery is the part of the current address's query that carries the
// language, for a page that rewrites its address (see simulatePage.writeURL).
func langQuery() string {
	if l := pageLang(); l != i18n.English {
		return url.Values{langParam: {string(l)}}.Encode()
	}
	return ""
}

// rememberLinkLang keeps the language of a link opened with ?lang= as if
// it had been picked: a page that rewrites its address without the
// parameter (Compare) then stays in it.
func rememberLinkLang(ctx app.Context) {
	if l, ok := i18n.Parse(app.Window().URL().Query().Get(langParam)); ok {
		ctx.LocalStorage().Set(langKey, string(l))
	}
}

// setHTMLLang puts the page's language on <html lang>, so screen readers
// pronounce it and the browser picks fonts for it.
func setHTMLLang() {
	app.Window().Get("document").Get("documentElement").Call("setAttribute", "lang", pageLang().Tag())
}
