package assignor

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"partitionlab/hashcore"
)

// listHashMap is the plain model of HashMap's iteration order that
// javaHashMap replaced: the present keys in insertion order, stably sorted
// by bin when listed, the capacity doubling by the same rules. It is slow
// (every put counts its bin over all keys) but obviously right, so the
// chained table must list exactly what it lists.
type listHashMap struct {
	hash     func(int) int32
	keys     []int
	capacity int
}

func (l *listHashMap) bin(k int) int {
	h := uint32(l.hash(k))
	return int((h ^ h>>16) & uint32(l.capacity-1))
}

func (l *listHashMap) put(k int) {
	if slices.Contains(l.keys, k) {
		return
	}
	inBin := 0
	for _, o := range l.keys {
		if l.bin(o) == l.bin(k) {
			inBin++
		}
	}
	l.keys = append(l.keys, k)
	if inBin >= javaTreeifyBin && l.capacity < javaMinTreeCapacity {
		l.capacity <<= 1
	}
	if float64(len(l.keys)) > 0.75*float64(l.capacity) {
		l.capacity <<= 1
	}
}

func (l *listHashMap) remove(k int) {
	l.keys = slices.DeleteFunc(l.keys, func(o int) bool { return o == k })
}

func (l *listHashMap) order() []int {
	out := slices.Clone(l.keys)
	slices.SortStableFunc(out, func(a, b int) int { return l.bin(a) - l.bin(b) })
	return out
}

// TestJavaHashMapMatchesTheListModel drives both through random puts and
// removes: keys that spread, keys that collide in a few bins (so bins pass
// 8 entries in small tables and long chains split on resize), and a group
// of thousands of members joining, leaving and joining again.
func TestJavaHashMapMatchesTheListModel(t *testing.T) {
	memberHashes := make([]int32, 2000)
	for k := range memberHashes {
		memberHashes[k] = hashcore.JavaStringHashCode(fmt.Sprintf("consumer-%d-thread-%d", k/10, k%10))
	}
	cases := []struct {
		name      string
		hash      func(int) int32
		keys, ops int
		capacity  int
	}{
		{"spread", func(k int) int32 { return int32(k) * -1640531535 }, 300, 3000, 16},
		{"colliding", func(k int) int32 { return int32(k%5) + int32(k/5)<<7 }, 200, 3000, 16},
		{"high bits only", func(k int) int32 { return int32(k) << 20 }, 100, 2000, 16},
		{"sized", func(k int) int32 { return int32(k) }, 400, 2000, 300},
		{"member ids", func(k int) int32 { return memberHashes[k] }, 2000, 5000, 16},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(c.keys), uint64(c.ops)))
			m := newSizedJavaHashMap(c.hash, c.capacity)
			l := &listHashMap{hash: c.hash, capacity: m.capacity()}
			for op := range c.ops {
				k := rng.IntN(c.keys)
				if rng.IntN(3) == 0 {
					m.remove(k)
					l.remove(k)
				} else {
					m.put(k)
					l.put(k)
				}
				if m.capacity() != l.capacity || m.len() != len(l.keys) {
					t.Fatalf("op %d: capacity %d size %d, model %d and %d", op, m.capacity(), m.len(), l.capacity, len(l.keys))
				}
				if op%97 != 0 && op != c.ops-1 {
					continue
				}
				want := l.order()
				if got := m.order(); !slices.Equal(got, want) {
					t.Fatalf("op %d: order\n%v\nmodel\n%v", op, got, want)
				}
				if f, ok := m.first(); ok != (len(want) > 0) || (ok && f != want[0]) {
					t.Fatalf("op %d: first %d %v, model %v", op, f, ok, want[:min(1, len(want))])
				}
			}
		})
	}
}
