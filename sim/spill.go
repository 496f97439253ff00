package sim

import (
	"encoding/binary"

	"partitionlab/sim/ordering"
	"partitionlab/sim/scenario"
)

// A backlog on many partitions drifts apart like one on a few (see
// detach.go), but a copy of the stream per partition would cost time in
// proportion to the partitions. So past crowdedParts partitions, once the
// logs or the checker hold too much, every partition is spilled instead:
// the stream that would keep a partition's record (the front one, or the
// back one once forked) writes it to the partition's spill, five bytes or so,
// without an ordering-checker entry. When a consumer reaches it, the record
// is read back, given its checker entry and kept (materializeSpilled). A
// spilled partition's records meet the checker in its own send order, as a
// detached partition's do, and its orders' states are kept apart
// (ordering.Checker.DetachSparse); detachable says where that keeps every result.
// A spilled partition stays spilled.
//
// Unlike a detached partition's, a spilled partition's memory is not flat:
// it grows with the records between its consumer and the stream's furthest
// point (the fastest consumer's), by about five bytes a record instead of
// the hundred and more that a kept record and its entry take. A partition
// whose consumer has stopped holds its whole backlog so.

// spill holds a spilled partition's records from its log's mEnd on, in
// offset order, each encoded against the one before or against an earlier
// event of its order (see put).
type spill struct {
	buf  []byte
	head int   // the next record's first byte
	n    int64 // records held
	gap  int64 // the workload's event gap: event j of an order is sent j gaps after its first

	w, r spillCursor // the last record written, and read
	// put and get count the records they have seen. last holds the
	// latest record written of each order, by the order id's low bits
	// (four times as many slots as records a record may refer back, to
	// keep two orders in flight from sharing one); recent the last records
	// read, as many as a record may refer back (see newSpill).
	written, read int64
	last, recent  []spillRef
}

// newSpill is a partition's spill for a workload whose orders send their
// events gap apart and that sends the partition about perGap records in a
// gap: a record refers back as far as twice that, within 8 to
// spillBackMax records.
func newSpill(gap int64, perGap float64) *spill {
	n := 8
	for n < spillBackMax && float64(n) < 2*perGap {
		n *= 2
	}
	return &spill{gap: gap, last: make([]spillRef, 4*n), recent: make([]spillRef, n)}
}

// spillCursor is what a record is encoded against: the record before
// written in full, and the partition count of the one before.
type spillCursor struct {
	order, at  int64
	partitions int32
}

// spillRef is a record an event of the same order can refer back to.
type spillRef struct {
	order, at, index int64 // index: its place in the spill, from 1 (writing only)
	customer         int32
	event            uint8
}

// spilledRecord is what a record and its checker entry need of the send
// that made it, beyond what the event index says (its producer) and the
// order id (the producer instance).
type spilledRecord struct {
	order      int64
	at         int64 // sent and appended (no retries where partitions spill)
	keyID      int64
	customer   int32
	partitions int32 // the partition count the producer used
	event      uint8
	keyKind    uint8
}

// A record is a header byte (the event index, below 16, and four flags)
// then varints. A record whose order, with the same customer, had a record
// among the last few written (see newSpill: an order's events share their
// key, so their partition) refers back to it (spillBack): how many records
// back, and, only when it was not sent its gaps after that one (a pause
// held it, spillLate), by how much later. Any other record has the order
// id and the time as differences from the last record written in full,
// and the customer. Then, with spillKey, the key's kind and id, when the
// key is not the customer id; with spillPartitions the partition count,
// when it changed. A customer-keyed record takes about nine bytes in full
// and two referring back.
const (
	spillEvent      = 0x0f
	spillKey        = 0x10
	spillPartitions = 0x20
	spillBack       = 0x40
	spillLate       = 0x80

	spillBackMax = 256 // the furthest a record may refer back: a byte says how far
)

// The event index must fit spillEvent: this fails to compile otherwise.
const _ = uint(spillEvent + 1 - scenario.MaxEventsPerOrder)

func (sp *spill) put(r *spilledRecord) {
	h := r.event
	if r.keyKind != ordering.KindCustomer || r.keyID != int64(r.customer) {
		h |= spillKey
	}
	if r.partitions != sp.w.partitions {
		h |= spillPartitions
	}
	ref := &sp.last[r.order&int64(len(sp.last)-1)]
	var late int64
	back := ref.index > 0 && ref.order == r.order && ref.customer == r.customer && sp.written+1-ref.index < int64(len(sp.recent))
	if back {
		h |= spillBack
		if late = r.at - ref.at - (int64(r.event)-int64(ref.event))*sp.gap; late != 0 {
			h |= spillLate
		}
	}
	b := append(sp.buf, h)
	if back {
		b = append(b, byte(sp.written+1-ref.index)) // below spillBackMax
		if late != 0 {
			b = binary.AppendVarint(b, late)
		}
	} else {
		b = binary.AppendVarint(b, r.order-sp.w.order)
		b = binary.AppendVarint(b, r.at-sp.w.at)
		b = binary.AppendUvarint(b, uint64(r.customer))
		sp.w.order, sp.w.at = r.order, r.at
	}
	if h&spillKey != 0 {
		b = append(b, r.keyKind)
		b = binary.AppendVarint(b, r.keyID)
	}
	if h&spillPartitions != 0 {
		b = binary.AppendUvarint(b, uint64(r.partitions))
	}
	sp.buf, sp.w.partitions = b, r.partitions
	sp.written++
	*ref = spillRef{order: r.order, at: r.at, index: sp.written, customer: r.customer, event: r.event}
	sp.n++
}

