package app

import (
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The Performance API marks of a run's way from an edit to its result on
// screen, in order: the browser benchmark (e2e BenchmarkSimulateUpdate)
// reads them to say where the time goes. Each names the latest run only.
const (
	markEdited   = "partitionlab-run-edited"   // the edit reached the page
	markPosted   = "partitionlab-run-posted"   // the request went to the worker
	markReceived = "partitionlab-run-received" // the worker's engine had it
	markResult   = "partitionlab-run-result"   // the worker had the result
	markHeard    = "partitionlab-run-heard"    // the page's thread had the reply
	markDecoded  = "partitionlab-run-decoded"  // the page had read it
	markDrawn    = "partitionlab-run-drawn"    // the result view was built
	markRender   = "partitionlab-run-render"   // the page's Render began (each time)
	markRendered = "partitionlab-run-rendered" // the page's DOM showed it
)

// perfMark sets a mark now, or at epochMs (milliseconds since the Unix
// epoch, as the worker reports times) when it is not zero.
func perfMark(name string, epochMs float64) { perfMarkDetail(name, epochMs, nil) }

// perfMarkDetail is perfMark with the mark's detail (figures that go with
// it, for the benchmark), when not nil. A plain mark is one call: marks
// sit on the way from an edit to its result, which they must not slow.
func perfMarkDetail(name string, epochMs float64, detail map[string]any) {
	perf := performance()
	if !perf.Truthy() {
		return
	}
	if epochMs == 0 && detail == nil {
		perf.Call("mark", name)
		return
	}
	opts := map[string]any{}
	if detail != nil {
		opts["detail"] = detail
	}
	if epochMs != 0 {
		at := epochMs - perf.Get("timeOrigin").Float()
		if at < 0 {
			return
		}
		opts["startTime"] = at
	}
	perf.Call("mark", name, opts)
}

// performance is the page's Performance API object (undefined where there
// is none).
var performance = sync.OnceValue(func() app.Value { return app.Window().Get("performance") })

// clearRunMarks drops the marks of the run before (not markEdited, which
// comes before the run starts).
func clearRunMarks() {
	perf := performance()
	if !perf.Truthy() {
		return
	}
	for _, n := range []string{markPosted, markReceived, markResult, markHeard, markDecoded, markDrawn, markRender, markRendered} {
		perf.Call("clearMarks", n)
	}
}

// afterPaint runs fn on the UI goroutine once the browser has painted the
// page as it is now: a requestAnimationFrame callback runs just before
// the paint, and a task it queues right after it. Work that need not be
// on the first frame (the address, the browser's storage) goes there.
func afterPaint(ctx app.Context, fn func(ctx app.Context)) {
	w := app.Window()
	if !w.Get("requestAnimationFrame").Truthy() {
		ctx.Defer(fn)
		return
	}
	var after, frame app.Func
	after = app.FuncOf(func(app.Value, []app.Value) any {
		after.Release()
		ctx.Dispatch(fn)
		return nil
	})
	frame = app.FuncOf(func(app.Value, []app.Value) any {
		frame.Release()
		w.Call("setTimeout", after, 0)
		return nil
	})
	w.Call("requestAnimationFrame", frame)
}
