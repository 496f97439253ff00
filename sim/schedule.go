package sim

import "math"

// never is the time of an actor with nothing to do until someone wakes it.
const never = math.MaxInt64

// schedule finds the actor due first, by (time, actor id). Every actor
// stays in it; one with nothing to do sits at never. With few actors (the
// usual case: a dozen consumer threads) a linear scan of a small array beats
// anything cleverer. With more (thread pools: each of a member's threads is
// an actor) the actors are kept in blocks, each knowing its earliest actor:
// finding the next scans the blocks, and setting a time rescans at most the
// actor's own block (the actor that just ran is usually its block's
// earliest). With very many, an indexed binary heap is used.
type schedule struct {
	at    []int64 // actor id -> time
	small bool
	// Blocks of 1<<shift actors (middling schedules only): each block's
	// earliest time and the lowest actor at that time.
	shift   uint
	blockAt []int64
	blockID []int32
	heap    []int32 // actor ids (large schedules only)
	pos     []int32 // actor id -> index in heap
}

const (
	linearScheduleMax = 16
	blockScheduleMax  = 1024
)

func newSchedule(actors int) *schedule {
	s := &schedule{at: make([]int64, actors), small: actors <= linearScheduleMax}
	for i := range s.at {
		s.at[i] = never
	}
	switch {
	case s.small:
	case actors <= blockScheduleMax:
		// Blocks about the square root of the actors long: a step scans
		// the blocks and rescans one.
		for s.shift = 3; 1<<(2*s.shift) < actors; s.shift++ {
		}
		n := (actors + 1<<s.shift - 1) >> s.shift
		s.blockAt, s.blockID = make([]int64, n), make([]int32, n)
		for b := range n {
			s.blockAt[b], s.blockID[b] = never, int32(b<<s.shift)
		}
	default:
		s.heap, s.pos = make([]int32, actors), make([]int32, actors)
		for i := range actors {
			s.heap[i], s.pos[i] = int32(i), int32(i)
		}
	}
	return s
}

// next is the actor due first and its time. (The engine's loop spells it
// out, so that the scan of a small schedule stays in the loop.)
func (s *schedule) next() (int32, int64) {
	if !s.small {
		return s.nextOfMany()
	}
	return s.scan()
}

// scan is next of a small schedule.
func (s *schedule) scan() (int32, int64) {
	best, t := 0, s.at[0]
	for i, a := range s.at[1:] {
		if a < t {
			best, t = i+1, a
		}
	}
	return int32(best), t
}

// nextOfMany is next of a schedule that is not small.
//
//go:noinline
func (s *schedule) nextOfMany() (int32, int64) {
	if s.blockAt == nil {
		id := s.heap[0]
		return id, s.at[id]
	}
	best, t := 0, s.blockAt[0]
	for b, a := range s.blockAt[1:] {
		if a < t {
			best, t = b+1, a
		}
	}
	return s.blockID[best], t
}

// when is an actor's time.
func (s *schedule) when(id int32) int64 { return s.at[id] }

func (s *schedule) set(id int32, t int64) {
	if s.small {
		s.at[id] = t
		return
	}
	s.setMany(id, t) // one call: set stays cheap enough to inline everywhere
}

// setMany sets an actor's time in a schedule that is not small.
func (s *schedule) setMany(id int32, t int64) {
	if s.blockAt != nil {
		s.setInBlock(id, t)
		return
	}
	s.reheap(id, t)
}

// setInBlock sets an actor's time in a middling schedule.
func (s *schedule) setInBlock(id int32, t int64) {
	s.at[id] = t
	b := id >> s.shift
	switch bt, first := s.blockAt[b], s.blockID[b]; {
	case t < bt || t == bt && id < first:
		s.blockAt[b], s.blockID[b] = t, id
	case id == first && t > bt:
		lo := int(b) << s.shift
		blk := s.at[lo:min(lo+1<<s.shift, len(s.at))]
		best, bt := 0, blk[0]
		for i, a := range blk[1:] {
			if a < bt {
				best, bt = i+1, a
			}
		}
		s.blockAt[b], s.blockID[b] = bt, int32(lo+best)
	}
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
