package sharepartition

import (
	"errors"
	"slices"
	"testing"
)

// op is one input to a share partition in a table case.
type op struct {
	at     int64 // ms since the case began; never decreasing
	do     string
	member int32
	max    int   // acquire: max records
	logEnd int64 // acquire: the high watermark
	first  int64 // acknowledge
	last   int64
	ack    AckType
	// What the step must produce: the events (nil: not checked) and the
	// start and end offsets after it (-1: not checked).
	want       []Event
	start, end int64
	err        bool
	quiet      bool // the step must emit no event
}

func acquire(at int64, member int32, max int, logEnd int64, want ...Event) op {
	return op{at: at, do: "acquire", member: member, max: max, logEnd: logEnd, want: want, start: -1, end: -1}
}

func ack(at int64, member int32, first, last int64, t AckType, want ...Event) op {
	return op{at: at, do: "ack", member: member, first: first, last: last, ack: t, want: want, start: -1, end: -1}
}

func expire(at int64, want ...Event) op {
	return op{at: at, do: "expire", want: want, start: -1, end: -1}
}

func leave(at int64, member int32, want ...Event) op {
	return op{at: at, do: "leave", member: member, want: want, start: -1, end: -1}
}

func (o op) window(start, end int64) op { o.start, o.end = start, end; return o }
func (o op) fails() op                  { o.err = true; return o }
func (o op) none() op                   { o.quiet = true; return o }

func ev(k EventKind, member int32, deliveries int, first, last int64) Event {
	return Event{Kind: k, Member: member, Deliveries: deliveries, First: first, Last: last}
}

type spCase struct {
	name string
	cfg  Config
	ops  []op
}

const lockMs = 30_000

func runCase(t *testing.T, c spCase) *SharePartition {
	t.Helper()
	cfg := c.cfg
	if cfg.MaxInFlight == 0 {
		cfg.MaxInFlight = DefaultMaxInFlight
	}
	if cfg.DeliveryLimit == 0 {
		cfg.DeliveryLimit = DefaultDeliveryLimit
	}
	if cfg.LockNs == 0 {
		cfg.LockNs = lockMs * 1e6
	}
	p, err := New(cfg, 0)
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	for i, o := range c.ops {
		now := o.at * 1e6
		var err error
		switch o.do {
		case "acquire":
			p.Acquire(now, o.member, o.max, o.logEnd)
		case "ack":
			err = p.Acknowledge(now, o.member, o.first, o.last, o.ack)
		case "expire":
			p.ExpireLocks(now)
		case "leave":
			p.ReleaseMember(o.member)
		}
		if (err != nil) != o.err {
			t.Errorf("op %d %s: error %v, want error %v", i, o.do, err, o.err)
		}
		events = p.TakeEvents(events[:0])
		if len(o.want) > 0 && !slices.Equal(events, o.want) || o.quiet && len(events) > 0 {
			t.Errorf("op %d %s: events\n%v\nwant\n%v", i, o.do, events, o.want)
		}
		if o.start >= 0 && (p.StartOffset() != o.start || p.EndOffset() != o.end) {
			t.Errorf("op %d %s: window %d..%d, want %d..%d", i, o.do, p.StartOffset(), p.EndOffset(), o.start, o.end)
		}
	}
	return p
}

