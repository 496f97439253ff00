package hashcore

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkMurmur2 measures our murmur2 alone; crosscheck's BenchmarkMurmur2
// runs it side by side with the client libraries'.
func BenchmarkMurmur2(b *testing.B) {
	for _, size := range []int{8, 16, 64, 1024} {
		key := make([]byte, size)
		r := rand.New(rand.NewPCG(1, uint64(size)))
		for i := range key {
			key[i] = byte(r.Uint32())
		}
		b.Run("size="+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				Murmur2(key)
			}
		})
	}
}
