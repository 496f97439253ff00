package sim

import (
	"math"

	"partitionlab/sim/ordering"
)

// The sender is the actor that turns orders into records: it merges the
// events of all orders in time order (event j of an order is due at its
// arrival + j × event_gap), lets the responsible producer key and partition
// each one, and appends it to the topic.

// senderChunkNs is how far the sender runs ahead of the clock. Producers
// do not depend on consumers, so records can be generated (with their own
// send and append times) before the consumers reach those times; only a
// control event (which may pause the producers) bounds the run-ahead.
const senderChunkNs = 20_000_000

// runSender sends, in time order, every event and every retried record
// due before the chunk's horizon.
func (s *Sim) runSender() {
	horizon := min(s.now+senderChunkNs, s.end+1)
	if len(s.control.items) > 0 {
		horizon = min(horizon, s.control.items[0].at)
	}
	s.sentUntil = horizon
	s.maybeDetach()
	s.maybeFork()
	s.noteSenderRun()
	mode := s.frontMode()
	s.sendSteps(s.front, s.now, horizon, mode, math.MaxInt)
	s.scheduleSender()
	s.stopIfHoldingTooMuch()
}

func (s *Sim) scheduleSender() {
	if s.paused {
		s.sched.set(actorSender, never)
		return
	}
	_, t := s.front.orders.due()
	s.sched.set(actorSender, max(min(t, s.front.nextDeferred()), s.now))
}

// send keys, partitions and produces event j of order o at time t.
func (s *Sim) send(st *stream, o *order, j int, t int64, mode streamMode) {
	p := st.producers[s.eventProducer[j]]
	ii := 0
	if len(p.instances) > 1 {
		ii = int(o.id % int64(len(p.instances)))
	}
	inst := &p.instances[ii]
	for t >= inst.nextRefresh {
		inst.knownPartitions = s.partitionsAt(inst.nextRefresh)
		inst.nextRefresh += p.maxAgeNs
	}
	kind, id := p.key(o)
	var part int32
	if kind == ordering.KindNone {
		part = s.keyless(p, inst, t)
	} else {
		if part = p.cachedPartition(kind, id, inst.knownPartitions); part < 0 {
			part = p.partitionOf(kind, id, o.customer, inst.knownPartitions)
		}
	}
	if st.filter {
		if mode = s.detachedMode(st, part, mode, o.customer); mode == modeSkip {
			return
		} else if mode == modeSpillCount || mode == modeSpill {
			s.spillRecord(o, j, part, kind, id, t, inst, p, mode == modeSpillCount)
			return
		}
	}
	rec := record{keyID: id, partition: part, keyKind: kind, producer: p.index}
	var d *ordering.Entry
	if mode != modeCount {
		if st.only < 0 {
			rec.seq, d = s.checker.Reserve(o.id)
		} else {
			rec.seq, d = s.checker.ReserveIn(o.id, part)
		}
		d.SentAt, d.KeyID, d.Customer, d.Partition, d.PartitionCount = t, id, o.customer, part, inst.knownPartitions
		d.Instance, d.Event, d.Producer, d.KeyKind = uint16(ii), uint8(j), p.index, kind
		s.checker.Sent(rec.seq, d)
	} else if s.detachedCount == 0 && s.spilledCount == 0 {
		rec.seq = st.seq // the g the back stream will give it
		st.seq++
	}
	if mode != modeReplay {
		p.sent++
	}
	if p.cfg.FailureRate > 0 {
		s.produceWithRetries(st, p, ii, &rec, t, mode)
		return
	}
	s.appendRecord(&rec, t, mode, d)
}

// keyless picks the partition of a record without a key.
func (s *Sim) keyless(p *producerRuntime, inst *producerInstance, t int64) int32 {
	n := inst.knownPartitions
	size := s.sc.Topic.RecordBytes
	switch p.cfg.Keyless {
	case "round_robin":
		q := int32(inst.roundRobin % int(n))
		inst.roundRobin++
		return q
	case "sticky":
		// KIP-480: the partition changes when a new batch opens, because the
		// last one is full or linger.ms has passed; never to the same one.
		if inst.sticky < 0 || inst.stickyBytes+size > p.cfg.BatchSize || t > inst.batchOpened+msToNs(p.cfg.LingerMs) {
			next := int32(p.rng.intn(int(n)))
			for n > 1 && next == inst.sticky {
				next = int32(p.rng.intn(int(n)))
			}
			inst.sticky, inst.stickyBytes, inst.batchOpened = next, 0, t
		}
		inst.stickyBytes += size
		return inst.sticky
	}
	// KIP-794 uniform sticky: switch after batch.size bytes, to any
	// partition (the same one may be picked again).
	if inst.sticky < 0 {
		inst.sticky = int32(p.rng.intn(int(n)))
	}
	q := inst.sticky
	inst.stickyBytes += size
	if inst.stickyBytes >= p.cfg.BatchSize {
		inst.sticky, inst.stickyBytes = int32(p.rng.intn(int(n))), 0
	}
	return q
}

// appendDeferred appends a record that waited in its producer (a retry, or
// behind one), or gives it up at its delivery deadline (failed).
func (s *Sim) appendDeferred(d *deferredAppend, mode streamMode) {
	if !d.expire {
		s.append(&d.rec, d.at, mode)
		if mode == modeCount && d.rec.seq > 0 {
			// Forked: a run that never forks knows its offset from now.
			s.checker.AppendedAhead(d.rec.seq, d.rec.offset)
		}
		return
	}
	if mode != modeReplay {
		s.producers[d.rec.producer].failed++
	}
}

// append writes a record at the end of its partition at time t and wakes
// the consumer waiting for it. Forked (see stream.go), the front stream only
// counts the record and the back one keeps it.
func (s *Sim) append(r *record, t int64, mode streamMode) {
	var d *ordering.Entry
	if mode != modeCount {
		d = s.checker.Entry(r.seq)
	}
	s.appendRecord(r, t, mode, d)
}

// appendRecord is append with the record's inflight entry d at hand (nil
// when the stream counts only).
func (s *Sim) appendRecord(r *record, t int64, mode streamMode, d *ordering.Entry) {
	r.appended = t
	l := &s.logs[r.partition]
	if mode != modeReplay {
		r.offset = l.end // the next offset
		l.end++
		if l.recent != nil {
			l.noteAppendTime(t, s.lagFloor)
		}
		s.metrics.onProduce(r.partition, t)
		s.producers[r.producer].appended++
	}
	if mode != modeCount {
		l.keep(r)
		s.keptSinceCount++
		d.Offset = r.offset
	}
	if mode == modeReplay {
		return
	}
	if m := s.owner[r.partition]; m >= 0 {
		s.members[m].notify(s, t)
	}
}