// Cases after Kafka 4.3.1's SharePartitionTest, each named after the test
// whose behaviour it checks. Kafka acquires whole log batches
// (share.acquire.mode=batch_optimized); here every record is its own
// batch, as in record_limit mode, so counts that Kafka rounds up to a batch
// boundary are exact here.
func TestSharePartition(t *testing.T) {
	const a, b int32 = 1, 2
	cases := []spCase{{
		name: "testAcquireMultipleRecords",
		ops:  []op{acquire(0, a, 500, 5, ev(EventAcquired, a, 1, 0, 4)).window(0, 5)},
	}, {
		name: "testAcquireWithMaxFetchRecords",
		ops:  []op{acquire(0, a, 3, 10, ev(EventAcquired, a, 1, 0, 2)).window(0, 3)},
	}, {
		name: "testAcquireWithEmptyFetchRecords",
		ops:  []op{acquire(0, a, 500, 0).none().window(0, 0)},
	}, {
		// The window stops at the record lock limit; at the limit a fetch
		// past the end offset acquires nothing.
		name: "testAcquireWithMaxInFlightRecordsAndTryAcquireNewBatch",
		cfg:  Config{MaxInFlight: 20},
		ops: []op{
			acquire(0, a, 500, 10, ev(EventAcquired, a, 1, 0, 9)).window(0, 10),
			acquire(0, a, 500, 32, ev(EventAcquired, a, 1, 10, 19)).window(0, 20),
			acquire(0, a, 500, 40).none().window(0, 20),
		},
	}, {
		// At the limit, released records inside the window are acquired
		// again, but no record past the end offset.
		name: "testAcquireWithMaxInFlightRecordsAndReleaseLastOffset",
		cfg:  Config{MaxInFlight: 20},
		ops: []op{
			acquire(0, a, 500, 33, ev(EventAcquired, a, 1, 0, 19)),
			ack(1, a, 5, 9, Release, ev(EventReleased, a, 1, 5, 9)),
			acquire(2, a, 500, 33, ev(EventAcquired, a, 2, 5, 9)).window(0, 20),
		},
	}, {
		name: "testAcknowledgeSingleRecordBatch / testMaybeUpdateCachedStateWhenAcknowledgeTypeAccept",
		ops: []op{
			acquire(0, a, 500, 1),
			ack(1, a, 0, 0, Accept, ev(EventAccepted, a, 1, 0, 0)).window(1, 1),
		},
	}, {
		name: "testMaybeUpdateCachedStateWhenAcknowledgeTypeReject",
		ops: []op{
			acquire(0, a, 500, 10),
			ack(1, a, 0, 9, Reject, ev(EventRejected, a, 1, 0, 9)).window(10, 10),
		},
	}, {
		// A record released before the ones in front of it are done keeps
		// the start offset where it is.
		name: "testMaybeUpdateCachedStateWhenAcknowledgementsInBetween",
		ops: []op{
			acquire(0, a, 500, 10),
			ack(1, a, 3, 5, Accept).window(0, 10),
			ack(1, a, 0, 2, Accept).window(6, 10),
		},
	}, {
		name: "testAcknowledgeWithAnotherMember",
		ops: []op{
			acquire(0, a, 500, 5),
			ack(1, b, 0, 4, Accept).fails().none().window(0, 5),
			ack(1, a, 0, 4, Accept).window(5, 5),
		},
	}, {
		// All or nothing: one record not acquired fails the whole range.
		name: "testAcknowledgeWhenOffsetNotAcquired",
		ops: []op{
			acquire(0, a, 500, 5),
			ack(1, a, 2, 2, Release),
			ack(1, a, 0, 4, Accept).fails().none().window(0, 5),
			ack(1, a, 2, 2, Accept).fails(),
		},
	}, {
		name: "testAcquireReleasedRecord",
		ops: []op{
			acquire(0, a, 500, 5),
			ack(1, a, 2, 2, Release),
			acquire(2, b, 500, 5, ev(EventAcquired, b, 2, 2, 2)),
		},
	}, {
		// Two members fetching in turn get disjoint records.
		name: "testNextFetchOffsetWithMultipleConsumers",
		ops: []op{
			acquire(0, a, 3, 10, ev(EventAcquired, a, 1, 0, 2)),
			acquire(0, b, 3, 10, ev(EventAcquired, b, 1, 3, 5)),
			ack(1, a, 0, 2, Release),
			acquire(2, b, 10, 10, ev(EventAcquired, b, 2, 0, 2), ev(EventAcquired, b, 1, 6, 9)),
		},
	}, {
		name: "testAcquisitionLockForAcquiringSingleRecord",
		ops: []op{
			acquire(0, a, 500, 1),
			expire(lockMs - 1).none(),
			expire(lockMs, ev(EventLockExpired, a, 1, 0, 0)).window(0, 1),
			acquire(lockMs+1, b, 500, 1, ev(EventAcquired, b, 2, 0, 0)),
		},
	}, {
		// The lock of records acknowledged in the meantime expires quietly.
		name: "testAcquisitionLockOnAcknowledgingMultipleRecordBatch / testAcquisitionLockTimeoutCauseSPSOMoveForward",
		ops: []op{
			acquire(0, a, 500, 10),
			ack(1, a, 0, 4, Accept).window(5, 10),
			expire(lockMs, ev(EventLockExpired, a, 1, 5, 9)).window(5, 10),
		},
	}, {
		// With share.delivery.count.limit 2 a record whose lock expires on
		// its second delivery is archived, and the start offset moves on.
		name: "testAcquisitionLockTimeoutCauseMaxDeliveryCountExceed",
		cfg:  Config{DeliveryLimit: 2},
		ops: []op{
			acquire(0, a, 500, 2),
			expire(lockMs, ev(EventLockExpired, a, 1, 0, 1)),
			acquire(lockMs, a, 500, 2, ev(EventAcquired, a, 2, 0, 1)),
			expire(2*lockMs, ev(EventLockExpired, a, 2, 0, 1), ev(EventGivenUp, a, 2, 0, 1)).window(2, 2),
			acquire(2*lockMs, a, 500, 2).none().window(2, 2),
		},
	}, {
		name: "testMaxDeliveryCountLimitExceededForRecordBatch",
		cfg:  Config{DeliveryLimit: 2},
		ops: []op{
			acquire(0, a, 500, 5),
			ack(1, a, 0, 4, Release),
			acquire(2, a, 500, 5, ev(EventAcquired, a, 2, 0, 4)),
			ack(3, a, 0, 4, Release, ev(EventReleased, a, 2, 0, 4), ev(EventGivenUp, a, 2, 0, 4)).window(5, 5),
		},
	}, {
		// Leaving releases only the member's own records and keeps their
		// delivery counts.
		name: "testReleaseAcquiredRecordsWithAnotherMember / testReleaseAcquiredRecordsDoNotDecreaseDeliveryCount",
		ops: []op{
			acquire(0, a, 3, 6),
			acquire(0, b, 3, 6),
			leave(1, a, ev(EventSessionReleased, a, 1, 0, 2)).window(0, 6),
			acquire(2, b, 500, 6, ev(EventAcquired, b, 2, 0, 2)),
		},
	}, {
		name: "testReleaseAcquiredRecordsForEmptyCachedData",
		ops:  []op{leave(0, a).none().window(0, 0)},
	}, {
		// RENEW moves the lock's deadline: the old one passes quietly.
		name: "testRenewAcknowledgeWithCompleteBatchAck",
		ops: []op{
			acquire(0, a, 500, 3),
			ack(lockMs-1, a, 0, 2, Renew, ev(EventRenewed, a, 1, 0, 2)),
			expire(lockMs).none(),
			expire(2*lockMs-1, ev(EventLockExpired, a, 1, 0, 2)),
		},
	}, {
		// Once the lock has run out the records are no longer the
		// member's: its acknowledgement, even a renewal, is refused.
		name: "testAcknowledgeAfterAcquisitionLockTimeout / testRenewAcknowledgeOnExpiredBatch",
		ops: []op{
			acquire(0, a, 500, 5),
			expire(lockMs, ev(EventLockExpired, a, 1, 0, 4)),
			ack(lockMs+1, a, 0, 4, Accept).fails().none(),
			ack(lockMs+1, a, 0, 4, Renew).fails().none(),
			acquire(lockMs+2, b, 500, 5, ev(EventAcquired, b, 2, 0, 4)),
			ack(lockMs+3, a, 0, 4, Accept).fails().none(),
			ack(lockMs+3, b, 0, 4, Accept, ev(EventAccepted, b, 2, 0, 4)).window(5, 5),
		},
	}, {
		name: "testRenewAcknowledgeDisabledWithCompleteBatchAck",
		cfg:  Config{RenewDisabled: true},
		ops: []op{
			acquire(0, a, 500, 3),
			ack(1, a, 0, 2, Renew).fails(),
			expire(lockMs, ev(EventLockExpired, a, 1, 0, 2)),
		},
	}, {
		// Kafka's case starts from a persisted batch of 20 records delivered
		// 4 times with share.delivery.count.limit 7; here four fetches and
		// lock expiries get there. From the 4th delivery on (the throttle
		// limit, ceil(7/2)) a fetch takes half the batch, then a quarter;
		// the 7th and last delivery goes one record at a time.
		name: "testAcquireRecordsHalvesBatchSizeOnEachFailureUntilSingleRecordOnLastAttempt",
		cfg:  Config{DeliveryLimit: 7},
		ops: []op{
			acquire(0, a, 500, 20, ev(EventAcquired, a, 1, 0, 19)),
			expire(1*lockMs, ev(EventLockExpired, a, 1, 0, 19)),
			acquire(1*lockMs, a, 500, 20, ev(EventAcquired, a, 2, 0, 19)),
			expire(2*lockMs, ev(EventLockExpired, a, 2, 0, 19)),
			acquire(2*lockMs, a, 500, 20, ev(EventAcquired, a, 3, 0, 19)),
			expire(3*lockMs, ev(EventLockExpired, a, 3, 0, 19)),
			acquire(3*lockMs, a, 500, 20, ev(EventAcquired, a, 4, 0, 19)),
			expire(4*lockMs, ev(EventLockExpired, a, 4, 0, 19)),
			acquire(4*lockMs, a, 500, 20, ev(EventAcquired, a, 5, 0, 9)),
			expire(5*lockMs, ev(EventLockExpired, a, 5, 0, 9)),
			acquire(5*lockMs, a, 500, 20, ev(EventAcquired, a, 6, 0, 4)),
			expire(6*lockMs, ev(EventLockExpired, a, 6, 0, 4)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 7, 0, 0)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 7, 1, 1)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 7, 2, 2)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 7, 3, 3)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 7, 4, 4)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 6, 5, 9)),
			acquire(6*lockMs, a, 500, 20, ev(EventAcquired, a, 5, 10, 19)),
			// The records on their last delivery are given up when their
			// locks run out.
			expire(7*lockMs, ev(EventLockExpired, a, 7, 0, 4), ev(EventGivenUp, a, 7, 0, 4),
				ev(EventLockExpired, a, 6, 5, 9), ev(EventLockExpired, a, 5, 10, 19)).window(5, 20),
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runCase(t, c) })
	}
}

