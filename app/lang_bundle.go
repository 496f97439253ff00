package app

import (
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/langbundle"
)

// The browser's modules hold English's words only (app/langbundle): a page
// in another language installs its language's bundle before it draws.
// web/loading-i18n.js starts the bundle's download as the page loads, while
// app.wasm downloads, and leaves the answer in window.partitionlabLang
// ({lang, bytes, ready}: a promise of the bundle's ArrayBuffer, and the
// buffer once it has arrived); the app takes it when it is the bundle of
// the language it finds, and fetches its own otherwise. Bytes, not text: a
// text would be decoded to UTF-16 and encoded back for Go. The service
// worker keeps every language's bundle, so this works offline too.

// The performance marks and measures of LoadPageLanguage.
const (
	langStartMark      = "partitionlab-lang-start"
	langArrivedMark    = "partitionlab-lang-arrived"
	langWaitMeasure    = "partitionlab-lang-wait"
	langInstallMeasure = "partitionlab-lang-install"
)

// langFailure is why the page's language's bundle could not be installed
// (the page then shows English and says so), or nil.
var langFailure error

// LoadPageLanguage installs the bundle of the page's language when the
// module does not hold its words, waiting for it. The browser's main
// calls it before the app draws anything; it must not be called from a
// JavaScript callback, which the wait would block.
func LoadPageLanguage() {
	if !app.IsClient {
		return
	}
	l := pageLang()
	if i18n.Embedded(l) {
		return
	}
	perf := app.Window().Get("performance")
	perf.Call("mark", langStartMark)
	doc, err := awaitBundle(l)
	perf.Call("mark", langArrivedMark)
	if err == nil {
		err = langbundle.Install(l, doc)
	}
	if err == nil {
		pageBundle = doc
	}
	// How long the page waited for its words, and how long installing them
	// took (BenchmarkColdLoadKorean reports both).
	perf.Call("measure", langWaitMeasure, langStartMark, langArrivedMark)
	perf.Call("measure", langInstallMeasure, langArrivedMark)
	if err != nil {
		langFailure = err
		app.Logf("the page's words could not be installed: %v", err)
	}
}

// awaitBundle is l's bundle: the download loading-i18n.js started, or a
// new one from beside web/hangul.css (which keeps the sub-path the site is
// served from).
func awaitBundle(l i18n.Lang) ([]byte, error) {
	var bytes app.Value
	if early := app.Window().Get("partitionlabLang"); early.Truthy() && early.Get("lang").String() == string(l) {
		if ready := early.Get("ready"); ready.Truthy() {
			return copyBytes(ready), nil // arrived already: no wait for the promise
		}
		bytes = early.Get("bytes")
	} else {
		link := app.Window().Get("document").Call("querySelector", `link[href*="hangul.css"]`)
		if !link.Truthy() {
			return nil, errors.New("no address for the language's words: the page has no link to web/hangul.css")
		}
		url := strings.Replace(link.Get("href").String(), "hangul.css", strings.TrimPrefix(langbundle.BundlePath(l), "/web/"), 1)
		bytes = fetchBytes(url)
	}
	type answer struct {
		doc []byte
		err error
	}
	done := make(chan answer, 1)
	var got, failed app.Func
	got = app.FuncOf(func(_ app.Value, args []app.Value) any {
		done <- answer{doc: copyBytes(args[0])}
		return nil
	})
	failed = app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := "the download failed"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		done <- answer{err: errors.New(msg)}
		return nil
	})
	bytes.Call("then", got, failed)
	a := <-done
	got.Release()
	failed.Release()
	return a.doc, a.err
}

// copyBytes is an ArrayBuffer's bytes, copied into Go.
func copyBytes(buf app.Value) []byte {
	view := app.Window().Get("Uint8Array").New(buf)
	doc := make([]byte, view.Length())
	app.CopyBytesToGo(doc, view)
	return doc
}

// fetchBytes is a promise of the ArrayBuffer at url, rejected when the
// answer is not a success.
func fetchBytes(url string) app.Value {
	return app.Window().Get("Promise").Call("resolve", app.Window().Call("fetch", url)).Call("then",
		app.FuncOf(func(_ app.Value, args []app.Value) any {
			r := args[0]
			if !r.Get("ok").Bool() {
				return app.Window().Get("Promise").Call("reject", app.Window().Get("Error").New(url+": HTTP "+strconv.Itoa(r.Get("status").Int())))
			}
			return r.Call("arrayBuffer")
		}))
}

// pageBundle is the page's language's bundle, once installed.
var pageBundle []byte

// wordsPosted says the engine has the page's words.
var wordsPosted bool

// postWords gives the engine's workers the page's catalog, once, before
// the page's first run: the worker draws the result's charts in the
// page's language (runner.KindWords). web/engine.js gives it to every
// worker it starts. An English page has nothing to give: English is
// compiled in.
func postWords(e app.Value) {
	if wordsPosted || pageBundle == nil {
		return
	}
	wordsPosted = true
	req, err := langbundle.WordsRequest(pageLang(), pageBundle)
	if err != nil {
		app.Logf("the engine gets no words: %v", err) // installed, so read: not reached
		return
	}
	e.Call("words", string(req))
}

// langFailureBanner says, in English (the words the page has), that l's
// words could not be loaded, and offers to load the page again.
func langFailureBanner(l i18n.Lang) app.UI {
	c := i18n.For(i18n.English)
	return app.Div().ID("lang-banner").Class("update").Attr("role", "alert").Body(
		app.Text(c.T("lang.failed", i18n.S("lang", l.Name()))+" "),
		app.Button().Type("button").Text(c.T("update.reload")).OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
	)
}
