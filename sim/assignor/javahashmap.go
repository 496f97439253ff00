package assignor

// Constants of java.util.HashMap (OpenJDK 8 to 21).
const (
	javaDefaultCapacity = 16
	javaTreeifyBin      = 8  // a bin longer than this is treeified...
	javaMinTreeCapacity = 64 // ...unless the table is smaller: then it doubles instead
)

// javaHashMap reproduces the iteration order of a java.util.HashMap (and so
// of a HashSet) from the keys put into it and removed from it. It is built
// as HashMap is: a table of bins, each a chain of nodes in insertion order.
// Entries are visited bin by bin, the bin being spread(hashCode) &
// (capacity-1) with spread(h) = h ^ (h >>> 16), and within a bin along its
// chain. The capacity starts at 16 (or at the power of two a sizing
// constructor asks for), doubles when the size passes 0.75 of it, doubles
// when a bin would hold more than 8 entries while the table is under 64
// (HashMap.treeifyBin), and never shrinks. Resizing splits each chain into
// the nodes that stay in bin j and those that move to bin j+oldCapacity,
// keeping their order (HashMap.resize); removal unlinks a node and keeps the
// others in order (HashMap.removeNode). Treeified bins (more than 8
// colliding keys in a table of 64 or more) are iterated in insertion order
// here, which Java does not promise; no key set in this package comes close
// to that.
//
// Costs are HashMap's: put and remove walk one bin (O(1) for hashes that
// spread), a resize is linear and amortised over the puts, and listing the
// keys is linear in capacity + size, so a group of n members joining one by
// one costs O(n) in all, where keeping the keys in one list and sorting
// them by bin cost O(n) per put and O(n log n) per listing.
type javaHashMap[K comparable] struct {
	hash  func(K) int32
	nodes []javaNode[K] // nodes[0] is unused, so that reference 0 means none
	free  int32         // first unused node, chained through next; 0 if none
	heads []int32       // per bin, its first node; len(heads) is the capacity
	index map[K]int32   // present key -> its node
}

type javaNode[K comparable] struct {
	key  K
	hash uint32 // spread(hashCode): h ^ (h >>> 16)
	next int32  // next node of the bin (or of the free list); 0 at the end
}

func newJavaHashMap[K comparable](hash func(K) int32) *javaHashMap[K] {
	return newSizedJavaHashMap(hash, javaDefaultCapacity)
}

// newSizedJavaHashMap mirrors new HashMap<>(initialCapacity): the first
// table is the smallest power of two at least initialCapacity.
func newSizedJavaHashMap[K comparable](hash func(K) int32, initialCapacity int) *javaHashMap[K] {
	c := 1
	for c < initialCapacity {
		c <<= 1
	}
	return &javaHashMap[K]{hash: hash, nodes: make([]javaNode[K], 1), heads: make([]int32, c), index: map[K]int32{}}
}

// newJavaHashSetFrom mirrors new HashSet<>(collection), whose table is sized
// max(size/0.75 + 1, 16) before the elements are added in collection order.
func newJavaHashSetFrom[K comparable](hash func(K) int32, elems []K) *javaHashMap[K] {
	m := newSizedJavaHashMap(hash, javaHashSetCapacity(len(elems)))
	for _, e := range elems {
		m.put(e)
	}
	return m
}

// javaHashSetCapacity is the table size new HashSet<>(collection) starts
// with for a collection of n elements.
func javaHashSetCapacity(n int) int {
	c := 1
	for c < max(int(float32(n)/0.75)+1, javaDefaultCapacity) {
		c <<= 1
	}
	return c
}

func (m *javaHashMap[K]) capacity() int { return len(m.heads) }

func (m *javaHashMap[K]) bin(h uint32) int { return int(h & uint32(len(m.heads)-1)) }

// put adds k at the end of its bin (HashMap.putVal); putting a present key
// changes nothing, as HashMap.put keeps the node of an existing key where
// it is.
func (m *javaHashMap[K]) put(k K) {
	if _, ok := m.index[k]; ok {
		return
	}
	h := uint32(m.hash(k))
	h ^= h >> 16
	n := m.newNode(k, h)
	b := m.bin(h)
	inBin := 0
	if m.heads[b] == 0 {
		m.heads[b] = n
	} else {
		last := m.heads[b]
		for inBin = 1; m.nodes[last].next != 0; inBin++ {
			last = m.nodes[last].next
		}
		m.nodes[last].next = n
	}
	m.index[k] = n
	if inBin >= javaTreeifyBin && m.capacity() < javaMinTreeCapacity {
		m.resize()
	}
	if float64(len(m.index)) > 0.75*float64(m.capacity()) {
		m.resize()
	}
}

func (m *javaHashMap[K]) newNode(k K, h uint32) int32 {
	if n := m.free; n != 0 {
		m.free = m.nodes[n].next
		m.nodes[n] = javaNode[K]{key: k, hash: h}
		return n
	}
	m.nodes = append(m.nodes, javaNode[K]{key: k, hash: h})
	return int32(len(m.nodes) - 1)
}

// resize doubles the table: bin j's chain splits, in order, into the nodes
// whose hash has the old capacity's bit clear (they stay in j) and the
// others (they go to j + old capacity).
func (m *javaHashMap[K]) resize() {
	old := len(m.heads)
	heads := make([]int32, 2*old)
	tails := make([]int32, 2*old)
	for j, n := range m.heads {
		for n != 0 {
			next := m.nodes[n].next
			m.nodes[n].next = 0
			to := j
			if m.nodes[n].hash&uint32(old) != 0 {
				to += old
			}
			if tails[to] == 0 {
				heads[to] = n
			} else {
				m.nodes[tails[to]].next = n
			}
			tails[to] = n
			n = next
		}
	}
	m.heads = heads
}

func (m *javaHashMap[K]) remove(k K) {
	n, ok := m.index[k]
	if !ok {
		return
	}
	delete(m.index, k)
	b := m.bin(m.nodes[n].hash)
	if m.heads[b] == n {
		m.heads[b] = m.nodes[n].next
	} else {
		prev := m.heads[b]
		for m.nodes[prev].next != n {
			prev = m.nodes[prev].next
		}
		m.nodes[prev].next = m.nodes[n].next
	}
	var zero K
	m.nodes[n] = javaNode[K]{key: zero, next: m.free}
	m.free = n
}

func (m *javaHashMap[K]) len() int { return len(m.index) }

// order returns the keys in Java's iteration order (HashMap.HashIterator).
func (m *javaHashMap[K]) order() []K {
	keys := make([]K, 0, len(m.index))
	for _, n := range m.heads {
		for ; n != 0; n = m.nodes[n].next {
			keys = append(keys, m.nodes[n].key)
		}
	}
	return keys
}

// first returns what iterator().next() would: the first key of the lowest
// occupied bin.
func (m *javaHashMap[K]) first() (K, bool) {
	for _, n := range m.heads {
		if n != 0 {
			return m.nodes[n].key, true
		}
	}
	var zero K
	return zero, false
}
