package sim

import (
	"fmt"

	"partitionlab/sim/ordering"
	"partitionlab/sim/sharepartition"
)

// shareRun is a share consumer's step (KafkaShareConsumer): it processes
// the records of its last poll one at a time, acknowledges them, and polls
// again. In implicit mode the next poll accepts the previous poll's
// records; in explicit mode each record is acknowledged as its processing
// ends: ACCEPT, or on a failure what consumer.share.on_failure says.
func (s *Sim) shareRun(m *member) {
	g := s.share
	switch m.state {
	case wProcessing:
		if !g.explicit {
			// Implicit mode cannot release: a failure is retried in place.
			if !m.finish(s) {
				return
			}
			break
		}
		m.busy += m.attempt
		if !m.fail {
			s.completeRecord(&m.cur, m.thread)
			m.done++
			s.shareAcknowledge(m, &m.cur, sharepartition.Accept)
			break
		}
		s.consumerFailures++
		switch g.onFailure {
		case "release":
			s.shareAcknowledge(m, &m.cur, sharepartition.Release)
		case "reject":
			s.shareAcknowledge(m, &m.cur, sharepartition.Reject)
		}
		// lock_expiry: left locked; it comes back when the lock expires.
	case wBackoff:
		m.start(s, &m.cur, s.now)
		return
	}
	if m.batchNext < len(m.batch) {
		m.batchNext++
		m.start(s, &m.batch[m.batchNext-1], s.now)
		return
	}
	s.sharePoll(m)
}

// sharePoll is KafkaShareConsumer.poll(): implicit mode accepts the
// previous poll's records; then one share fetch acquires up to
// max.poll.records across the member's partitions in the order the share
// session epoch rotates them to (PartitionRotateStrategy).
func (s *Sim) sharePoll(m *member) {
	g := s.share
	if !m.up {
		m.state = wIdle
		s.sched.set(m.actor, never)
		return
	}
	if m.stopping {
		s.shareLeave(m)
		return
	}
	if !g.explicit {
		s.shareAcknowledgePrevious(m)
	}
	m.batch, m.batchNext = m.batch[:0], 0
	if g.epochs[m.idx] > 0 && len(m.parts) > 0 {
		g.order = sharepartition.FetchOrder(g.order[:0], m.parts, g.sessions[m.idx])
		g.sessions[m.idx]++
		budget := s.sc.Consumer.MaxPollRecords
		for _, p := range g.order {
			if budget == 0 {
				break
			}
			sp := s.sharePartition(p)
			if sp == nil {
				continue
			}
			sp.ExpireLocks(s.now)
			l := &s.logs[p]
			budget -= sp.Acquire(s.now, m.idx, budget, l.appendedBy(s.now))
		}
		s.shareTakeEvents()
	}
	if len(m.batch) == 0 {
		// Nothing to acquire: the fetch waits fetch.max.wait.ms in the
		// purgatory and returns empty.
		m.state = wPolling
		s.sched.set(m.actor, s.now+shareFetchWaitNs)
		return
	}
	if !g.explicit {
		g.acked[m.idx] = append(g.acked[m.idx][:0], m.batch...)
	}
	m.batchNext = 1
	m.start(s, &m.batch[0], s.now)
}

// shareAcknowledgePrevious accepts the records of m's previous poll
// (acknowledgeBatchIfImplicitAcknowledgement).
func (s *Sim) shareAcknowledgePrevious(m *member) {
	g := s.share
	for i := range g.acked[m.idx] {
		s.shareAcknowledge(m, &g.acked[m.idx][i], sharepartition.Accept)
	}
	g.acked[m.idx] = g.acked[m.idx][:0]
	s.shareTakeEvents()
}

// shareAcknowledge acknowledges one record. A lock that expired meanwhile
// makes the broker refuse it (INVALID_RECORD_STATE): the record was, or
// will be, delivered again.
func (s *Sim) shareAcknowledge(m *member, r *record, ack sharepartition.AckType) {
	sp := s.share.parts[r.partition]
	if sp == nil {
		return
	}
	sp.ExpireLocks(s.now)
	if err := sp.Acknowledge(s.now, m.idx, r.offset, r.offset, ack); err != nil {
		s.share.refused++
		s.groupEvent(m.idx, "INVALID_RECORD_STATE", fmt.Sprintf("%s of p%d offset %d refused: its lock expired, the record is no longer the member's", ack, r.partition, r.offset))
	}
	s.shareTakeEvents()
}

// shareTakeEvents applies what the share partitions did: acquired records
// go to the member's batch, records archived unprocessed are lost, and
// the totals count everything. Then each log lets go of the records below
// its share partition's start offset (SPSO): acknowledged or archived,
// none will be delivered again, as a consumer group's log lets go of those
// below the committed offset.
func (s *Sim) shareTakeEvents() {
	g := s.share
	for p, sp := range g.parts {
		if sp == nil {
			continue
		}
		g.events = sp.TakeEvents(g.events[:0])
		for _, e := range g.events {
			s.observeShare(int32(p), e)
			s.shareEvent(int32(p), e)
		}
		s.logs[p].trim(sp.StartOffset())
	}
}

func (s *Sim) shareEvent(p int32, e sharepartition.Event) {
	g := s.share
	t := &g.totals
	n := e.Last - e.First + 1
	l := &s.logs[p]
	switch e.Kind {
	case sharepartition.EventAcquired:
		t.Acquired += n
		if e.Deliveries > 1 {
			t.Redelivered += n
		}
		m := s.members[e.Member]
		s.materialize(p, e.Last)
		for o := e.First; o <= e.Last; o++ {
			r := l.at(o)
			if last := e.Deliveries >= s.sc.Consumer.Share.DeliveryCountLimit; e.Deliveries > 1 || last {
				s.checker.Redelivered(r.seq, last)
			}
			m.batch = append(m.batch, r)
		}
	case sharepartition.EventAccepted:
		t.Accepted += n
	case sharepartition.EventReleased:
		t.Released += n
		s.shareRedeliver(p, e)
	case sharepartition.EventRejected:
		t.Rejected += n
		t.Archived += n
		s.shareLose(p, e)
	case sharepartition.EventLockExpired:
		t.LockExpiries += n
		s.shareRedeliver(p, e)
		s.groupEvent(e.Member, "lock expired", fmt.Sprintf("p%d offsets %d..%d: share.record.lock.duration.ms passed", p, e.First, e.Last))
	case sharepartition.EventSessionReleased:
		t.SessionReleased += n
		s.shareRedeliver(p, e)
	case sharepartition.EventGivenUp:
		t.Archived += n
		s.shareLose(p, e)
		s.groupEvent(-1, "given up", fmt.Sprintf("p%d offsets %d..%d archived after %d deliveries (share.delivery.count.limit)", p, e.First, e.Last, e.Deliveries))
	}
}

// shareLose marks records archived without being processed as lost.
func (s *Sim) shareLose(p int32, e sharepartition.Event) {
	l := &s.logs[p]
	s.materialize(p, e.Last)
	for o := e.First; o <= e.Last; o++ {
		r := l.at(o)
		c := s.checker
		if c.Completed(r.seq, c.Entry(r.seq), ordering.Completion{At: s.now, Thread: -1, Lost: true}) {
			continue
		}
		s.lost++
		l.done++
	}
}

// shareRedeliver tells the checker the records will be delivered again.
func (s *Sim) shareRedeliver(p int32, e sharepartition.Event) {
	l := &s.logs[p]
	s.materialize(p, e.Last)
	for o := e.First; o <= e.Last; o++ {
		s.checker.Redelivered(l.at(o).seq, false)
	}
}
