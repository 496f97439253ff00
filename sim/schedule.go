package sim

import "math"

// never is the time of an actor with nothing to do until someone wakes it.
const never = math.MaxInt64

// schedule finds the actor due first, by (time, actor id). Every actor
// stays in it; one with nothing to do sits at never. With few actors (the
// usual case: a dozen consumer threads) a linear scan of a small array beats
// a heap; with many, an indexed binary heap is used.
type schedule struct {
	at    []int64 // actor id -> time
	small bool
	heap  []int32 // actor ids (large schedules only)
	pos   []int32 // actor id -> index in heap
}

const linearScheduleMax = 64

func newSchedule(actors int) *schedule {
	s := &schedule{at: make([]int64, actors), small: actors <= linearScheduleMax}
	for i := range s.at {
		s.at[i] = never
	}
	if !s.small {
		s.heap, s.pos = make([]int32, actors), make([]int32, actors)
		for i := range actors {
			s.heap[i], s.pos[i] = int32(i), int32(i)
		}
	}
	return s
}

// next is the actor due first and its time.
func (s *schedule) next() (int32, int64) {
	if !s.small {
		id := s.heap[0]
		return id, s.at[id]
	}
	best, t := 0, s.at[0]
	for i, a := range s.at[1:] {
		if a < t {
			best, t = i+1, a
		}
	}
	return int32(best), t
}

// when is an actor's time.
func (s *schedule) when(id int32) int64 { return s.at[id] }

func (s *schedule) set(id int32, t int64) {
	if s.small {
		s.at[id] = t
		return
	}
	s.reheap(id, t)
}

// reheap sets an actor's time in a large schedule.
func (s *schedule) reheap(id int32, t int64) {
	old := s.at[id]
	s.at[id] = t
	if t < old {
		s.up(int(s.pos[id]))
	} else if t > old {
		s.down(int(s.pos[id]))
	}
}

func (s *schedule) before(a, b int32) bool {
	return s.at[a] < s.at[b] || (s.at[a] == s.at[b] && a < b)
}

func (s *schedule) up(i int) {
	e := s.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !s.before(e, s.heap[p]) {
			break
		}
		s.heap[i] = s.heap[p]
		s.pos[s.heap[i]] = int32(i)
		i = p
	}
	s.heap[i] = e
	s.pos[e] = int32(i)
}

func (s *schedule) down(i int) {
	e := s.heap[i]
	n := len(s.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && s.before(s.heap[r], s.heap[c]) {
			c = r
		}
		if !s.before(s.heap[c], e) {
			break
		}
		s.heap[i] = s.heap[c]
		s.pos[s.heap[i]] = int32(i)
		i = c
	}
	s.heap[i] = e
	s.pos[e] = int32(i)
}
