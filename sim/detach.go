package sim

import "partitionlab/sim/scenario"

// A partition far behind the others would make the logs keep every record
// appended since its consumer's position, and the ordering checker an entry
// for every event sent since (the entries are by send order, and the oldest
// one not processed holds them all). So such a partition is detached: the
// streams that keep records (see stream.go) only count its records, and it
// gets a back copy of the stream of its own, which sends its records again,
// with their checker entries, when its consumer reaches them, and skips the
// others' records. Its orders get a ring of their own in the checker
// (ordering.Checker.Detach). A detached partition stays detached.
//
// A partition is detached when it is far behind the others (its log keeps
// half of what all the logs keep, or more: two partitions behind together
// go one after the other), and also, once the stream has
// forked on a topic of at most crowdedParts partitions, when the logs or
// the checker hold too much in all (the logs keep crowdedKeep records, or
// the checker crowdedInFlight entries): then the partition keeping the most
// goes. The second rule is for the backlog where every partition falls
// behind, each at its own pace (consumers take records at one rate, keys
// send them at another): their positions drift apart with the run, the one
// copy of the stream that keeps records keeps everything between the
// slowest and the fastest, and the checker an entry for every event sent
// since the slowest's oldest. Detached one by one, every partition ends
// with a stream of its own, and memory stays flat. Each stream sends every
// record again to find its partition's, so on more partitions, where the
// time would grow with their number, every partition is spilled instead
// (see spill.go).
//
// This keeps every result only where a scope key never spans partitions:
// every record keyed by customer id with one routing, on a partition count
// that never changes, and no producer retries (whose appends the streams
// would have to share out). Where records are keyed by what an order keeps
// and a customer does not (country, SKU, order id, a hot customer's id
// salted by order id), only the customer scope spans partitions: the
// checker follows it by group (ordering's cross.go), every stream tells it
// whose events it passes over, and such a run detaches up to four
// partitions, each once the customer scope has all its examples and no
// detached partition's stream is ahead of the one it is cloned from. It
// never spills: a spill's records come back without the stream that counts
// what was sent before them.

// detachAt is how many records a partition's log keeps, at least, before it
// may be detached (crowded, a sixteenth of it); detachEvery is how many
// sender runs apart the logs are looked at.
const (
	detachAt        = 1 << 14
	detachEvery     = 64
	crowdedParts    = 16
	crowdedKeep     = 1 << 15
	crowdedInFlight = 1 << 17
)

// detachedLog is a detached partition's own back copy of the stream, and
// where that copy is in the outside inputs (replayMark).
type detachedLog struct {
	st    *stream
	next  int   // the next replay mark to apply
	floor int64 // the sender's last run, as of st
}

// PartitionsSeparable says whether a run of sc may detach or spill
// partitions (see above and spill.go): every scope key stays in one
// partition, so each partition's records may meet the ordering checker in
// that partition's own order, apart from the others', without changing a
// result.
func PartitionsSeparable(sc scenario.Scenario) bool { return detachable(sc) }

// PartitionsDetached is how many partitions the run has detached so far.
func (s *Sim) PartitionsDetached() int { return s.detachedCount }

// PartitionsDetachable says whether a run of sc may detach partitions
// (see above): as PartitionsSeparable, or with customers across them.
func PartitionsDetachable(sc scenario.Scenario) bool { return detachable(sc) || crossable(sc) }

// detachable says whether a run of sc may detach or spill partitions (see
// above). A traced run may too: the tracer notes each processing as it
// completes, at the same time and with the same entry either way
// (TestTracedRunsDetachAndTraceTheSame).
func detachable(sc scenario.Scenario) bool {
	return oneRouting(sc) && sc.Producers[0].Key == scenario.KeyCustomerID
}

// crossable says whether a run of sc may detach partitions with its
// customers across them (see above): every record keyed by one thing each
// order keeps (country, SKU, order id, or a customer id salted by a bucket
// drawn from the order id, every producer salting alike), with one
// routing.
func crossable(sc scenario.Scenario) bool {
	if !oneRouting(sc) {
		return false
	}
	switch sc.Producers[0].Key {
	case scenario.KeyCountry, scenario.KeySKU, scenario.KeyOrderID:
		return true
	case scenario.KeySaltedCustomerID:
		first := sc.Producers[0].Salting
		for _, p := range sc.Producers {
			if s := p.Salting; (s == nil) != (first == nil) || s != nil && (*s != *first || s.BucketSource != "order_id") {
				return false
			}
		}
		return true
	}
	return false
}

