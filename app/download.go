package app

import (
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/changes"
	"partitionlab/app/chart"
	"partitionlab/app/i18n"
)

// Browser-side helpers for downloads, the clipboard and the run's slices.
// They run only in the browser.

// yieldToBrowser calls fn in a task of its own, queued through a
// MessageChannel: the browser handles input and draws a frame if one is due
// before it, and unlike a timer (which browsers hold back to 4 ms once
// nested) it costs no wait. It reports false where there is no
// MessageChannel.
func yieldToBrowser(fn func()) bool {
	mc := app.Window().Get("MessageChannel")
	if !mc.Truthy() {
		return false
	}
	ch := mc.New()
	var onMessage app.Func
	onMessage = app.FuncOf(func(app.Value, []app.Value) any {
		onMessage.Release()
		fn()
		return nil
	})
	ch.Get("port1").Set("onmessage", onMessage)
	ch.Get("port2").Call("postMessage", 0)
	return true
}

// download saves data as a file: a Blob behind a temporary link.
func download(name, mime string, data []byte) {
	w := app.Window()
	bytes := w.Get("Uint8Array").New(len(data))
	app.CopyBytesToJS(bytes, data)
	parts := w.Get("Array").New()
	parts.Call("push", bytes)
	blob := w.Get("Blob").New(parts, map[string]any{"type": mime})
	saveBlob(name, blob)
}

func saveBlob(name string, blob app.Value) {
	w := app.Window()
	url := w.Get("URL").Call("createObjectURL", blob)
	doc := w.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The browser has the file once the click is handled; a minute later
	// the URL goes, so memory does not pile up with every download.
	var release app.Func
	release = app.FuncOf(func(app.Value, []app.Value) any {
		w.Get("URL").Call("revokeObjectURL", url)
		release.Release()
		return nil
	})
	w.Call("setTimeout", release, 60000)
}

// downloadPNG draws a chart's SVG onto a canvas at twice its size (sharp
// on high-density screens and in slides) over white, and saves it as PNG.
func downloadPNG(name string, c chart.Chart) {
	w := app.Window()
	img := w.Get("Image").New()
	var onload app.Func
	onload = app.FuncOf(func(app.Value, []app.Value) any {
		defer onload.Release()
		const scale = 2
		canvas := w.Get("document").Call("createElement", "canvas")
		canvas.Set("width", c.Width*scale)
		canvas.Set("height", c.Height*scale)
		g := canvas.Call("getContext", "2d")
		g.Set("fillStyle", "#ffffff")
		g.Call("fillRect", 0, 0, c.Width*scale, c.Height*scale)
		g.Call("drawImage", img, 0, 0, c.Width*scale, c.Height*scale)
		var done app.Func
		done = app.FuncOf(func(_ app.Value, args []app.Value) any {
			defer done.Release()
			if len(args) > 0 && args[0].Truthy() {
				saveBlob(name, args[0])
			}
			return nil
		})
		canvas.Call("toBlob", done, "image/png")
		return nil
	})
	img.Set("onload", onload)
	saveWithHangul(chart.Standalone(c), svgWithHangul, func(svg string) {
		img.Set("src", "data:image/svg+xml;base64,"+base64.StdEncoding.EncodeToString([]byte(svg)))
	})
}

// copyText puts text on the clipboard and calls done with whether the
// browser accepted it, so the page can show the text when it did not.
func copyText(ctx app.Context, text string, done func(ctx app.Context, ok bool)) {
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		done(ctx, false)
		return
	}
	// writeText answers later, and refuses when the page lacks the
	// permission or the focus: only its answer says whether it copied.
	var accepted, refused app.Func
	answer := func(ok bool) app.Func {
		return app.FuncOf(func(app.Value, []app.Value) any {
			accepted.Release()
			refused.Release()
			ctx.Dispatch(func(ctx app.Context) { done(ctx, ok) })
			return nil
		})
	}
	accepted, refused = answer(true), answer(false)
	clip.Call("writeText", text).Call("then", accepted, refused)
}

// fileName turns a scenario name into a safe file name stem. A B made
// from a change is named from ids, its base's stem and the change's id
// ("scale-out-eager-partitions-x2"), not from the English words of its
// scenario's name, so the stem is the same in every language.
func fileName(name, fallback string) string {
	if base, ch, set, ok := changes.Origin(name); ok {
		stem := fileName(base, fallback) + "-" + ch.ID
		if set != "" {
			stem += "-" + fileName(set, "")
		}
		return strings.TrimSuffix(stem, "-")
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '.':
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

// importFileLimit bounds a file of keys or client configuration read into
// the page: a sample of keys one per line is larger than a scenario, but a
// bound keeps a huge file from taking the page's memory.
const importFileLimit = 16 << 20

// fileTooLarge says why a file was not read.
func fileTooLarge(size int) string {
	return tr().T("results.download.fileTooLarge", i18n.S("size", strconv.Itoa(size)), i18n.S("limit", strconv.Itoa(importFileLimit)))
}

// readFile reads the file chosen in a file input and hands its text to fn
// (on the UI goroutine, through ctx). A file larger than limit bytes is not
// read at all: tooLarge gets its size.
func readFile(ctx app.Context, input app.Value, limit int, fn func(ctx app.Context, text string), tooLarge func(size int)) {
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	if size := files.Index(0).Get("size").Int(); size > limit {
		input.Set("value", "") // choosing the same file again fires a change
		tooLarge(size)
		return
	}
	var then app.Func
	then = app.FuncOf(func(_ app.Value, args []app.Value) any {
		defer then.Release()
		text := args[0].String()
		ctx.Dispatch(func(ctx app.Context) { fn(ctx, text) })
		return nil
	})
	files.Index(0).Call("text").Call("then", then)
}
