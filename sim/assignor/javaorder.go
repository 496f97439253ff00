package assignor

import (
	"slices"
	"unicode/utf8"

	"partitionlab/hashcore"
)

// javaCompare orders two strings as Java's String.compareTo does: by UTF-16
// code units. It agrees with Go's byte order except when one string has a
// character in U+E000..U+FFFF where the other has a supplementary character
// (U+10000 and up): UTF-16 puts the supplementary one first, because its
// high surrogate (0xD800..0xDBFF) is smaller, while UTF-8 puts it last.
func javaCompare(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := utf16Units(ra), utf16Units(rb)
			if ua[0] != ub[0] {
				return cmpUnit(ua[0], ub[0])
			}
			return cmpUnit(ua[1], ub[1])
		}
		a, b = a[na:], b[nb:]
	}
	return cmpUnit(uint16(len(a)), uint16(len(b)))
}

// utf16Units gives the one or two UTF-16 code units of r; the second is 0
// for characters in the Basic Multilingual Plane.
func utf16Units(r rune) [2]uint16 {
	if r < 0x10000 {
		return [2]uint16{uint16(r), 0}
	}
	r -= 0x10000
	return [2]uint16{uint16(0xD800 + r>>10), uint16(0xDC00 + r&0x3FF)}
}

func cmpUnit(a, b uint16) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Constants of java.util.HashMap (OpenJDK 8 to 21).
const (
	javaDefaultCapacity = 16
	javaTreeifyBin      = 8  // a bin longer than this is treeified...
	javaMinTreeCapacity = 64 // ...unless the table is smaller: then it doubles instead
)

// javaHashMap reproduces the iteration order of a java.util.HashMap (and so
// of a HashSet) from the keys put into it and removed from it: entries are
// visited bin by bin, the bin being spread(hashCode) & (capacity-1) with
// spread(h) = h ^ (h >>> 16), and within a bin in insertion order (resizing
// splits a bin without reordering it; removal keeps the others in order).
// The capacity starts at 16 (or at the power of two a sizing constructor
// asks for), doubles when the size passes 0.75 of it, doubles when a bin
// would hold more than 8 entries while the table is under 64, and never
// shrinks. Treeified bins (more than 8 colliding keys in a table of 64 or
// more) are iterated in insertion order here, which Java does not promise;
// no key set in this package comes close to that.
type javaHashMap[K comparable] struct {
	hash     func(K) int32
	entries  []javaEntry[K] // present keys in insertion order
	present  map[K]bool
	capacity int
}

type javaEntry[K comparable] struct {
	key  K
	hash uint32 // spread(hashCode): h ^ (h >>> 16)
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
	return &javaHashMap[K]{hash: hash, present: map[K]bool{}, capacity: c}
}

// newJavaHashSetFrom mirrors new HashSet<>(collection), whose table is sized
// max(size/0.75 + 1, 16) before the elements are added in collection order.
func newJavaHashSetFrom[K comparable](hash func(K) int32, elems []K) *javaHashMap[K] {
	m := newSizedJavaHashMap(hash, max(int(float32(len(elems))/0.75)+1, javaDefaultCapacity))
	for _, e := range elems {
		m.put(e)
	}
	return m
}

func (m *javaHashMap[K]) bin(e javaEntry[K]) int { return int(e.hash & uint32(m.capacity-1)) }

// put adds k at the end of its bin; putting a present key changes nothing,
// as HashMap.put keeps the node of an existing key where it is.
func (m *javaHashMap[K]) put(k K) {
	if m.present[k] {
		return
	}
	h := uint32(m.hash(k))
	e := javaEntry[K]{key: k, hash: h ^ h>>16}
	inBin := 0
	for _, o := range m.entries {
		if m.bin(o) == m.bin(e) {
			inBin++
		}
	}
	m.entries = append(m.entries, e)
	m.present[k] = true
	if inBin >= javaTreeifyBin && m.capacity < javaMinTreeCapacity {
		m.capacity <<= 1
	}
	if float64(len(m.entries)) > 0.75*float64(m.capacity) {
		m.capacity <<= 1
	}
}

func (m *javaHashMap[K]) remove(k K) {
	if !m.present[k] {
		return
	}
	delete(m.present, k)
	m.entries = slices.DeleteFunc(m.entries, func(e javaEntry[K]) bool { return e.key == k })
}

func (m *javaHashMap[K]) len() int { return len(m.entries) }

// order returns the keys in Java's iteration order.
func (m *javaHashMap[K]) order() []K {
	sorted := slices.Clone(m.entries)
	slices.SortStableFunc(sorted, func(a, b javaEntry[K]) int { return m.bin(a) - m.bin(b) })
	keys := make([]K, len(sorted))
	for i, e := range sorted {
		keys[i] = e.key
	}
	return keys
}

// first returns what iterator().next() would: the earliest key of the
// lowest occupied bin.
func (m *javaHashMap[K]) first() (K, bool) {
	var best K
	bestBin := -1
	for _, e := range m.entries {
		if b := m.bin(e); bestBin < 0 || b < bestBin {
			best, bestBin = e.key, b
		}
	}
	return best, bestBin >= 0
}

// javaHashMapOrder is the iteration order of a default-constructed HashMap
// into which keys were put in the given order.
func javaHashMapOrder(keys []string) []string {
	m := newJavaHashMap(hashcore.JavaStringHashCode)
	for _, k := range keys {
		m.put(k)
	}
	return m.order()
}

// topicPartitionHash is org.apache.kafka.common.TopicPartition.hashCode.
func topicPartitionHash(tp TopicPartition) int32 {
	return 31*(31+tp.Partition) + hashcore.JavaStringHashCode(tp.Topic)
}
