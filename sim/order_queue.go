package sim

import "partitionlab/sim/internal/ring"

// orderQueue holds the orders whose events are not all sent yet, with one
// cursor per event type: event j of an order is due at its arrival + j ×
// event_gap, so each cursor's events are due in order, and the next event
// to send is the earliest of the cursors' next ones.
type orderQueue struct {
	ring   []order
	base   int64 // oldest order with an unsent event
	end    int64
	cursor []int64 // per event index: the next order to send it for
	dueAt  []int64 // per event index: when its cursor's event is due; never at the end
	gap    int64
}

func newOrderQueue(events int, gap int64) *orderQueue {
	q := &orderQueue{ring: make([]order, 64), cursor: make([]int64, events), dueAt: make([]int64, events), gap: gap}
	for e := range q.dueAt {
		q.dueAt[e] = never
	}
	return q
}

func (q *orderQueue) at(i int64) *order { return &q.ring[i&int64(len(q.ring)-1)] }

func (q *orderQueue) push(o order) {
	if q.end-q.base == int64(len(q.ring)) {
		q.ring = ring.Grow(q.ring, q.base, q.end)
	}
	*q.at(q.end) = o
	for e, c := range q.cursor {
		if c == q.end {
			q.dueAt[e] = o.arrival + int64(e)*q.gap
		}
	}
	q.end++
}

// due is the next event to send: its event index and when it is due. Ties
// go to the lower event index, so with no gap an order's events keep their
// order.
func (q *orderQueue) due() (j int, t int64) {
	t = never
	for e, et := range q.dueAt {
		if et < t {
			j, t = e, et
		}
	}
	return j, t
}

// take moves cursor j past its order and returns that order.
func (q *orderQueue) take(j int) *order {
	c := q.cursor[j]
	o := q.at(c)
	c++
	q.cursor[j] = c
	if c < q.end {
		q.dueAt[j] = q.at(c).arrival + int64(j)*q.gap
	} else {
		q.dueAt[j] = never
	}
	if j == len(q.cursor)-1 {
		// The last event's cursor is the slowest: the orders before it
		// have sent everything.
		q.base = c
	}
	return o
}

// clone is a copy that shares nothing with q.
func (q *orderQueue) clone() *orderQueue {
	c := *q
	c.ring = append([]order(nil), q.ring...)
	c.cursor = append([]int64(nil), q.cursor...)
	c.dueAt = append([]int64(nil), q.dueAt...)
	return &c
}
