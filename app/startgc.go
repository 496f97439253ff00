package app

import (
	"math"
	"runtime/debug"
)

// A page's first mount allocates a few megabytes (a Korean page's words,
// the pre-rendered result, the editor's fields): on a Korean page that
// crossed the runtime's first collection threshold (4 MB), and one
// collection, with the finalizers of the JavaScript values it frees, made
// the first mount about 160 ms later on loopback (BenchmarkColdLoadKorean,
// two rounds of ten loads). The browser's mains hold the collector off
// until the page has mounted; the heap is then about 5 MB. A soft memory
// limit keeps the hold bounded: a start that allocated more would collect
// as usual from startHeapLimit on.

// startHeapLimit is the soft memory limit while the collector is held.
const startHeapLimit = 64 << 20

// HoldCollectionUntilMounted turns the garbage collector off, under
// startHeapLimit, until the page has mounted (collectAgain). The
// browser's mains call it first.
func HoldCollectionUntilMounted() {
	debug.SetMemoryLimit(startHeapLimit)
	debug.SetGCPercent(-1)
}

// collectAgain gives the collector back its defaults (GOGC=100, no memory
// limit) once a page has mounted. Calling it again does nothing more.
func collectAgain() {
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}
