package sharepartition

import "fmt"

// State is a record's state in the in-flight window (SharePartition.RecordState).
type State uint8

// The record states, with Kafka's ids.
const (
	Available    State = 0
	Acquired     State = 1
	Acknowledged State = 2
	Archived     State = 4
)

func (s State) String() string {
	switch s {
	case Available:
		return "AVAILABLE"
	case Acquired:
		return "ACQUIRED"
	case Acknowledged:
		return "ACKNOWLEDGED"
	case Archived:
		return "ARCHIVED"
	}
	return fmt.Sprintf("State(%d)", uint8(s))
}

// terminal says the record is done: ACKNOWLEDGED or ARCHIVED
// (SharePartition.isStateTerminal).
func (s State) terminal() bool { return s == Acknowledged || s == Archived }

// NoMember is the member of a record nobody holds (EMPTY_MEMBER_ID).
const NoMember int32 = -1

// Defaults and ranges of the group-level settings, from Kafka 4.3.1's
// ShareGroupConfig and GroupConfig.
const (
	// DefaultMaxInFlight is group.share.partition.max.record.locks
	// (share.partition.max.record.locks per group): 2000, in 100..10000,
	// bounded per group by group.share.{min,max}.partition.max.record.locks
	// (100, 4000).
	DefaultMaxInFlight = 2000
	MinMaxInFlight     = 100
	MaxMaxInFlight     = 10000
	// DefaultDeliveryLimit is group.share.delivery.count.limit
	// (share.delivery.count.limit per group): 5, in 2..10, bounded per
	// group by group.share.{min,max}.delivery.count.limit (2, 10).
	DefaultDeliveryLimit = 5
	MinDeliveryLimit     = 2
	MaxDeliveryLimit     = 10
	// DefaultLockNs is group.share.record.lock.duration.ms
	// (share.record.lock.duration.ms per group): 30 s, in 1 s..1 h, bounded
	// per group by group.share.{min,max}.record.lock.duration.ms (15 s, 60 s).
	DefaultLockNs = 30_000_000_000
	MinLockNs     = 1_000_000_000
	MaxLockNs     = 3_600_000_000_000
)

// Config is one share partition's settings.
type Config struct {
	// MaxInFlight is the record lock limit: the in-flight window (start
	// offset to end offset) never grows past it.
	MaxInFlight int
	// DeliveryLimit is the number of deliveries after which a record that
	// comes back is archived instead of made available again.
	DeliveryLimit int
	// LockNs is the acquisition lock duration.
	LockNs int64
	// RenewDisabled is share.renew.acknowledge.enable=false (default true):
	// RENEW is refused.
	RenewDisabled bool
}

// DefaultConfig is Kafka's defaults.
func DefaultConfig() Config {
	return Config{MaxInFlight: DefaultMaxInFlight, DeliveryLimit: DefaultDeliveryLimit, LockNs: DefaultLockNs}
}

// Validate names the first field out of its range.
func (c Config) Validate() error {
	switch {
	case c.MaxInFlight < MinMaxInFlight || c.MaxInFlight > MaxMaxInFlight:
		return fmt.Errorf("share.partition.max.record.locks: %d is not in %d..%d", c.MaxInFlight, MinMaxInFlight, MaxMaxInFlight)
	case c.DeliveryLimit < MinDeliveryLimit || c.DeliveryLimit > MaxDeliveryLimit:
		return fmt.Errorf("share.delivery.count.limit: %d is not in %d..%d", c.DeliveryLimit, MinDeliveryLimit, MaxDeliveryLimit)
	case c.LockNs < MinLockNs || c.LockNs > MaxLockNs:
		return fmt.Errorf("share.record.lock.duration.ms: %d is not in %d..%d", c.LockNs/1_000_000, MinLockNs/1_000_000, MaxLockNs/1_000_000)
	}
	return nil
}

// record is one offset of the in-flight window (InFlightState).
type record struct {
	lockUntil int64 // the acquisition lock's deadline while Acquired
	member    int32 // who holds it while Acquired; NoMember otherwise
	// batch is how many records the fetch that first delivered it brought
	// in: Kafka's in-flight batch, which throttled redeliveries split.
	batch      uint16
	state      State
	deliveries uint8
}

