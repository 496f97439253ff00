package assignor

import (
	"cmp"
	"slices"
)

// maxBalanceIterations is UniformHeterogeneousAssignmentBuilder's
// MAX_ITERATION_COUNT: passes over the topics before balancing gives up.
const maxBalanceIterations = 16

// heterogeneous is the state of UniformHeterogeneousAssignmentBuilder.
// Members are numbered by their position in the visiting order.
type heterogeneous struct {
	g           *group
	u           Uniform
	order       []int            // position -> member index
	subscribers map[string][]int // topic -> positions, ascending
	sizes       []int            // partitions held, by position
	owner       []int            // partition -> position, -1 if none
}

func (u Uniform) assignHeterogeneous(g *group, order []int) [][]int {
	h := &heterogeneous{g: g, u: u, order: order, subscribers: map[string][]int{},
		sizes: make([]int, len(order)), owner: make([]int, g.total)}
	for id := range h.owner {
		h.owner[id] = -1
	}
	for pos, i := range order {
		for _, t := range g.topics {
			if g.subs[i][t] {
				h.subscribers[t] = append(h.subscribers[t], pos)
				// maybeRevokePartitions keeps every partition of a topic
				// the member still subscribes to.
				for _, id := range u.previous(g, i, t) {
					h.owner[id] = pos
					h.sizes[pos]++
				}
			}
		}
	}
	var withUnassigned []string
	for _, t := range g.topics {
		if slices.Contains(h.owner[g.base[t]:g.base[t]+int(g.count[t])], -1) {
			withUnassigned = append(withUnassigned, t)
		}
	}
	b := &memberBalancer{sizes: h.sizes}
	for _, t := range h.sortTopics(withUnassigned) {
		b.initialize(h.subscribers[t])
		for p := range int(g.count[t]) {
			if id := g.base[t] + p; h.owner[id] == -1 {
				h.assign(id, b.nextLeastLoaded())
			}
		}
	}
	var movable []string
	for _, t := range g.topics {
		if len(h.subscribers[t]) >= 2 {
			movable = append(movable, t)
		}
	}
	if len(movable) > 0 {
		h.balanceTopics(h.sortTopics(movable))
	}
	owned := make([][]int, len(g.members))
	for id, pos := range h.owner {
		if pos >= 0 {
			owned[order[pos]] = append(owned[order[pos]], id)
		}
	}
	return owned
}

// sortTopics orders topics by partitions per subscriber (descending), then
// subscriber count (ascending), then topic id.
func (h *heterogeneous) sortTopics(topics []string) []string {
	out := slices.Clone(topics)
	slices.SortFunc(out, func(a, b string) int {
		na, nb := float64(h.g.count[a]), float64(h.g.count[b])
		sa, sb := len(h.subscribers[a]), len(h.subscribers[b])
		return cmp.Or(cmp.Compare(nb/float64(sb), na/float64(sa)), cmp.Compare(sa, sb), h.u.compareTopicIDs(a, b))
	})
	return out
}

func (h *heterogeneous) assign(id, pos int) {
	if old := h.owner[id]; old >= 0 {
		h.sizes[old]--
	}
	h.owner[id] = pos
	h.sizes[pos]++
}

// balanceTopics loops over the topics until a whole round moves nothing,
// or for at most maxBalanceIterations rounds.
func (h *heterogeneous) balanceTopics(topics []string) {
	last := -1
	b := &memberBalancer{sizes: h.sizes}
	for range maxBalanceIterations {
		for k, t := range topics {
			if k == last {
				return
			}
			if h.balanceTopic(t, b) > 0 || last == -1 {
				last = k
			}
		}
	}
}

// balanceTopic moves the topic's partitions from its most to its least
// loaded subscribers, taking from each most loaded member its highest
// numbered partition of the topic, until the two ends differ by one.
func (h *heterogeneous) balanceTopic(t string, b *memberBalancer) int {
	if b.initialize(h.subscribers[t]) <= 1 {
		return 0
	}
	n := int(h.g.count[t])
	ids := make([]int, n)
	for p := range ids {
		ids[p] = h.g.base[t] + p
	}
	slices.SortFunc(ids, func(x, y int) int { return cmp.Or(cmp.Compare(h.owner[x], h.owner[y]), cmp.Compare(x, y)) })
	start, end := map[int]int{}, map[int]int{}
	for k, id := range ids {
		if _, ok := start[h.owner[id]]; !ok {
			start[h.owner[id]] = k
		}
		end[h.owner[id]] = k + 1
	}
	moved := 0
	for !b.balanced() {
		most := b.nextMostLoaded()
		for most >= 0 {
			if e, ok := end[most]; ok && e-start[most] > 0 {
				break
			}
			b.excludeMostLoaded()
			most = b.nextMostLoaded()
		}
		if most < 0 {
			break
		}
		end[most]--
		id := ids[end[most]]
		least := b.nextLeastLoaded()
		if b.balanced() {
			break
		}
		h.assign(id, least)
		moved++
	}
	return moved
}
