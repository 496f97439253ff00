package sharepartition

// EventKind says what happened to a run of records.
type EventKind uint8

// The events a share partition emits.
const (
	// EventAcquired: records were acquired by Member (delivered), each for the
	// Deliveries-th time; Deliveries > 1 is a redelivery.
	EventAcquired EventKind = iota
	// EventAccepted: Member acknowledged the records with ACCEPT.
	EventAccepted
	// EventReleased: Member acknowledged the records with RELEASE.
	EventReleased
	// EventRejected: Member acknowledged the records with REJECT; they are
	// archived and never delivered again.
	EventRejected
	// EventRenewed: Member renewed the records' acquisition locks (RENEW).
	EventRenewed
	// EventLockExpired: the acquisition lock of Member's records ran out.
	EventLockExpired
	// EventSessionReleased: Member left the group (or its session expired) and
	// the broker released the records it held (releaseAcquiredRecords).
	EventSessionReleased
	// EventGivenUp: records came back after their last delivery
	// (share.delivery.count.limit) and were archived unprocessed.
	EventGivenUp
)

var eventNames = [...]string{"acquired", "accepted", "released", "rejected", "renewed", "lock expired",
	"released on leave", "given up"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "unknown"
}

// Event is something that happened to the records First..Last (inclusive).
type Event struct {
	Kind        EventKind
	Member      int32
	Deliveries  int
	First, Last int64
}

// Totals counts records by what happened to them.
type Totals struct {
	Acquired, Redelivered, Accepted, Released, Rejected, Renewed, LockExpired, SessionReleased, GivenUp int64
}

// TakeEvents appends the events since the last call to dst and forgets them.
func (p *SharePartition) TakeEvents(dst []Event) []Event {
	dst = append(dst, p.events...)
	p.events = p.events[:0]
	return dst
}

// emit records one record's event; see emitRun.
func (p *SharePartition) emit(k EventKind, member int32, deliveries int, o int64) {
	p.emitRun(k, member, deliveries, o, o)
}

// emitRun records the event of the records first..last, joined to one of
// the last two events when it continues its run (a record's event and the
// GivenUp that follows it alternate along a range, and still make two
// ranges), and counts it.
func (p *SharePartition) emitRun(k EventKind, member int32, deliveries int, first, last int64) {
	p.count(k, deliveries, last-first+1)
	for i := len(p.events) - 1; i >= 0 && i >= len(p.events)-2; i-- {
		e := &p.events[i]
		if e.Kind == k && e.Member == member && e.Deliveries == deliveries && e.Last+1 == first {
			e.Last = last
			return
		}
	}
	p.events = append(p.events, Event{Kind: k, Member: member, Deliveries: deliveries, First: first, Last: last})
}

func (p *SharePartition) count(k EventKind, deliveries int, n int64) {
	t := &p.totals
	switch k {
	case EventAcquired:
		t.Acquired += n
		if deliveries > 1 {
			t.Redelivered += n
		}
	case EventAccepted:
		t.Accepted += n
	case EventReleased:
		t.Released += n
	case EventRejected:
		t.Rejected += n
	case EventRenewed:
		t.Renewed += n
	case EventLockExpired:
		t.LockExpired += n
	case EventSessionReleased:
		t.SessionReleased += n
	case EventGivenUp:
		t.GivenUp += n
	}
}
