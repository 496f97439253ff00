package sim

import (
	"math/rand/v2"
	"testing"
)

// The schedule's scan picks the earliest actor, the lowest id on a tie,
// for every number of actors a small schedule has and times with many ties.
func TestScheduleNextIsTheEarliestLowestActor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for actors := 1; actors <= linearScheduleMax; actors++ {
		s := newSchedule(actors)
		for range 200 {
			for id := range actors {
				at := int64(r.IntN(4))
				if r.IntN(5) == 0 {
					at = never
				}
				s.set(int32(id), at)
			}
			want, wantAt := int32(0), s.at[0]
			for id, at := range s.at {
				if at < wantAt {
					want, wantAt = int32(id), at
				}
			}
			if got, gotAt := s.next(); got != want || gotAt != wantAt {
				t.Fatalf("%d actors at %v: next is %d at %d, want %d at %d", actors, s.at, got, gotAt, want, wantAt)
			}
		}
	}
}
