package assignor

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"slices"
)

// churn drives a consumer group through random membership changes, the way
// the property tests and the Kafka recordings need it: members join, leave,
// change subscriptions, and partitions are added; after each rebalance every
// member owns what it was assigned, at the new generation.
type churn struct {
	rng        *rand.Rand
	topics     map[string]int32
	topicIDs   map[string]TopicID
	names      []string // topics in creation order
	members    []Member
	generation int32
	next       int  // counter for fresh member ids
	mixed      bool // members may subscribe to different topics
	stale      bool // some members report stale or doubly claimed partitions
}

func newChurn(seed uint64, topics, members int, mixed bool) *churn {
	c := &churn{rng: rand.New(rand.NewPCG(seed, 0x5eed)), topics: map[string]int32{}, topicIDs: map[string]TopicID{}, mixed: mixed}
	for range topics {
		c.addTopic()
	}
	for range members {
		c.join()
	}
	return c
}

func (c *churn) addTopic() {
	name := fmt.Sprintf("topic-%c", 'a'+len(c.names))
	c.names = append(c.names, name)
	c.topics[name] = 1 + c.rng.Int32N(24)
	c.topicIDs[name] = TopicID{Hi: int64(c.rng.Uint64()), Lo: int64(c.rng.Uint64())}
}

// subscription is every topic for equal subscriptions, else a random
// non-empty subset.
func (c *churn) subscription() []string {
	if !c.mixed {
		return slices.Clone(c.names)
	}
	var sub []string
	for _, t := range c.names {
		if c.rng.IntN(3) > 0 {
			sub = append(sub, t)
		}
	}
	if len(sub) == 0 {
		sub = append(sub, c.names[c.rng.IntN(len(c.names))])
	}
	return sub
}

func (c *churn) join() {
	c.next++
	m := Member{MemberID: fmt.Sprintf("consumer-%d-%04x", c.next, c.rng.IntN(0x10000)), Topics: c.subscription(), Generation: -1}
	if c.rng.IntN(4) == 0 {
		m.InstanceID = fmt.Sprintf("instance-%d", c.next)
	}
	// Join somewhere in the JoinGroup list, as a HashMap would put it.
	at := c.rng.IntN(len(c.members) + 1)
	c.members = slices.Insert(c.members, at, m)
}

// step applies one random change: a member joins, leaves or changes its
// subscription, a topic grows, or nothing changes (a rebalance such as the
// cooperative follow-up). It always leaves at least one member.
func (c *churn) step() {
	switch r := c.rng.IntN(10); {
	case r < 4 || len(c.members) < 2:
		c.join()
	case r < 7:
		i := c.rng.IntN(len(c.members))
		c.members = slices.Delete(c.members, i, i+1)
	case r < 8 && c.mixed:
		i := c.rng.IntN(len(c.members))
		c.members[i].Topics = c.subscription()
	case r < 9:
		t := c.names[c.rng.IntN(len(c.names))]
		c.topics[t] += 1 + c.rng.Int32N(4)
	}
}

// settle records a rebalance's outcome: everyone owns its assignment. With
// stale set, a member now and then misses the update (it rejoins with the
// partitions and generation of an earlier rebalance) or also claims a
// partition another member owns in the same generation.
func (c *churn) settle(a Assignment) {
	c.generation++
	for i := range c.members {
		if c.stale && c.rng.IntN(6) == 0 {
			continue
		}
		c.members[i].Owned = slices.Clone(a[c.members[i].MemberID])
		c.members[i].Generation = c.generation
	}
	if c.stale && c.rng.IntN(3) == 0 {
		from, to := &c.members[c.rng.IntN(len(c.members))], &c.members[c.rng.IntN(len(c.members))]
		if len(from.Owned) > 0 && from != to {
			to.Owned = append(to.Owned, from.Owned[c.rng.IntN(len(from.Owned))])
			to.Generation = from.Generation
		}
	}
}

// topicIDString is a TopicID in Kafka's text form.
func topicIDString(id TopicID) string {
	b := make([]byte, 16)
	for k := range 8 {
		b[k] = byte(uint64(id.Hi) >> (56 - 8*k))
		b[8+k] = byte(uint64(id.Lo) >> (56 - 8*k))
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
