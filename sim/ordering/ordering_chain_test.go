package ordering

import (
	"testing"

	"partitionlab/sim/scenario"
)

// TestFarLinksAreKept: an event's link to the next event of its key is kept
// in 32 bits; a key whose next event comes more than 2^32 events later (which
// no run within the work budget sends) must still be followed, not wrapped
// around to an unrelated event.
func TestFarLinksAreKept(t *testing.T) {
	c := NewChecker(scenario.DefaultScenario(), 0, func(a, b uint8) bool { return true })
	g, _ := c.Reserve(1)
	for _, h := range []int64{g + 1, g + farLink - 1, g + farLink, g + 1<<33 + 5} {
		c.setNext(g, ScopeCustomer, h)
		if got := c.nextOf(g, c.Entry(g), ScopeCustomer); got != h {
			t.Errorf("linked %d after %d, read back %d", h, g, got)
		}
		if got := c.nextOf(g, c.Entry(g), ScopeOrder); got != 0 {
			t.Errorf("the order scope reads %d after %d, linked nothing", got, g)
		}
	}
}
