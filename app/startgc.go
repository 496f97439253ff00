package app

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// A page's first mount allocates a few megabytes (a Korean page's words,
// the pre-rendered result, the editor's fields): on a Korean page that
// crossed the runtime's first collection threshold (4 MB), and one
// collection, with the finalizers of the JavaScript values it frees, made
// the first mount about 160 ms later on loopback (BenchmarkColdLoadKorean,
// two rounds of ten loads). The browser's mains hold the collector off
// until the page has mounted (the heap is then 3.3 MB in English, 4.4 MB
// in Korean), and collect once when the page is next idle. A soft memory
// limit and a deadline keep the hold bounded: a start that allocated more
// would collect as usual from startHeapLimit on, and a page that never
// mounts a component of ours (go-app's page for an unknown address) gets
// the collector back after holdAtMost.

const (
	// startHeapLimit is the soft memory limit while the collector is held.
	startHeapLimit = 64 << 20
	// holdAtMost is how long the collector is held if no page mounts.
	holdAtMost = 10 * time.Second
)

// held is set while the collector is held.
var held atomic.Bool

// HoldCollectionUntilMounted turns the garbage collector off, under
// startHeapLimit, until a page has mounted (collectWhenIdle) or for
// holdAtMost. The browser's mains call it first.
func HoldCollectionUntilMounted() {
	debug.SetMemoryLimit(startHeapLimit)
	debug.SetGCPercent(-1)
	held.Store(true)
	time.AfterFunc(holdAtMost, func() {
		if held.CompareAndSwap(true, false) {
			collectAgain()
		}
	})
}

// collectWhenIdle ends the hold once a page has mounted: when the browser
// is next idle (within a second), the collector gets its defaults back and
// collects once, so that the collection the start put off does not fall
// on the reader's first key or click. Later mounts find nothing held.
func collectWhenIdle() {
	if !held.CompareAndSwap(true, false) {
		return
	}
	if !app.IsClient {
		collectAgain()
		return
	}
	var idle app.Func
	idle = app.FuncOf(func(app.Value, []app.Value) any {
		idle.Release()
		go func() {
			collectAgain()
			runtime.GC()
		}()
		return nil
	})
	if w := app.Window(); w.Get("requestIdleCallback").Truthy() {
		w.Call("requestIdleCallback", idle, map[string]any{"timeout": 1000})
	} else {
		w.Call("setTimeout", idle, 100)
	}
}

// collectAgain gives the collector back its defaults (GOGC=100, no memory
// limit).
func collectAgain() {
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}
