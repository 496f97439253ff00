// Package ring grows the engine's ring buffers: slices whose length is a
// power of two, indexed by an ever-growing position masked to the length,
// holding the positions base..end-1.
//
// ring imports nothing; only the engine's packages use it.
package ring

// Grow returns a ring twice as long holding the same positions base..end-1,
// each at its position masked to the new length.
func Grow[T any](ring []T, base, end int64) []T { return Resize(ring, base, end, 2*len(ring)) }

// Resize returns a ring of length n, a power of two no shorter than
// end-base, holding the same positions base..end-1, each at its position
// masked to n.
func Resize[T any](ring []T, base, end int64, n int) []T {
	out := make([]T, n)
	for i := base; i < end; i++ {
		out[i&int64(n-1)] = ring[i&int64(len(ring)-1)]
	}
	return out
}
