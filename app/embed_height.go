package app

import (
	"math"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/embedlink"
)

// embedHeight tells the page that frames the embed how tall it is, each
// time that changes, so the page can size its iframe: one message of a
// fixed shape, {"type": embedlink.HeightMessage, "height": N}, posted to
// any origin (a height is no secret). The embed listens to no message: a
// framing page cannot drive it.
type embedHeight struct {
	observer app.Value
	callback app.Func
	last     int
}

// start watches the embed's size, when the embed is framed.
func (h *embedHeight) start(ctx app.Context) {
	w := app.Window()
	if !w.Get("parent").Truthy() || w.Get("parent").Equal(w.JSValue()) || !w.Get("ResizeObserver").Truthy() {
		return
	}
	h.callback = app.FuncOf(func(app.Value, []app.Value) any {
		h.report()
		return nil
	})
	h.observer = w.Get("ResizeObserver").New(h.callback)
	ctx.Defer(func(app.Context) {
		if el := w.GetElementByID("embed"); el.Truthy() {
			h.observer.Call("observe", el)
		}
		h.report()
	})
}

// report posts the height if it changed.
func (h *embedHeight) report() {
	w := app.Window()
	el := w.GetElementByID("embed")
	if !el.Truthy() {
		return
	}
	// The embed's bottom edge in the document, with the body's margin below.
	bottom := el.Call("getBoundingClientRect").Get("bottom").Float() + w.Get("scrollY").Float()
	n := int(math.Ceil(bottom)) + 8
	if n == h.last {
		return
	}
	h.last = n
	w.Get("parent").Call("postMessage", map[string]any{"type": embedlink.HeightMessage, "height": n}, "*")
}

// stop stops watching.
func (h *embedHeight) stop() {
	if h.observer != nil {
		h.observer.Call("disconnect")
		h.observer = nil
	}
	if h.callback != nil {
		h.callback.Release()
		h.callback = nil
	}
}
