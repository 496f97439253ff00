package sim

import "math"

// never is the time of an actor with nothing to do until someone wakes it.
const never = math.MaxInt64

// schedule is an indexed min-heap of actors by (time, actor id). Every actor
// stays in the heap; one with nothing to do sits at never. Changing an
// actor's time is a sift up or down, usually a step or two. Entries carry
// their time so comparisons stay in one cache line.
type schedule struct {
	heap []slot
	pos  []int32 // actor id -> index in heap
}

type slot struct {
	at int64
	id int32
}

func newSchedule(actors int) *schedule {
	s := &schedule{heap: make([]slot, actors), pos: make([]int32, actors)}
	for i := range actors {
		s.heap[i], s.pos[i] = slot{never, int32(i)}, int32(i)
	}
	return s
}

// next is the actor due first and its time.
func (s *schedule) next() (int32, int64) { return s.heap[0].id, s.heap[0].at }

// when is an actor's time.
func (s *schedule) when(id int32) int64 { return s.heap[s.pos[id]].at }

func (s *schedule) set(id int32, t int64) {
	i := int(s.pos[id])
	old := s.heap[i].at
	s.heap[i].at = t
	if t < old {
		s.up(i)
	} else if t > old {
		s.down(i)
	}
}

func before(a, b slot) bool { return a.at < b.at || (a.at == b.at && a.id < b.id) }

func (s *schedule) up(i int) {
	e := s.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !before(e, s.heap[p]) {
			break
		}
		s.heap[i] = s.heap[p]
		s.pos[s.heap[i].id] = int32(i)
		i = p
	}
	s.heap[i] = e
	s.pos[e.id] = int32(i)
}

func (s *schedule) down(i int) {
	e := s.heap[i]
	n := len(s.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && before(s.heap[r], s.heap[c]) {
			c = r
		}
		if !before(s.heap[c], e) {
			break
		}
		s.heap[i] = s.heap[c]
		s.pos[s.heap[i].id] = int32(i)
		i = c
	}
	s.heap[i] = e
	s.pos[e.id] = int32(i)
}
