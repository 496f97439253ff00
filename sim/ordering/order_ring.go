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
}

func newOrderRing(first int64) *orderRing {
	return &orderRing{slots: make([]orderSlot, 256), oldest: first, end: first, first: first}
}

func (r *orderRing) at(order int64) *orderSlot {
	return &r.slots[order&int64(len(r.slots)-1)]
}

// reach makes room for the states of orders up to order.
func (r *orderRing) reach(order int64) {
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
// of an order must go to one partition (records keyed by customer, one
// routing, a fixed partition count); orders already started stay where
// they are.
func (c *Checker) Detach(p int32) {
	for int(p) >= len(c.split) {
		c.split = append(c.split, nil)
	}
	if c.split[p] == nil {
		c.split[p] = newOrderRing(c.orders.end)
	}
}

// ReserveIn is Reserve for an event that a detached partition p's stream
// sends (see Detach).
func (c *Checker) ReserveIn(order int64, p int32) (int64, *Entry) {
	if r := c.split[p]; order >= r.first {
		if r.oldest < r.end && r.at(r.oldest).sent == 0 {
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

// ringOf is the ring that holds the order of an event.
func (c *Checker) ringOf(d *Entry) *orderRing {
	if c.split != nil && int(d.Partition) < len(c.split) {
		if r := c.split[d.Partition]; r != nil && d.Order >= r.first {
			return r
		}
	}
	return &c.orders
}
