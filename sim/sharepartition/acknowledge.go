package sharepartition

import "fmt"

// AckType is how a member acknowledges records (AcknowledgeType, with its ids).
type AckType uint8

// The acknowledge types.
const (
	Accept  AckType = 1
	Release AckType = 2
	Reject  AckType = 3
	Renew   AckType = 4
)

func (a AckType) String() string {
	switch a {
	case Accept:
		return "ACCEPT"
	case Release:
		return "RELEASE"
	case Reject:
		return "REJECT"
	case Renew:
		return "RENEW"
	}
	return fmt.Sprintf("AckType(%d)", uint8(a))
}

// InvalidRecordStateError is Kafka's INVALID_RECORD_STATE: the records
// are not acquired by the member that acknowledges them.
type InvalidRecordStateError struct {
	Offset int64
	State  State
	Member int32
}

func (e *InvalidRecordStateError) Error() string {
	return fmt.Sprintf("INVALID_RECORD_STATE: offset %d is %v (held by member %d)", e.Offset, e.State, e.Member)
}

// Acknowledge applies a member's acknowledgement of the records first..last
// at now (SharePartition.acknowledge). Every record must be Acquired by the
// member, or nothing changes and the error says which is not
// (validateAcknowledgementBatchMemberId). ACCEPT marks them ACKNOWLEDGED;
// RELEASE makes them available again, or archives those on their last
// delivery; REJECT archives them; RENEW extends their locks from now,
// unless renewal is disabled. The start offset then moves past whatever is
// done at the front of the window.
func (p *SharePartition) Acknowledge(now int64, member int32, first, last int64, ack AckType) error {
	if ack < Accept || ack > Renew {
		return fmt.Errorf("acknowledge type: %d is not in 1..4", uint8(ack))
	}
	if ack == Renew && p.cfg.RenewDisabled {
		return fmt.Errorf("INVALID_RECORD_STATE: renewing acquisition locks is not enabled for the group (share.renew.acknowledge.enable=false)")
	}
	if first > last || first < p.start || last >= p.end {
		return fmt.Errorf("acknowledgement: offsets %d..%d are not in the in-flight window %d..%d", first, last, p.start, p.end-1)
	}
	for o := first; o <= last; o++ {
		if r := p.at(o); r.state != Acquired || r.member != member {
			return &InvalidRecordStateError{Offset: o, State: r.state, Member: r.member}
		}
	}
	until := now + p.cfg.LockNs
	if ack == Accept || ack == Reject {
		p.finish(member, first, last, ack)
		p.advance()
		return nil
	}
	for o := first; o <= last; o++ {
		r := p.at(o)
		d := int(r.deliveries)
		switch ack {
		case Release:
			p.emit(EventReleased, member, d, o)
			if p.makeAvailable(o, r) == Archived {
				p.emit(EventGivenUp, member, d, o)
			}
		case Renew:
			r.lockUntil = until
			p.lock(o, until)
			p.emit(EventRenewed, member, d, o)
		}
	}
	p.advance()
	return nil
}

// finish marks the records ACKNOWLEDGED (ACCEPT) or ARCHIVED (REJECT),
// one event per run of equal delivery counts.
func (p *SharePartition) finish(member int32, first, last int64, ack AckType) {
	state, kind := Acknowledged, EventAccepted
	if ack == Reject {
		state, kind = Archived, EventRejected
	}
	run, d := first, int(p.at(first).deliveries)
	for o := first; o <= last; o++ {
		r := p.at(o)
		if int(r.deliveries) != d {
			p.emitRun(kind, member, d, run, o-1)
			run, d = o, int(r.deliveries)
		}
		r.state, r.member, r.lockUntil = state, NoMember, 0
	}
	p.emitRun(kind, member, d, run, last)
}

// ReleaseMember releases every record the member holds, as the broker does
// when the member leaves the group or its session expires
// (SharePartitionManager's onMemberLeave → releaseAcquiredRecords): the
// delivery count stays, so a record on its last delivery is archived. It
// returns how many records it released.
func (p *SharePartition) ReleaseMember(member int32) int {
	n := 0
	for o := p.start; o < p.end; o++ {
		r := p.at(o)
		if r.state != Acquired || r.member != member {
			continue
		}
		d := int(r.deliveries)
		p.emit(EventSessionReleased, member, d, o)
		if p.makeAvailable(o, r) == Archived {
			p.emit(EventGivenUp, member, d, o)
		}
		n++
	}
	p.advance()
	return n
}

// NextLockExpiry is when the earliest acquisition lock runs out; ok is
// false when no lock is held. It may name a lock already acknowledged: a
// call to ExpireLocks then does nothing.
func (p *SharePartition) NextLockExpiry() (at int64, ok bool) {
	if p.lockHead == len(p.locks) {
		return 0, false
	}
	return p.locks[p.lockHead].until, true
}

// ExpireLocks applies every acquisition lock that has run out by now
// (releaseAcquisitionLockOnTimeout): the records still acquired become
// available again, or are archived after their last delivery. It returns
// how many records it released.
func (p *SharePartition) ExpireLocks(now int64) int {
	n := 0
	for p.lockHead < len(p.locks) && p.locks[p.lockHead].until <= now {
		l := p.locks[p.lockHead]
		p.lockHead++
		for o := max(l.first, p.start); o <= l.last && o < p.end; o++ {
			r := p.at(o)
			if r.state != Acquired || r.lockUntil != l.until {
				continue // acknowledged, released or renewed since
			}
			member, d := r.member, int(r.deliveries)
			p.emit(EventLockExpired, member, d, o)
			if p.makeAvailable(o, r) == Archived {
				p.emit(EventGivenUp, member, d, o)
			}
			n++
		}
	}
	if p.lockHead == len(p.locks) {
		p.locks, p.lockHead = p.locks[:0], 0
	} else if p.lockHead > 64 && p.lockHead*2 > len(p.locks) {
		k := copy(p.locks, p.locks[p.lockHead:])
		p.locks, p.lockHead = p.locks[:k], 0
	}
	p.advance()
	return n
}
