package ordering

import (
	"testing"

	"partitionlab/sim/scenario"
)

// TestDetachedRingLetsGoOfOtherPartitionsOrders: a detached partition's
// ring starts at the run's next order, which may be another partition's.
// No event of that order completes in the ring, and the ring once waited
// for it forever: it grew by every order sent since, whoever's it was, and
// a backlog on twelve partitions, each detached, held 500 MB of them. The
// ring must hold only the orders in flight.
func TestDetachedRingLetsGoOfOtherPartitionsOrders(t *testing.T) {
	r := detachedRun(t, false)
	if held := r.end - r.oldest; held > 1 {
		t.Errorf("the ring holds %d orders (%d slots) with none in flight", held, len(r.slots))
	}
	if len(r.slots) > 256 {
		t.Errorf("the ring grew to %d slots for one order in flight at a time", len(r.slots))
	}
}

// TestSparseRingLetsGoOfDoneOrders: a partition among many (spilled) keeps
// its orders' states by order id, since its orders are a sliver of the
// run's; those whose events are all sent and processed must go.
func TestSparseRingLetsGoOfDoneOrders(t *testing.T) {
	r := detachedRun(t, true)
	if len(r.sparse) > 128 {
		t.Errorf("the sparse ring holds %d orders with none in flight", len(r.sparse))
	}
}

// detachedRun detaches partition 1 (sparse or not), sends partition 0's
// first order, then sends and completes 100,000 orders of partition 1 one
// after the other, and returns partition 1's ring.
func detachedRun(t *testing.T, sparse bool) *orderRing {
	t.Helper()
	sc := scenario.DefaultScenario()
	c := NewChecker(sc, 0, func(a, b uint8) bool { return true })
	events := len(sc.Workload.EventsPerOrder)
	send := func(order int64, p int32, detached bool) int64 {
		var g int64
		var d *Entry
		if detached {
			g, d = c.ReserveIn(order, p)
		} else {
			g, d = c.Reserve(order)
		}
		d.Customer, d.Partition = int32(p), p
		c.Sent(g, d)
		return g
	}
	if sparse {
		c.DetachSparse(1)
	} else {
		c.Detach(1)
	}
	send(1, 0, false) // partition 1's ring's first order: partition 0's, never there
	var at int64
	for order := int64(2); order < 100_000; order++ {
		for range events {
			g := send(order, 1, true)
			at++
			c.Completed(g, c.Entry(g), Completion{At: at})
		}
	}
	return c.split[1]
}