// lock is one acquisition (or renewal) of a run of records, queued in
// deadline order; a record whose lockUntil differs has been acknowledged,
// renewed or released since, and the entry passes it by.
type lock struct {
	first, last, until int64
}

// SharePartition is one partition's share state for one share group.
type SharePartition struct {
	cfg Config
	// start is the share-partition start offset (SPSO): every offset below
	// it is done. end is the first offset never acquired (Kafka's endOffset
	// + 1); the window is [start, end).
	start, end int64
	ring       []record // ring[o & (len-1)] is offset o, for start <= o < end
	// nextAvail: no offset of the window below it is Available
	// (SharePartition.findNextFetchOffset, kept as a low-water mark).
	nextAvail int64
	available int // Available records in the window
	locks     []lock
	lockHead  int
	events    []Event
	totals    Totals
}

// New is a share partition whose start offset is start: the log end for
// share.auto.offset.reset=latest (the default), the log start for earliest.
// Config.Validate holds settings to Kafka's ranges; New asks only that they
// make sense, so tests can use Kafka's own small limits.
func New(cfg Config, start int64) (*SharePartition, error) {
	switch {
	case cfg.MaxInFlight < 1:
		return nil, fmt.Errorf("share.partition.max.record.locks: %d is not positive", cfg.MaxInFlight)
	case cfg.DeliveryLimit < 1 || cfg.DeliveryLimit > 255:
		return nil, fmt.Errorf("share.delivery.count.limit: %d is not in 1..255", cfg.DeliveryLimit)
	case cfg.LockNs < 1:
		return nil, fmt.Errorf("share.record.lock.duration.ms: %d ns is not positive", cfg.LockNs)
	}
	if start < 0 {
		return nil, fmt.Errorf("start offset: %d is negative", start)
	}
	return &SharePartition{cfg: cfg, start: start, end: start, nextAvail: start, ring: make([]record, 64)}, nil
}

// StartOffset is the share-partition start offset.
func (p *SharePartition) StartOffset() int64 { return p.start }

// EndOffset is the first offset not yet acquired.
func (p *SharePartition) EndOffset() int64 { return p.end }

// InFlight is the size of the in-flight window (end - start), which
// counts against the record lock limit.
func (p *SharePartition) InFlight() int { return int(p.end - p.start) }

// Totals is what the partition has done so far.
func (p *SharePartition) Totals() Totals { return p.totals }

// Record is the state, delivery count and holder of an offset; an offset
// below the start offset is reported Acknowledged-or-Archived as done,
// one at or past the end offset as Available with no deliveries.
func (p *SharePartition) Record(offset int64) (State, int, int32) {
	switch {
	case offset < p.start:
		return Archived, 0, NoMember
	case offset >= p.end:
		return Available, 0, NoMember
	}
	r := p.at(offset)
	return r.state, int(r.deliveries), r.member
}

func (p *SharePartition) at(o int64) *record { return &p.ring[o&int64(len(p.ring)-1)] }

// grow makes room for the window to reach n records.
func (p *SharePartition) grow(n int) {
	if n <= len(p.ring) {
		return
	}
	c := len(p.ring)
	for c < n {
		c <<= 1
	}
	ring := make([]record, c)
	for o := p.start; o < p.end; o++ {
		ring[o&int64(c-1)] = *p.at(o)
	}
	p.ring = ring
}

// advance moves the start offset past the records that are done
// (maybeUpdateCachedStateAndOffsets): the window only shrinks from the
// front, at the first record still Available or Acquired.
func (p *SharePartition) advance() {
	for p.start < p.end && p.at(p.start).state.terminal() {
		p.start++
	}
	if p.nextAvail < p.start {
		p.nextAvail = p.start
	}
}

// makeAvailable returns an Acquired record to the others, or archives it
// when its deliveries reached the limit (InFlightState.tryUpdateState:
// AVAILABLE becomes ARCHIVED when deliveryCount >= maxDeliveryCount).
func (p *SharePartition) makeAvailable(o int64, r *record) State {
	r.member, r.lockUntil = NoMember, 0
	if int(r.deliveries) >= p.cfg.DeliveryLimit {
		r.state = Archived
		return Archived
	}
	r.state = Available
	p.available++
	if o < p.nextAvail {
		p.nextAvail = o
	}
	return Available
}
