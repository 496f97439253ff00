package sim

import (
	"slices"
	"testing"
)

// What a member reports in JoinGroup, after ConsumerCoordinator (eager
// members revoke in onJoinPrepare, so their ownedPartitions are empty) and
// StickyAssignor's user data (AbstractStickyAssignorTest: the previous
// assignment and its generation).
func TestSubscriptionMetadata(t *testing.T) {
	cases := []struct {
		name                 string
		eager                bool
		parts, lastAssigned  []int32
		gen                  int32
		wantOwned, wantStick []int32
		wantGen              int32
	}{
		{"cooperative: ownedPartitions", false, []int32{0, 3}, []int32{0, 3, 6}, 4, []int32{0, 3}, nil, 4},
		{"eager, assigned before: only the sticky user data", true, nil, []int32{0, 3, 6}, 4, nil, []int32{0, 3, 6}, 4},
		{"eager, new process: nothing", true, nil, nil, 0, nil, nil, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			owned, sticky, gen := subscriptionMetadata(c.eager, c.parts, c.lastAssigned, c.gen)
			if !slices.Equal(owned, c.wantOwned) || !slices.Equal(sticky, c.wantStick) || gen != c.wantGen {
				t.Errorf("got owned %v, sticky %v, generation %d; want %v, %v, %d", owned, sticky, gen, c.wantOwned, c.wantStick, c.wantGen)
			}
		})
	}
}
