package sim

import "math"

// record is one order event as it sits in a partition. Everything else the
// engine knows about the event (when and by whom it was sent, its order and
// customer) lives in its ordering.Entry, found by seq.
type record struct {
	seq       int64 // global send sequence number, from 1
	appended  int64 // when the broker appended it (later after a producer retry)
	offset    int64
	keyID     int64
	partition int32
	keyKind   uint8
	producer  uint8 // the producer that sent it (index in the scenario)
}

// entry is a record as its partition stores it: the partition and the
// offset are where it sits, so only a copy taken out of the log (a record)
// carries them. Keeping entries small keeps the logs in cache.
type entry struct {
	seq      int64
	appended int64
	keyID    int64
	keyKind  uint8
}

// partitionLog holds one partition's records from the oldest one the group
// may still need (its committed offset) to the end, and those a thread pool
// still waits to take. Records below are dropped, so memory follows the
// backlog, not the run's length; and when the stream is forked (see
// stream.go) only records up to mEnd are kept, the rest are sent again when
// a consumer reaches them.
type partitionLog struct {
	part     int32
	ring     []entry // power-of-two ring indexed by offset & mask: keepFrom..mEnd-1
	base     int64   // the oldest offset the group may still need: where the log starts for it
	keepFrom int64   // the oldest record kept: base, or the oldest a thread pool waits for
	mEnd     int64   // one past the last record kept
	end      int64   // next offset to assign
	done     int64   // records processed or skipped, for lag

	// Offsets fetched and waiting in thread pools' queues, each pool's
	// oldest first (see executor), and the lowest of them (never if none).
	waiting []waitingRun
	held    int64

	position int64 // the consumer's position: the next offset it fetches

	// Forked, the append times of offsets rBase..end-1, for lag:
	// recent[i] is offset rBase+i. Those before rHead, and every earlier
	// record, were appended before any time lag is still asked for.
	// Otherwise nil, and lag reads the records kept.
	recent []int64
	rHead  int
	rBase  int64
}

// noteAppendTime remembers, forked, when the last offset (l.end-1) was
// appended: at t. Times up to floor will not be asked about again.
func (l *partitionLog) noteAppendTime(t, floor int64) {
	for l.rHead < len(l.recent) && l.recent[l.rHead] <= floor {
		l.rHead++
	}
	if l.rHead == len(l.recent) || (l.rHead > 256 && 2*l.rHead > len(l.recent)) {
		n := copy(l.recent, l.recent[l.rHead:])
		l.recent = l.recent[:n]
		l.rBase += int64(l.rHead)
		l.rHead = 0
	}
	l.recent = append(l.recent, t)
}

// countAppends switches the log to remembering append times apart from
// the records (on a fork), starting with those of the records kept that
// were appended after floor.
func (l *partitionLog) countAppends(floor int64) {
	first := l.search(floor)
	l.recent, l.rHead, l.rBase = make([]int64, 0, 64), 0, first
	for o := first; o < l.mEnd; o++ {
		l.recent = append(l.recent, l.at(o).appended)
	}
}

// search is the first offset kept appended after t (mEnd if none).
func (l *partitionLog) search(t int64) int64 {
	lo, hi := l.base, l.mEnd
	for lo < hi {
		mid := lo + (hi-lo)/2
		if l.ring[mid&int64(len(l.ring)-1)].appended <= t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// keep stores record r at the next offset kept, its own.
func (l *partitionLog) keep(r *record) {
	if l.mEnd-l.keepFrom == int64(len(l.ring)) {
		l.grow()
	}
	r.offset = l.mEnd
	e := &l.ring[l.mEnd&int64(len(l.ring)-1)]
	e.seq, e.appended, e.keyID, e.keyKind = r.seq, r.appended, r.keyID, r.keyKind
	l.mEnd++
}

func (l *partitionLog) grow() {
	n := max(64, 2*len(l.ring))
	ring := make([]entry, n)
	for o := l.keepFrom; o < l.mEnd; o++ {
		ring[o&int64(n-1)] = l.ring[o&int64(len(l.ring)-1)]
	}
	l.ring = ring
}

// kept is how many records the log keeps.
func (l *partitionLog) kept() int64 { return l.mEnd - l.keepFrom }

// at returns the record at offset o, which must be in keepFrom..mEnd-1.
func (l *partitionLog) at(o int64) record {
	e := &l.ring[o&int64(len(l.ring)-1)]
	return record{seq: e.seq, appended: e.appended, offset: o, keyID: e.keyID, partition: l.part, keyKind: e.keyKind}
}

// trim starts the log at offset o for the group: the records below go,
// but for those a thread pool still waits for.
func (l *partitionLog) trim(o int64) {
	if o > l.base {
		l.base = min(o, l.end)
	}
	l.keepFrom = min(l.base, l.held)
}

// appendedAt is when offset o (below end) was appended; or, for one
// neither kept nor remembered apart (forked, detached or spilled, see
// recent), a time before any lag is still asked for, when it was appended
// at the latest.
func (l *partitionLog) appendedAt(o int64) int64 {
	if o >= l.keepFrom && o < l.mEnd {
		return l.ring[o&int64(len(l.ring)-1)].appended
	}
	if i := o - l.rBase; i >= int64(l.rHead) {
		return l.recent[i]
	}
	return math.MinInt64
}

// appendedBy is one past the last offset appended by time t, never below
// base. The sender runs ahead, so the log may already hold records
// appended later; append times grow with offsets, so a binary search finds
// the boundary.
func (l *partitionLog) appendedBy(t int64) int64 {
	if l.recent == nil {
		return l.search(t)
	}
	lo, hi := l.rHead, len(l.recent)
	for lo < hi {
		mid := lo + (hi-lo)/2
		if l.recent[mid] <= t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return max(l.base, l.rBase+int64(lo))
}

// lagAt is how many records appended by t are not yet processed.
func (l *partitionLog) lagAt(t int64) int64 { return l.appendedBy(t) - l.done }