// get reads the oldest record held; the spill must hold one.
func (sp *spill) get() spilledRecord {
	b := sp.buf[sp.head:]
	h := b[0]
	i := 1
	varint := func() int64 { v, k := binary.Varint(b[i:]); i += k; return v }
	uvarint := func() uint64 { v, k := binary.Uvarint(b[i:]); i += k; return v }
	r := spilledRecord{event: h & spillEvent, keyKind: ordering.KindCustomer, partitions: sp.r.partitions}
	if h&spillBack != 0 {
		ref := &sp.recent[(sp.read-int64(b[i]))&int64(len(sp.recent)-1)]
		i++
		r.order, r.customer = ref.order, ref.customer
		r.at = ref.at + (int64(r.event)-int64(ref.event))*sp.gap
		if h&spillLate != 0 {
			r.at += varint()
		}
	} else {
		r.order = sp.r.order + varint()
		r.at = sp.r.at + varint()
		r.customer = int32(uvarint())
		sp.r.order, sp.r.at = r.order, r.at
	}
	r.keyID = int64(r.customer)
	if h&spillKey != 0 {
		r.keyKind = b[i]
		i++
		r.keyID = varint()
	}
	if h&spillPartitions != 0 {
		r.partitions = int32(uvarint())
	}
	sp.head += i
	sp.r.partitions = r.partitions
	sp.recent[sp.read&int64(len(sp.recent)-1)] = spillRef{order: r.order, at: r.at, customer: r.customer, event: r.event}
	sp.read++
	sp.n--
	switch {
	case sp.n == 0 && cap(sp.buf) > spillKeep:
		sp.buf, sp.head = nil, 0 // a backlog drained gives its memory back
	case sp.n == 0:
		sp.buf, sp.head = sp.buf[:0], 0
	case sp.head >= 1<<12 && 2*sp.head >= len(sp.buf):
		rest := sp.buf[sp.head:]
		if cap(sp.buf) > spillKeep && 4*len(rest) < cap(sp.buf) {
			sp.buf = append(make([]byte, 0, 2*len(rest)), rest...)
		} else {
			sp.buf = sp.buf[:copy(sp.buf, rest)]
		}
		sp.head = 0
	}
	return r
}

// spillKeep is the most memory a spill keeps for records to come once it
// holds far fewer.
const spillKeep = 1 << 16

// isSpilled says whether partition p is spilled.
func (t *topic) isSpilled(p int32) bool { return t.spills != nil && t.spills[p] != nil }

// spillAll spills every partition not yet spilled or detached.
func (s *Sim) spillAll() {
	if s.spills == nil {
		s.spills = make([]*spill, len(s.logs))
	}
	w := s.sc.Workload
	perGap := w.OrdersPerS * float64(len(w.EventsPerOrder)) * w.EventGapMs / 1000 / float64(s.partitions)
	for p := range s.logs {
		if s.isApart(int32(p)) {
			continue
		}
		s.spills[p] = newSpill(s.front.work.eventGapNs, perGap)
		s.spilledCount++
		if l := &s.logs[p]; l.recent == nil {
			l.countAppends(s.lagFloor) // lag counts from append times from now on
		}
		s.checker.DetachSparse(int32(p))
	}
	s.front.filter = true
	if s.back != nil {
		s.back.filter = true
	}
}

// spillRecord writes the record of event j of order o for spilled
// partition part to its spill; counting (the front stream, unforked), it
// also counts it as sent and appends it as send and appendRecord do. Its append time is its send time:
// a run with producer retries never spills (detachable).
func (s *Sim) spillRecord(o *order, j int, part int32, kind uint8, id, t int64, inst *producerInstance, p *producerRuntime, counting bool) {
	l := &s.logs[part]
	if counting {
		p.sent++
		l.end++
		l.noteAppendTime(t, s.lagFloor)
		s.metrics.onProduce(part, t)
		s.producers[p.index].appended++
	}
	s.spills[part].put(&spilledRecord{order: o.id, at: t, keyID: id, customer: o.customer,
		partitions: inst.knownPartitions, event: uint8(j), keyKind: kind})
	if !counting {
		return
	}
	if m := s.owner[part]; m >= 0 {
		s.members[m].notify(s, t)
	}
}

// materializeSpilled reads spilled partition p's records back, with their
// checker entries, until its log keeps offset o; the back stream, if any,
// sends again until the spill has them.
func (s *Sim) materializeSpilled(sp *spill, p int32, o int64) {
	l := &s.logs[p]
	for l.mEnd <= o {
		if sp.n == 0 {
			b := s.back
			if b == nil {
				return
			}
			s.applyMarks(b, &s.replayNext, &s.backFloor)
			s.sendSteps(b, s.backFloor, never, modeReplay, 1)
			if b.pos == s.front.pos {
				s.join()
			}
			continue
		}
		r := sp.get()
		pr := s.producers[s.eventProducer[r.event]] // as send picks them
		g, d := s.checker.ReserveIn(r.order, p)
		d.SentAt, d.KeyID, d.Customer, d.Partition, d.PartitionCount = r.at, r.keyID, r.customer, p, r.partitions
		d.Instance, d.Event, d.Producer, d.KeyKind = uint16(r.order%int64(len(pr.instances))), r.event, pr.index, r.keyKind
		s.checker.Sent(g, d)
		rec := record{seq: g, appended: r.at, keyID: r.keyID, partition: p, keyKind: r.keyKind, producer: pr.index}
		l.keep(&rec)
		s.keptSinceCount++
		d.Offset = rec.offset
	}
	s.dropPassedMarks()
}

// spilledMode is how a stream that keeps records treats one for spilled
// partition part: the front one unforked counts and spills it, the back
// one spills it, the front one forked counts it as before.
func spilledMode(mode streamMode) streamMode {
	switch mode {
	case modeFull:
		return modeSpillCount
	case modeReplay:
		return modeSpill
	}
	return mode
}
