package sim

import (
	"math/bits"
	"slices"

	"partitionlab/sim/ordering"
)

// maxSeriesCells bounds the time series: partitions × buckets stays below
// it, so a run on many partitions gets fewer, wider buckets.
const (
	maxBuckets     = 120
	maxSeriesCells = 240_000
)

// metrics counts what a person looks at: records per partition, lag and
// throughput over time, and end-to-end latency.
type metrics struct {
	parts     int // partition slots (the most the topic ever has)
	bucketNs  int64
	buckets   int
	cur       int
	bucketEnd int64

	// maxLag is, per partition, the most records waiting beyond what the
	// series' int32 holds; below that, the series' maximum is the run's.
	maxLag []int64

	sProduced  []int32 // [bucket*parts + partition]
	sProcessed []int32
	sLag       []int32 // the most records waiting at any moment of the bucket

	latency histogram

	// violationsBefore[b] counts each scope's violations before bucket b
	// ended: the roll takes a snapshot, nothing is counted per event.
	violationsBefore [][ordering.NumScopes]int64

	prodRow int   // the sender's bucket × parts
	prodEnd int64 // and where it ends
}

func newMetrics(parts int, durationNs int64) *metrics {
	b := max(1, min(maxBuckets, maxSeriesCells/parts))
	m := &metrics{parts: parts, buckets: b, bucketNs: (durationNs + int64(b) - 1) / int64(b),
		maxLag:    make([]int64, parts),
		sProduced: make([]int32, b*parts), sProcessed: make([]int32, b*parts), sLag: make([]int32, b*parts),
		violationsBefore: make([][ordering.NumScopes]int64, b)}
	m.bucketEnd = m.bucketNs
	return m
}

// roll moves to the bucket holding now; a new bucket starts with the lag
// at its start.
func (m *metrics) roll(now int64, logs []partitionLog, violations [ordering.NumScopes]int64) {
	for now >= m.bucketEnd && m.cur < m.buckets-1 {
		m.violationsBefore[m.cur] = violations
		m.cur++
		row := m.sLag[m.cur*m.parts : (m.cur+1)*m.parts]
		for p := range row {
			m.noteLag(p, logs[p].lagAt(m.bucketEnd))
		}
		m.bucketEnd += m.bucketNs
	}
	if now >= m.bucketEnd {
		m.bucketEnd = never // the last bucket runs to the end
	}
}

func (m *metrics) bucketOf(t int64) int {
	if t < m.bucketEnd && t >= m.bucketEnd-m.bucketNs {
		return m.cur // the usual case, without a division
	}
	return min(int(t/m.bucketNs), m.buckets-1)
}

// onProduce counts a record appended at t. The sender runs ahead of the
// clock, in time order, so it keeps its own bucket.
func (m *metrics) onProduce(p int32, t int64) {
	if t >= m.prodEnd {
		b := m.bucketOf(t)
		m.prodRow, m.prodEnd = b*m.parts, int64(b+1)*m.bucketNs
		if b == m.buckets-1 {
			m.prodEnd = never
		}
	}
	m.sProduced[m.prodRow+int(p)]++
}

func (m *metrics) noteLag(p int, lag int64) { m.noteLagIn(m.cur, p, lag) }

// noteLagIn notes a lag seen at a moment of bucket b.
func (m *metrics) noteLagIn(b, p int, lag int64) {
	i := b*m.parts + p
	if lag > int64(m.sLag[i]) {
		m.sLag[i] = int32(min(lag, 1<<31-1))
		if lag > 1<<31-1 {
			m.maxLag[p] = max(m.maxLag[p], lag)
		}
	}
}

// totals is each partition's records produced and processed in the whole
// run, the sums of its series, which count every record once, and the most
// records that waited in it, its series' maximum.
func (m *metrics) totals(n int) (produced, processed, maxLag []int64) {
	produced, processed, maxLag = make([]int64, n), make([]int64, n), slices.Clone(m.maxLag[:n])
	for b := range m.buckets {
		row := b * m.parts
		for p := range n {
			produced[p] += int64(m.sProduced[row+p])
			processed[p] += int64(m.sProcessed[row+p])
			maxLag[p] = max(maxLag[p], int64(m.sLag[row+p]))
		}
	}
	return produced, processed, maxLag
}

// onProcess counts a record processed now, in the current bucket.
func (m *metrics) onProcess(p int32, latency int64) {
	m.sProcessed[m.cur*m.parts+int(p)]++
	m.latency.add(latency)
}

// histogram records durations with about 1.5 % resolution in constant
// memory: 64 sub-buckets per power of two.
type histogram struct {
	counts [64 * 64]int64
	max    int64
}

func (h *histogram) add(v int64) {
	v = max(v, 0)
	h.counts[histIndex(v)]++
	h.max = max(h.max, v)
}

func histIndex(v int64) int {
	if v < 64 {
		return int(v)
	}
	e := bits.Len64(uint64(v)) - 6 // v >> e is in 32..63
	return e*32 + int(v>>e)
}

// histLow is the smallest value of bucket i.
func histLow(i int) int64 {
	if i < 64 {
		return int64(i)
	}
	e := i/32 - 1
	return int64(i-e*32) << e
}

// quantile is the value below which a share q of the records fall (the
// middle of its bucket).
func (h *histogram) quantile(q float64) int64 {
	var n int64
	for _, c := range h.counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	rank := int64(q*float64(n-1)) + 1
	var seen int64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			lo, hi := histLow(i), histLow(i+1)
			return min(lo+(hi-lo)/2, h.max)
		}
	}
	return h.max
}
