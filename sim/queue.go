package sim

import "partitionlab/sim/internal/ring"

// queue is a FIFO in a ring whose length is a power of two, from one item,
// and at most four times what it holds once longer than eight: a queue that
// stays long keeps none of the items already taken (a slice popped from its
// front kept them until it was half dead, over a thousand records a key
// behind a per-key queue), and one that empties gives its memory back.
type queue[T any] struct {
	ring       []T
	head, tail int64 // the oldest item held and one past the newest, by position
}

// recordQueue is a per-key queue's waiting records.
type recordQueue = queue[record]

// queueMin is the length below which a queue's ring is not shortened.
const queueMin = 8

func (q *queue[T]) len() int { return int(q.tail - q.head) }

func (q *queue[T]) at(i int64) *T { return &q.ring[i&int64(len(q.ring)-1)] }

func (q *queue[T]) push(v T) {
	if q.len() == len(q.ring) {
		q.grow()
	}
	*q.at(q.tail) = v
	q.tail++
}

// grow makes room for one more item (out of line: push is inlined).
//
//go:noinline
func (q *queue[T]) grow() {
	if q.ring == nil {
		q.ring = make([]T, 1) // most per-key queues never hold more
		return
	}
	q.ring = ring.Grow(q.ring, q.head, q.tail)
}

func (q *queue[T]) pop() T {
	v := *q.at(q.head)
	q.head++
	if n := len(q.ring); n > queueMin && 4*q.len() < n {
		q.fit()
	}
	return v
}

// fit halves the ring, as often as needed, while it holds under a quarter
// of its length.
func (q *queue[T]) fit() {
	n := len(q.ring)
	for n > queueMin && 4*q.len() < n {
		n /= 2
	}
	if n < len(q.ring) {
		q.ring = ring.Resize(q.ring, q.head, q.tail, n)
	}
}

// filter keeps, in order, the items for which keep returns true.
func (q *queue[T]) filter(keep func(*T) bool) {
	n := q.head
	for i := q.head; i < q.tail; i++ {
		if v := q.at(i); keep(v) {
			*q.at(n) = *v
			n++
		}
	}
	q.tail = n
	q.fit()
}
