package assignor

// movePair is AbstractStickyAssignor.ConsumerPair: a partition went from
// member src to member dst during this assignment.
type movePair struct{ src, dst int }

// partitionMovements is AbstractStickyAssignor.PartitionMovements, which
// the general builder uses so that a balancing move undoes an earlier move
// between the same two members instead of adding a second one. When it
// picks "some partition that moved from B to A" it takes the first element
// of a HashSet<TopicPartition>, so the sets are emulated java.util.HashSets.
type partitionMovements struct {
	hash    func(int) int32 // TopicPartition.hashCode of a numbered partition
	topicOf func(int) string
	moved   map[int]movePair
	byTopic map[string]map[movePair]*javaHashMap[int]
}

func newPartitionMovements(hash func(int) int32, topicOf func(int) string) *partitionMovements {
	return &partitionMovements{hash: hash, topicOf: topicOf, moved: map[int]movePair{}, byTopic: map[string]map[movePair]*javaHashMap[int]{}}
}

func (pm *partitionMovements) removeRecord(p int) movePair {
	pair := pm.moved[p]
	delete(pm.moved, p)
	t := pm.topicOf(p)
	set := pm.byTopic[t][pair]
	set.remove(p)
	if set.len() == 0 {
		delete(pm.byTopic[t], pair)
	}
	if len(pm.byTopic[t]) == 0 {
		delete(pm.byTopic, t)
	}
	return pair
}

func (pm *partitionMovements) addRecord(p int, pair movePair) {
	pm.moved[p] = pair
	t := pm.topicOf(p)
	if pm.byTopic[t] == nil {
		pm.byTopic[t] = map[movePair]*javaHashMap[int]{}
	}
	if pm.byTopic[t][pair] == nil {
		pm.byTopic[t][pair] = newJavaHashMap(pm.hash)
	}
	pm.byTopic[t][pair].put(p)
}

// move records that p went from old to new; a partition moving back to
// where it started leaves no record.
func (pm *partitionMovements) move(p, old, new int) {
	if _, ok := pm.moved[p]; !ok {
		pm.addRecord(p, movePair{old, new})
		return
	}
	existing := pm.removeRecord(p)
	if existing.src != new {
		pm.addRecord(p, movePair{existing.src, new})
	}
}

// actualPartitionToMove is getTheActualPartitionToBeMoved: to move p from
// old to new, prefer moving back a partition of the same topic that earlier
// went from new to p's original owner.
func (pm *partitionMovements) actualPartitionToMove(p, old, new int) int {
	pairs, ok := pm.byTopic[pm.topicOf(p)]
	if !ok {
		return p
	}
	if pair, ok := pm.moved[p]; ok {
		old = pair.src
	}
	set, ok := pairs[movePair{new, old}]
	if !ok {
		return p
	}
	q, _ := set.first()
	return q
}
