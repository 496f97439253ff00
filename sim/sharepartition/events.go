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

// emit records one record's event, joined to one of the last two events
// when it continues its run: a record's event and the GivenUp that follows
// it alternate along a range, and still make two ranges.
func (p *SharePartition) emit(k EventKind, member int32, deliveries int, o int64) {
	p.count(k, deliveries)
	for i := len(p.events) - 1; i >= 0 && i >= len(p.events)-2; i-- {
		e := &p.events[i]
		if e.Kind == k && e.Member == member && e.Deliveries == deliveries && e.Last+1 == o {
			e.Last = o
			return
		}
	}
	p.events = append(p.events, Event{Kind: k, Member: member, Deliveries: deliveries, First: o, Last: o})
}

func (p *SharePartition) count(k EventKind, deliveries int) {
	t := &p.totals
	switch k {
	case EventAcquired:
		t.Acquired++
		if deliveries > 1 {
			t.Redelivered++
		}
	case EventAccepted:
		t.Accepted++
	case EventReleased:
		t.Released++
	case EventRejected:
		t.Rejected++
	case EventRenewed:
		t.Renewed++
	case EventLockExpired:
		t.LockExpired++
	case EventSessionReleased:
		t.SessionReleased++
	case EventGivenUp:
		t.GivenUp++
	}
}
