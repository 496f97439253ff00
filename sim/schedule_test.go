package sim

import (
	"math/rand/v2"
	"testing"
)

// The schedule picks the earliest actor, the lowest id on a tie, whatever
// its size: scanned (a dozen actors), in blocks (thread pools: each member's
// threads are actors) or in a heap (very many). Times repeat a lot, and the
// actor that ran is often the next one set, later, as in a run.
func TestScheduleNextIsTheEarliestLowestActor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sizes := []int{}
	for n := 1; n <= linearScheduleMax+1; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 31, 57, 64, 65, 200, blockScheduleMax, blockScheduleMax+1, 3000)
	for _, actors := range sizes {
		s := newSchedule(actors)
		for step := range 4000 {
			id := int32(r.IntN(actors))
			if step%2 == 1 {
				id, _ = s.next() // the one that ran sets its next time
			}
			at := int64(r.IntN(8))
			if r.IntN(5) == 0 {
				at = never
			}
			s.set(id, at)
			want, wantAt := int32(0), s.at[0]
			for id, at := range s.at {
				if at < wantAt {
					want, wantAt = int32(id), at
				}
			}
			if got, gotAt := s.next(); got != want || gotAt != wantAt {
				t.Fatalf("%d actors, step %d: next is %d at %d, want %d at %d", actors, step, got, gotAt, want, wantAt)
			}
			if s.when(id) != at {
				t.Fatalf("%d actors: actor %d at %d, set to %d", actors, id, s.when(id), at)
			}
		}
	}
}