func TestSharePartitionTotals(t *testing.T) {
	p := runCase(t, spCase{name: "totals", cfg: Config{DeliveryLimit: 2}, ops: []op{
		acquire(0, 1, 10, 10),
		ack(1, 1, 0, 3, Accept),
		ack(1, 1, 4, 5, Reject),
		ack(1, 1, 6, 7, Release),
		expire(lockMs),
		acquire(lockMs, 2, 10, 10),
		leave(lockMs+1, 2),
	}})
	want := Totals{Acquired: 14, Redelivered: 4, Accepted: 4, Rejected: 2, Released: 2, LockExpired: 2, SessionReleased: 4, GivenUp: 4}
	if p.Totals() != want {
		t.Errorf("totals %+v, want %+v", p.Totals(), want)
	}
	if p.StartOffset() != 10 || p.InFlight() != 0 {
		t.Errorf("window %d+%d, want 10+0", p.StartOffset(), p.InFlight())
	}
}

func TestInvalidRecordStateError(t *testing.T) {
	p, _ := New(DefaultConfig(), 100)
	p.Acquire(0, 1, 5, 105)
	err := p.Acknowledge(0, 2, 100, 104, Accept)
	var ire *InvalidRecordStateError
	if !errors.As(err, &ire) || ire.Offset != 100 || ire.Member != 1 || ire.State != Acquired {
		t.Fatalf("error %v, want INVALID_RECORD_STATE at 100 held by 1", err)
	}
	if err := p.Acknowledge(0, 1, 99, 100, Accept); err == nil {
		t.Error("an offset below the start offset was acknowledged")
	}
}

