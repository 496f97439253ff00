package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The Hangul faces' files beside web/hangul.css (see hangul_embed.go).
const (
	hangulTextsFile = "NotoSansKR-Hangul.woff2"
	hangulMoreFile  = "NotoSansKR-Hangul-more.woff2"
)

// hangulFonts are the faces' bytes, by file, once fetched (the service
// worker has the files cached, so offline too).
var hangulFonts = map[string][]byte{}

// saveWithHangul saves doc through save, with the Hangul faces it needs
// put in by embed when doc shows Hangul (see svgWithHangul); doc as it is
// when it shows none, or when the faces cannot be had.
func saveWithHangul(doc string, embed func(doc string, f hangulFaces) string, save func(doc string)) {
	if !hasHangul(doc) {
		save(doc)
		return
	}
	files := []string{hangulTextsFile}
	if needsMoreHangul(doc) {
		files = append(files, hangulMoreFile)
	}
	// Both at once; the callbacks run one at a time, on the page's thread.
	got, left := make([][]byte, len(files)), len(files)
	for i, file := range files {
		withHangulFont(file, func(font []byte) {
			got[i] = font
			if left--; left > 0 {
				return
			}
			faces := hangulFaces{texts: got[0]}
			if len(got) > 1 {
				faces.more = got[1]
			}
			save(embed(doc, faces))
		})
	}
}

// withHangulFont calls then with the bytes of the face in file, fetched
// the first time from beside web/hangul.css (so a sub-path the app is
// served from is kept); with nil when it cannot be had.
func withHangulFont(file string, then func(font []byte)) {
	if b := hangulFonts[file]; b != nil {
		then(b)
		return
	}
	link := app.Window().Get("document").Call("querySelector", `link[href*="hangul.css"]`)
	if !link.Truthy() {
		then(nil)
		return
	}
	url := strings.Replace(link.Get("href").String(), "hangul.css", file, 1)
	var answered, read, failed app.Func
	release := func() { answered.Release(); read.Release(); failed.Release() }
	read = app.FuncOf(func(_ app.Value, args []app.Value) any {
		bytes := app.Window().Get("Uint8Array").New(args[0])
		b := make([]byte, bytes.Length())
		app.CopyBytesToGo(b, bytes)
		hangulFonts[file] = b
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
