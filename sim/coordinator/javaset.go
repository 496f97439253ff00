package coordinator

import "slices"

// intSet reproduces the iteration order of a java.util.HashSet of small
// non-negative numbers whose hash code is the number itself: Integer, and
// the share assignor's TopicIdPartition of a topic whose id hashes to 0.
// HashSet visits bin by bin, the bin being value & (capacity-1), and
// within a bin in insertion order (a resize splits a chain keeping its
// order); the capacity starts at 16 or at what a sizing constructor asks,
// and doubles when the size passes three quarters of it.
type intSet struct {
	elems []int32 // insertion order, less what was removed
	cap   int
}

// newIntSet is new HashSet<>(): capacity 16.
func newIntSet() *intSet { return &intSet{cap: 16} }

// newSizedIntSet is new HashSet<>(n): the table is n rounded up to a power
// of two.
func newSizedIntSet(n int) *intSet {
	c := 1
	for c < n {
		c <<= 1
	}
	return &intSet{cap: c}
}

// forMappings is AssignorHelpers.newHashSet(n): room for n elements
// without a resize.
func forMappings(n int) *intSet { return newSizedIntSet(int(float32(n+1)/0.75) + 1) }

// clone is new HashSet<>(s): a table for max(size/0.75+1, 16), filled in
// s's iteration order.
func (s *intSet) clone() *intSet {
	c := newSizedIntSet(max(int(float32(len(s.elems))/0.75)+1, 16))
	for _, v := range s.order() {
		c.add(v)
	}
	return c
}

func (s *intSet) len() int { return len(s.elems) }

func (s *intSet) contains(v int32) bool { return slices.Contains(s.elems, v) }

func (s *intSet) add(v int32) bool {
	if s.contains(v) {
		return false
	}
	s.elems = append(s.elems, v)
	if len(s.elems) > s.cap*3/4 {
		s.cap *= 2
	}
	return true
}

func (s *intSet) remove(v int32) bool {
	i := slices.Index(s.elems, v)
	if i < 0 {
		return false
	}
	s.elems = slices.Delete(s.elems, i, i+1)
	return true
}

// order is the set's iteration order.
func (s *intSet) order() []int32 {
	out := slices.Clone(s.elems)
	mask := int32(s.cap - 1)
	slices.SortStableFunc(out, func(a, b int32) int { return int(a&mask) - int(b&mask) })
	return out
}

// sorted is the elements in ascending order.
func (s *intSet) sorted() []int32 {
	out := slices.Clone(s.elems)
	slices.Sort(out)
	return out
}
