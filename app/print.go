package app

import (
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// A printed review (or one saved as PDF) shows what folds away on screen:
// the evidence of each violation, the run's details, a lesson's
// expectation. The print rules (web/partitionlab.css, web/learn.css) hide
// the controls; closed <details> cannot be opened by CSS, so they are
// opened before printing and closed again after.

// printOpens selects the closed <details> a print opens. A page may mark
// one of its own with data-print-open.
const printOpens = `main details.evidence:not([open]), main details.run-details:not([open]),
main #learn-expect:not([open]), main details[data-print-open]:not([open])`

// printOpenedAttr marks the <details> a print opened, to close after.
const printOpenedAttr = "data-print-opened"

// listenToPrint opens printOpens before the document prints and closes
// them after, for the document's life. The attribute is set directly on
// the element, not through go-app, which would draw the page again.
var listenToPrint = sync.OnceFunc(func() {
	win := app.Window()
	doc := win.Get("document")
	win.Call("addEventListener", "beforeprint", app.FuncOf(func(app.Value, []app.Value) any {
		list := doc.Call("querySelectorAll", printOpens)
		for i := 0; i < list.Length(); i++ {
			d := list.Index(i)
			d.Call("setAttribute", printOpenedAttr, "")
			d.Set("open", true)
		}
		return nil
	}))
	win.Call("addEventListener", "afterprint", app.FuncOf(func(app.Value, []app.Value) any {
		list := doc.Call("querySelectorAll", "details["+printOpenedAttr+"]")
		for i := 0; i < list.Length(); i++ {
			d := list.Index(i)
			d.Call("removeAttribute", printOpenedAttr)
			d.Set("open", false)
		}
		return nil
	}))
})
