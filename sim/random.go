package sim

import (
	"math/bits"
	"math/rand/v2"
)

// rng is the engine's one source of randomness: a PCG seeded from the
// scenario. It calls the generator directly rather than through rand.Rand's
// interface, which matters in the per-event loop.
type rng struct{ pcg rand.PCG }

// The scenario's one seed is split into independent streams, one per part
// of the model, so that changing the consumers does not change the orders
// and a comparison of two designs sees the same workload.
// Every consumer thread has a stream of its own, so what one thread draws
// never depends on when the others draw: the engine may run a thread ahead
// of the rest and still give the same result.
const (
	streamWorkload uint64 = iota + 1
	streamRetryTopic
	streamGroup
	streamProducer = 1 << 10 // + producer index
	streamThread   = 1 << 20 // + thread index
)

func newRNG(seed, stream uint64) *rng {
	r := &rng{}
	r.pcg.Seed(seed, 0x9e3779b97f4a7c15*stream)
	return r
}

func (r *rng) uint64() uint64 { return r.pcg.Uint64() }

// float64 is uniform in [0, 1).
func (r *rng) float64() float64 { return float64(r.pcg.Uint64()>>11) * (1.0 / (1 << 53)) }

// intn is uniform in 0..n-1 (Lemire's multiply-shift; the bias is below
// 2^-40 for the sizes the engine uses).
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.pcg.Uint64(), uint64(n))
	return int(hi)
}

// exp draws from the exponential distribution with the given mean, by
// Marsaglia and Tsang's ziggurat: one table lookup and compare in nearly all
// draws, and detLog/detExp in the rest.
func (r *rng) exp(mean float64) float64 {
	u := r.pcg.Uint64()
	i := u & 0xff
	if u32 := uint32(u >> 32); u32 < expZiggurat.k[i] {
		return float64(u32) * expZiggurat.w[i] * mean
	}
	return r.expBeyond(u, mean)
}

// expBeyond is exp for a first draw u outside the ziggurat's layers (about
// one in a hundred): the tail, a wedge, or further draws.
func (r *rng) expBeyond(u uint64, mean float64) float64 {
	z := &expZiggurat
	for {
		i := u & 0xff
		u32 := uint32(u >> 32)
		x := float64(u32) * z.w[i]
		if u32 < z.k[i] {
			return x * mean
		}
		if i == 0 {
			return (zigR - detLog(1-r.float64())) * mean
		}
		if z.f[i]+r.float64()*(z.f[i-1]-z.f[i]) < detExp(-x) {
			return x * mean
		}
		u = r.pcg.Uint64()
	}
}

// zigR is where the exponential ziggurat's tail starts; zigV is the area of
// each of its 256 layers (Marsaglia & Tsang, "The Ziggurat Method for
// Generating Random Variables", 2000).
const (
	zigR = 7.69711747013104972
	zigV = 3.949659822581572e-3
)

type ziggurat struct {
	k [256]uint32
	w [256]float64
	f [256]float64
}

// expZiggurat is computed once with the deterministic functions, so it is
// the same table on every platform. It is read-only after init.
var expZiggurat = newExpZiggurat()

func newExpZiggurat() ziggurat {
	var z ziggurat
	const m = 1 << 32
	d := zigR
	t := d
	q := zigV / detExp(-d)
	z.k[0] = uint32(d / q * m)
	z.w[0] = q / m
	z.w[255] = d / m
	z.f[0] = 1
	z.f[255] = detExp(-d)
	for i := 254; i >= 1; i-- {
		d = -detLog(zigV/d + detExp(-d))
		z.k[i+1] = uint32(d / t * m)
		t = d
		z.f[i] = detExp(-d)
		z.w[i] = d / m
	}
	return z
}

// aliasTable samples from a discrete distribution in constant time (Vose's
// alias method).
type aliasTable struct {
	prob  []float64
	alias []int32
}

func newAliasTable(weights []float64) *aliasTable {
	n := len(weights)
	var sum float64
	for _, w := range weights {
		sum += w
	}
	t := &aliasTable{prob: make([]float64, n), alias: make([]int32, n)}
	scaled := make([]float64, n)
	small, large := make([]int32, 0, n), make([]int32, 0, n)
	for i, w := range weights {
		scaled[i] = w * float64(n) / sum
		if scaled[i] < 1 {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		t.prob[s], t.alias[s] = scaled[s], l
		scaled[l] = scaled[l] + scaled[s] - 1
		if scaled[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	for _, i := range append(small, large...) {
		t.prob[i], t.alias[i] = 1, i
	}
	return t
}

func (t *aliasTable) sample(r *rng) int {
	i := r.intn(len(t.prob))
	if r.float64() < t.prob[i] {
		return i
	}
	return int(t.alias[i])
}
