package app

import (
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// The header's choice of language is a disclosure (<details>) of links,
// not a <select>: a select's options are drawn by the system with the
// system's font, so on a machine without a Korean font 한국어 showed as
// boxes, while links are text of the page and draw from web/hangul.css.
// The links work before the app has loaded (a plain page in that
// language); once it has, a click opens the same full address (the
// scenario in it included) in the language chosen.

// langPickerID is the picker's element (the <details>); langMenuID its list.
const (
	langPickerID = "lang-picker"
	langMenuID   = "lang-menu"
)

// langPicker is the header's choice of language: a summary showing the
// current language, as wide as the longest name in any language so the
// header does not move when the language changes, and a list of links,
// one per language, each in its own language. pagePath is the page's
// address for the links drawn before the app has loaded.
func langPicker(c *i18n.Catalog, pagePath string) app.UI {
	current := c.Lang()
	langs := i18n.Langs()
	prefix := rootPrefix()
	return app.Details().ID(langPickerID).Class("lang-picker").DataSet("lang", string(current)).
		Aria("label", c.T("lang.label")).Body(
		app.Summary().Aria("label", c.T("lang.label")+": "+current.Name()).Body(
			// Hidden (visibility: hidden, which keeps it from screen readers
			// too), it only gives the summary the width of the longest name.
			app.Span().Class("lang-sizer").Body(
				app.Range(sizedLangs).Slice(func(i int) app.UI {
					return app.Span().Lang(sizedLangs[i].Tag()).Text(sizedLangs[i].Name())
				}),
			),
			app.Span().Class("lang-now").Lang(current.Tag()).Text(current.Name()),
		),
		app.Ul().ID(langMenuID).Class("lang-menu").Body(
			app.Range(langs).Slice(func(i int) app.UI {
				l := langs[i]
				a := app.A().Href(withLang(prefix+pagePath, l)).Lang(l.Tag()).Attr("hreflang", l.Tag()).
					DataSet("lang", string(l)).Text(l.Name())
				if l == current {
					a = a.Aria("current", "page") // not "true", which go-app writes as an empty (false) attribute on the server
				}
				return app.Li().Body(a)
			}),
		),
	)
}

// sizedLangs are the names the picker's width is made from: every
// language's but Korean's. 한국어 is three syllables, narrower than any
// other name, and laid out even hidden it made every page fetch the Hangul
// face (162 kB) beside app.wasm on a machine without a Korean font; the
// page now needs it only where Hangul shows (a Korean page, the open
// list). TestHeaderAtEachWidthInEveryLanguage keeps the picker as wide in
// Korean as in English.
var sizedLangs = func() []i18n.Lang {
	var out []i18n.Lang
	for _, l := range i18n.Langs() {
		if l != i18n.Korean {
			out = append(out, l)
		}
	}
	return out
}()

// pagePathOf is the address of the page with id (see pages()), / if none.
func pagePathOf(id string) string {
	for _, p := range pages() {
		if p.id == id {
			return p.path
		}
	}
	return "/"
}

// listenToLangPicker makes the picker's links open the current address in
// their language, and Escape close the picker, for the document's life.
// The listener is the document's own, in the capture phase, because go-app
// turns every link's click into a navigation inside the app, which would
// keep the page's language (a document never changes language: see
// pageLang); a go-app handler runs too late to stop it.
var listenToLangPicker = sync.OnceFunc(func() {
	doc := app.Window().Get("document")
	doc.Call("addEventListener", "click", app.FuncOf(func(_ app.Value, args []app.Value) any {
		e := args[0]
		a := e.Get("target").Call("closest", "#"+langMenuID+" a[data-lang]")
		if !a.Truthy() {
			return nil
		}
		l, ok := i18n.Parse(a.Get("dataset").Get("lang").String())
		if !ok {
			return nil
		}
		e.Call("preventDefault")
		e.Call("stopPropagation")
		pickLang(l)
		return nil
	}), true)
	doc.Call("addEventListener", "keydown", app.FuncOf(func(_ app.Value, args []app.Value) any {
		e := args[0]
		if e.Get("key").String() != "Escape" {
			return nil
		}
		if d := e.Get("target").Call("closest", "#"+langPickerID+"[open]"); d.Truthy() {
			d.Set("open", false)
			d.Call("querySelector", "summary").Call("focus")
		}
		return nil
	}), true)
})

// pickLang remembers l and opens the same address in it. The page
// reloads: every component draws its words once, from the address, so
// none is left in the language before.
func pickLang(l i18n.Lang) {
	app.Window().Get("localStorage").Call("setItem", langKey, `"`+string(l)+`"`)
	app.Window().Get("location").Call("assign", withLang(app.Window().URL().String(), l))
}
