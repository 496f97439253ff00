package crosscheck

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/sim/assignor"
)

// TestRangeAndRoundRobinMatchFranzGo: franz-go's RangeBalancer and
// RoundRobinBalancer claim to be equivalent to Java's; on random groups
// (mixed subscriptions, static and dynamic members) our assignments are
// identical to theirs.
func TestRangeAndRoundRobinMatchFranzGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	pairs := []struct {
		ours   assignor.Assignor
		theirs kgo.GroupBalancer
	}{{assignor.Range{}, kgo.RangeBalancer()}, {assignor.RoundRobin{}, kgo.RoundRobinBalancer()}}
	for i := range 500 {
		topics, members := randomGroup(rng, 20, i%5 == 0)
		for _, p := range pairs {
			ours, err := p.ours.Assign(topics, members)
			if err != nil {
				t.Fatal(err)
			}
			theirs := franzAssign(t, p.theirs, topics, members)
			if !reflect.DeepEqual(ours, theirs) {
				t.Fatalf("group %d, %s:\nours   %v\nfranz  %v", i, p.ours.Name(), ours, theirs)
			}
		}
	}
}
