package ordering

import "partitionlab/sim/internal/ring"

// orderRing holds the states of the orders from the oldest one with an
// event in flight (oldest) to one past the newest one seen (end), indexed
// by order id in a power-of-two ring.
//
// Orders start their events in id order (event 0 of each order is sent in
// arrival order), so an order below end that has no event sent (sent 0)
// never will have in this ring: its events went to a ring of their own
// (a detached partition's, see Detach).
type orderRing struct {
	slots  []orderSlot
	oldest int64
	end    int64
	first  int64 // the oldest order the ring may hold

	// A partition among many (DetachSparse) holds few of the run's orders:
	// their states are kept by order id, each until its events are all sent
	// and processed, instead of in a ring over every order since the oldest.
	sparse  map[int64]*orderSlot
	sweepAt int       // sparse: how many orders it holds before the next sweep
	gone    orderSlot // what an order already let go of reads and writes
}

func newOrderRing(first int64) *orderRing {
	return &orderRing{slots: make([]orderSlot, 256), oldest: first, end: first, first: first}
}

func (r *orderRing) at(order int64) *orderSlot {
	return &r.slots[order&int64(len(r.slots)-1)]
}

// slot is the state of order in a detached partition's ring, dense or
// sparse.
func (r *orderRing) slot(order int64) *orderSlot {
	if r.sparse == nil {
		return r.at(order)
	}
	return r.sparseSlot(order)
}

// sparseSlot is slot in a sparse ring, kept out of line so that the
// checker's calls for the run's main ring stay small.
//
//go:noinline
func (r *orderRing) sparseSlot(order int64) *orderSlot {
	if o := r.sparse[order]; o != nil {
		return o
	}
	r.gone = orderSlot{}
	return &r.gone
}

// sweep lets go of the orders of a sparse ring whose events were all sent
// and processed, once it holds twice as many as after the last sweep (so
// the checker's calls for every event need not look).
func (r *orderRing) sweep(eventsPerOrder int) {
	if len(r.sparse) < r.sweepAt {
		return
	}
	for order, o := range r.sparse {
		if int(o.sent) >= eventsPerOrder && o.ord.head == 0 {
			delete(r.sparse, order)
		}
	}
	r.sweepAt = max(64, 2*len(r.sparse))
}

// reach makes room for the states of orders up to order.
func (r *orderRing) reach(order int64) {
	if r.sparse != nil {
		if r.sparse[order] == nil {
			r.sparse[order] = &orderSlot{}
		}
		return
	}
	for r.end <= order {
		if r.end-r.oldest == int64(len(r.slots)) {
			r.slots = ring.Grow(r.slots, r.oldest, r.end)
		}
		*r.at(r.end) = orderSlot{}
		r.end++
	}
}

// forget lets go of the oldest orders whose events were all sent and
// processed, and of those none of whose events came here.
func (r *orderRing) forget(eventsPerOrder int) {
	for r.oldest < r.end {
		o := r.at(r.oldest)
		if (o.sent != 0 && int(o.sent) < eventsPerOrder) || o.ord.head != 0 {
			break
		}
		r.oldest++
	}
}

// Detach gives partition p's orders from now on a ring of their own: its
// records are sent to the checker later than the others' (when a consumer
// reaches them), and the run's orders must not wait for them. Every event
// of an order must go to one partition (records keyed by one thing each
// order keeps: customer, country, SKU or order id; one routing; a fixed
// partition count); orders already started stay where they are. Where
// customers span partitions, DetachCross follows them.
func (c *Checker) Detach(p int32) { c.detach(p, false) }

func (c *Checker) detach(p int32, sparse bool) {
	for int(p) >= len(c.split) {
		c.split = append(c.split, nil)
	}
	if c.split[p] != nil {
		return
	}
	first := c.orders.end
	if !sparse {
		c.split[p] = newOrderRing(first)
		return
	}
	// One slot, so that at stays valid: Completed reads it before looking.
	c.split[p] = &orderRing{slots: make([]orderSlot, 1), oldest: first, end: first, first: first,
		sparse: map[int64]*orderSlot{}, sweepAt: 64}
}

// DetachSparse is Detach for a partition among many (a spilled one): its
// orders are few among the run's, so their states are kept by order id.
func (c *Checker) DetachSparse(p int32) { c.detach(p, true) }

// ReserveIn is Reserve for an event that a detached partition p's stream
// sends (see Detach).
func (c *Checker) ReserveIn(order int64, p int32) (int64, *Entry) {
	if r := c.split[p]; order >= r.first {
		if r.sparse != nil {
			r.sweep(c.eventsPerOrder)
		} else if r.oldest < r.end && r.at(r.oldest).sent == 0 {
			// The ring's oldest order is another partition's (a ring starts
			// at the run's next order, whoever's it is): no event of it
			// completes here to move oldest on, so this event does.
			r.forget(c.eventsPerOrder)
		}
		r.reach(order)
		return c.reserve(order)
	}
	return c.Reserve(order)
}

// slotOf is the state of an event's order.
func (c *Checker) slotOf(d *Entry) *orderSlot {
	if c.split != nil {
		return c.splitSlotOf(d)
	}
	return c.orders.at(d.Order)
}

// splitSlotOf is slotOf once some partition is detached.
func (c *Checker) splitSlotOf(d *Entry) *orderSlot {
	if int(d.Partition) < len(c.split) {
		if r := c.split[d.Partition]; r != nil && d.Order >= r.first {
			return r.slot(d.Order)
		}
	}
	return c.orders.at(d.Order)
}

// ringOf is the ring that holds the order of an event.
func (c *Checker) ringOf(d *Entry) *orderRing {
	if c.split != nil && int(d.Partition) < len(c.split) {
		if r := c.split[d.Partition]; r != nil && d.Order >= r.first {
			return r
		}
	}
	return &c.orders
}
