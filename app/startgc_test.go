package app

import (
	"math"
	"runtime/debug"
	"testing"
)

// Held, the collector is off under a 64 MiB limit; once a page has
// mounted it has its defaults again, and a second mount changes nothing.
func TestCollectionHeldUntilMountThenRestored(t *testing.T) {
	gc, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(gc); debug.SetMemoryLimit(limit) })

	HoldCollectionUntilMounted()
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("held: GOGC %d, want off (-1)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != startHeapLimit {
		t.Errorf("held: memory limit %d, want %d", got, startHeapLimit)
	}
	collectWhenIdle()
	if got := debug.SetGCPercent(50); got != 100 {
		t.Errorf("after mount: GOGC %d, want 100", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("after mount: memory limit %d, want none", got)
	}
	collectWhenIdle() // a later mount: nothing held, nothing changed
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("a second mount set GOGC to %d", got)
	}
}