// oneRouting says whether every producer keys its records by the same
// thing and sends each key to one partition for the whole run: one client
// and serializer, no partitioner of its own, no retries, a partition count
// that never changes.
func oneRouting(sc scenario.Scenario) bool {
	for _, a := range sc.Timeline {
		if a.Action == scenario.ActionSetPartitions {
			return false
		}
	}
	for _, p := range sc.Producers {
		if p.Key != sc.Producers[0].Key || p.FailureRate > 0 || p.VIP != nil {
			return false
		}
		if p.Client != sc.Producers[0].Client || p.Serializer != sc.Producers[0].Serializer {
			return false
		}
	}
	return len(sc.Producers) > 0
}

// maybeDetach detaches the partition whose log keeps the most records when
// the rules above say so. (The tests detach more often: with detachAll
// every partition keeping at least detachAt, with detachOne the one keeping
// the most, however much the others keep.)
func (s *Sim) maybeDetach() {
	if s.detachAt < 0 {
		return
	}
	if s.senderRuns++; s.senderRuns%detachEvery != 0 {
		return
	}
	var total, most int64
	hot := -1
	for p := range int(s.partitions) {
		if s.isApart(int32(p)) {
			continue
		}
		k := s.logs[p].kept()
		if s.detachAll && !s.detachOne && k >= s.detachAt {
			s.detach(int32(p))
			continue
		}
		total += k
		if k > most {
			most, hot = k, p
		}
	}
	if hot < 0 {
		return
	}
	behind := most >= s.detachAt && (2*most >= total || s.detachOne)
	full := s.back != nil && (total >= crowdedKeep || s.checker.InFlight() >= crowdedInFlight)
	few := s.partitions <= crowdedParts
	switch {
	case behind || full && few && most >= s.detachAt/16:
		s.detach(int32(hot))
	case (s.spillEarly || full && !few) && !s.crossing:
		s.spillAll() // see spill.go
	}
}

// detach gives partition p a back copy of the stream of its own, cloned
// from the stream that keeps records where p's log stops keeping them.
func (s *Sim) detach(p int32) {
	src := s.back
	if src == nil {
		src = s.front
	}
	if s.crossing && !s.crossRoom(src) {
		return
	}
	if s.detached == nil {
		s.detached = make([]*detachedLog, len(s.logs))
	}
	d := &detachedLog{next: s.replayNext, floor: s.backFloor}
	if s.back == nil {
		d.next, d.floor = len(s.replay), s.now
		s.logs[p].countAppends(s.lagFloor)
	}
	d.st = src.clone()
	d.st.only, d.st.filter = p, true
	s.front.filter = true
	if s.back != nil {
		s.back.filter = true
	}
	s.detached[p] = d
	s.detachedCount++
	s.checker.Detach(p)
	if s.crossing {
		s.checker.DetachCross(p, d.st.pos)
	}
}

// crossRoom says whether a partition may be detached now, its stream
// cloned from src, in a run whose customers span partitions (see above).
func (s *Sim) crossRoom(src *stream) bool {
	if !s.checker.CrossRoom() {
		return false
	}
	for _, d := range s.detached {
		if d != nil && d.st.pos > src.pos {
			return false
		}
	}
	return true
}

// detachedMode is how stream st treats a record of customer for partition
// part, which it would otherwise treat in mode: a detached partition's own
// stream keeps only that partition's records, and the other streams only
// count them. With customers across partitions, the checker is told of
// every record a stream that registers records passes over.
func (s *Sim) detachedMode(st *stream, part int32, mode streamMode, customer int32) streamMode {
	if st.only >= 0 {
		if part != st.only {
			if s.crossing {
				s.checker.Passed(st.only, customer, part, st.pos)
			}
			return modeSkip
		}
		return modeReplay
	}
	if s.detached == nil || s.detached[part] == nil {
		if s.isSpilled(part) {
			return spilledMode(mode)
		}
		return mode
	}
	if s.crossing && (mode == modeFull || mode == modeReplay) {
		s.checker.Passed(-1, customer, part, st.pos) // the stream that registers the others'
	}
	if mode == modeReplay {
		return modeSkip
	}
	return modeCount
}

// materializeDetached has detached partition p's stream send again until
// p keeps offset o.
func (s *Sim) materializeDetached(d *detachedLog, p int32, o int64) {
	l := &s.logs[p]
	for l.mEnd <= o && d.st.pos < s.front.pos {
		s.applyMarks(d.st, &d.next, &d.floor)
		s.sendSteps(d.st, d.floor, never, modeReplay, 1)
	}
	s.dropPassedMarks()
}