func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{MaxInFlight: 99, DeliveryLimit: 5, LockNs: DefaultLockNs}, "share.partition.max.record.locks: 99 is not in 100..10000"},
		{Config{MaxInFlight: 2000, DeliveryLimit: 11, LockNs: DefaultLockNs}, "share.delivery.count.limit: 11 is not in 2..10"},
		{Config{MaxInFlight: 2000, DeliveryLimit: 5, LockNs: 999_000_000}, "share.record.lock.duration.ms: 999 is not in 1000..3600000"},
	} {
		if err := c.cfg.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
}

// The window never passes the record lock limit, whatever members do, and
// every record ends up accepted, rejected or given up exactly once.
func TestSharePartitionWindowInvariant(t *testing.T) {
	cfg := Config{MaxInFlight: 100, DeliveryLimit: 3, LockNs: 1000}
	p, _ := New(cfg, 0)
	var events []Event
	done := map[int64]int{}
	now := int64(0)
	for step := 0; step < 5000; step++ {
		now += 37
		p.ExpireLocks(now)
		m := int32(step % 3)
		p.Acquire(now, m, 1+step%17, int64(step))
		if p.InFlight() > cfg.MaxInFlight {
			t.Fatalf("step %d: %d in flight", step, p.InFlight())
		}
		events = p.TakeEvents(events[:0])
		for _, e := range events {
			switch e.Kind {
			case EventAccepted, EventRejected, EventGivenUp:
				for o := e.First; o <= e.Last; o++ {
					done[o]++
				}
			}
			if e.Kind != EventAcquired || e.Member != m {
				continue
			}
			for o := e.First; o <= e.Last; o++ {
				switch o % 7 {
				case 0:
					_ = p.Acknowledge(now, m, o, o, Release)
				case 1:
					_ = p.Acknowledge(now, m, o, o, Reject)
				case 2: // let the lock expire
				default:
					_ = p.Acknowledge(now, m, o, o, Accept)
				}
			}
		}
		events = p.TakeEvents(events[:0])
		for _, e := range events {
			switch e.Kind {
			case EventAccepted, EventRejected, EventGivenUp:
				for o := e.First; o <= e.Last; o++ {
					done[o]++
				}
			}
		}
	}
	for o := int64(0); o < p.StartOffset(); o++ {
		if done[o] != 1 {
			t.Fatalf("offset %d finished %d times", o, done[o])
		}
	}
	if p.StartOffset() < 4000 {
		t.Errorf("start offset %d: the window does not move", p.StartOffset())
	}
}

func BenchmarkAcquireAccept(b *testing.B) {
	p, _ := New(DefaultConfig(), 0)
	var events []Event
	now, logEnd := int64(0), int64(0)
	b.ReportAllocs()
	for i := 0; i < b.N; i += 500 {
		now += 1e6
		logEnd += 500
		start := p.EndOffset()
		n := p.Acquire(now, 1, 500, logEnd)
		if n > 0 {
			if err := p.Acknowledge(now, 1, start, start+int64(n)-1, Accept); err != nil {
				b.Fatal(err)
			}
		}
		p.ExpireLocks(now)
		events = p.TakeEvents(events[:0])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(b.N, 1)), "ns/record")
}
