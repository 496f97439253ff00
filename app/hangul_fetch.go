package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// hangulFont is the Hangul subset's bytes, once fetched (the service
// worker has the file cached, so offline too).
var hangulFont []byte

// saveWithHangul saves doc through save, with the Hangul font put in by
// embed when doc shows Hangul (see svgWithHangul); doc as it is when it
// shows none, or when the font cannot be had.
func saveWithHangul(doc string, embed func(doc string, font []byte) string, save func(doc string)) {
	if !hasHangul(doc) {
		save(doc)
		return
	}
	withHangulFont(func(font []byte) { save(embed(doc, font)) })
}

// withHangulFont calls then with the font's bytes, fetched the first time
// from beside web/hangul.css (so a sub-path the app is served from is
// kept); with nil when it cannot be had.
func withHangulFont(then func(font []byte)) {
	if hangulFont != nil {
		then(hangulFont)
		return
	}
	link := app.Window().Get("document").Call("querySelector", `link[href*="hangul.css"]`)
	if !link.Truthy() {
		then(nil)
		return
	}
	url := strings.Replace(link.Get("href").String(), "hangul.css", "NotoSansKR-Hangul.woff2", 1)
	var answered, read, failed app.Func
	release := func() { answered.Release(); read.Release(); failed.Release() }
	read = app.FuncOf(func(_ app.Value, args []app.Value) any {
		bytes := app.Window().Get("Uint8Array").New(args[0])
		b := make([]byte, bytes.Length())
		app.CopyBytesToGo(b, bytes)
		hangulFont = b
		release()
		then(b)
		return nil
	})
	answered = app.FuncOf(func(_ app.Value, args []app.Value) any {
		if r := args[0]; r.Get("ok").Bool() {
			r.Call("arrayBuffer").Call("then", read, failed)
			return nil
		}
		release()
		then(nil)
		return nil
	})
	failed = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		then(nil)
		return nil
	})
	app.Window().Call("fetch", url).Call("then", answered, failed)
}
