package ordering

import "partitionlab/sim/scenario"

// The ordering checker. A violation in a scope (order, customer, key) is an
// event whose processing completes while an event of the same scope that was
// sent earlier has not completed yet. Every sent event gets a global sequence
// number g and an inflight entry; the events of each scope key are linked in
// send order, and each key remembers the earliest event it still waits for
// (head). An event that completes while it is not its key's head is a
// violation, and the head is the evidence of which earlier event it overtook.
// Memory follows the events in flight, not the events of the run.

// Ordering scopes.
const (
	ScopeOrder = iota
	ScopeCustomer
	ScopeKey
	NumScopes
)

var scopeNames = [NumScopes]string{"order", "customer", "key"}

// Entry flags.
const (
	FlagDone            uint8 = 1 << iota // processed (or lost) at least once
	FlagLost                              // never processed: skipped or dropped
	FlagRetryTopic                        // failed and went to the retry topic
	FlagProducerRetried                   // a produce attempt failed and was retried
	flagWatched                           // an example waits for it to complete
	// FlagRedelivered: a share group made it available again (released, its
	// lock expired, its member left) after a delivery that did not finish.
	FlagRedelivered
	// FlagLastDelivery: a share group delivered it for the last time
	// (share.delivery.count.limit); if this attempt fails it is given up.
	FlagLastDelivery
)

// Entry is what the engine knows about one sent event until it has been
// processed.
type Entry struct {
	// next links the next event of the same order, customer and key: how
	// many events later it was sent (0: none yet; farLink: see far). 32 bits
	// keep the entry within 64 bytes, one cache line.
	next           [NumScopes]uint32
	Customer       int32
	SentAt         int64
	Order          int64
	Offset         int64 // -1 until appended
	KeyID          int64
	Partition      int32
	PartitionCount int32 // the partition count the producer used
	Instance       uint16
	Event          uint8
	Producer       uint8
	KeyKind        uint8
	Flags          uint8
}

// orderSlot holds one order's states while any of its events is in flight.
type orderSlot struct {
	ord, key keyState
	sent     uint8
}

// ScopeStats is one scope's violations: how many, on how many keys, and
// how many of each cause.
type ScopeStats struct {
	Violations, KeysAffected int64
	ByCause                  [NumCauses]int64
}

// Checker is the ordering checker of one run (see the package comment).
type Checker struct {
	entries    inflightStore
	oldestOpen int64 // oldest g not yet done
	nextSeq    int64 // next g to hand out

	orders orderRing    // the orders' states
	split  []*orderRing // by partition: a detached partition's orders (see Detach)

	eventsPerOrder int
	customers      []keyState                  // customer scope, by customer id
	keys           [KindCountry + 1][]keyState // key scope for customer, salted, sku, country keys

	sameRouting func(p1, p2 uint8) bool // do two producers route a key alike?
	share       bool                    // the consumers form a share group (KIP-932)

	// When every record is keyed by customer id (or every one by order id),
	// the key scope's chains are exactly the customer's (or the order's): it
	// is not tracked twice, only reported under its own name.
	tracked  int // scopes linked and checked: numScopes, or 2 with an alias
	keyAlias int // the scope the key scope mirrors, or -1

	stats     [NumScopes]ScopeStats
	examples  exampleLog
	far       map[farKey]int64 // next links too far for an entry (see farLink)
	cross     *crossState      // customers across partitions, once a partition is detached (see cross.go), or nil
	crossPlan *crossState      // prepared (Cross), before that
	ahead     map[int64]int64  // offsets of events appended before they were reserved (see deferred.go)
}

// NewChecker returns the checker of a run of sc: saltedKeys is how many
// salted keys the producers can send, and sameRouting says whether two
// producers (by index) send a key to the same partition.
func NewChecker(sc scenario.Scenario, saltedKeys int, sameRouting func(p1, p2 uint8) bool) *Checker {
	c := &Checker{
		tracked:        NumScopes,
		keyAlias:       keyScopeAlias(sc.Producers),
		oldestOpen:     1,
		nextSeq:        1,
		orders:         *newOrderRing(1),
		eventsPerOrder: len(sc.Workload.EventsPerOrder),
		customers:      make([]keyState, sc.Workload.Customers+1),
		sameRouting:    sameRouting,
		share:          sc.Consumer.IsShare(),
	}
	if c.keyAlias >= 0 {
		c.tracked = NumScopes - 1
	} else {
		c.keys[KindCustomer] = make([]keyState, sc.Workload.Customers+1)
	}
	c.keys[KindSalted] = make([]keyState, saltedKeys)
	c.keys[KindSKU] = make([]keyState, sc.Workload.Skus)
	c.keys[KindCountry] = make([]keyState, sc.Workload.Countries)
	return c
}

// keyScopeAlias is the scope whose chains the key scope repeats exactly: the
// customer scope when every producer keys by customer id, the order scope
// when every one keys by order id; otherwise -1.
func keyScopeAlias(ps []scenario.Producer) int {
	alias := -1
	for i, p := range ps {
		a := -1
		switch p.Key {
		case scenario.KeyCustomerID:
			a = ScopeCustomer
		case scenario.KeyOrderID:
			a = ScopeOrder
		}
		if a < 0 || (i > 0 && a != alias) {
			return -1
		}
		alias = a
	}
	return alias
}

// Entry is event g's entry; once g is no longer Tracked, a stand-in that
// reads as done.
func (c *Checker) Entry(g int64) *Entry { return c.entries.at(g) }

// state is the scope key of an event, or nil for the key scope of a keyless
// record.
func (c *Checker) state(scope int, d *Entry) *keyState {
	switch scope {
	case ScopeOrder:
		return &c.slotOf(d).ord
	case ScopeCustomer:
		return &c.customers[d.Customer]
	}
	switch d.KeyKind {
	case KindNone:
		return nil
	case KindOrder:
		return &c.slotOf(d).key
	}
	return &c.keys[d.KeyKind][d.KeyID]
}

// Reserve hands out the next g and its cleared Entry, which the
// caller fills in place (building it elsewhere and copying it in would cost
// a store-forwarding stall per event) before calling Sent.
func (c *Checker) Reserve(order int64) (int64, *Entry) {
	if order >= c.orders.end {
		c.orders.reach(order)
	}
	return c.reserve(order)
}

func (c *Checker) reserve(order int64) (int64, *Entry) {
	c.entries.hold(c.nextSeq)
	g := c.nextSeq
	c.nextSeq++
	d := c.Entry(g)
	*d = Entry{Order: order, Offset: -1}
	if len(c.ahead) > 0 {
		c.appendedAhead(g, d)
	}
	return g, d
}

// Sent registers a sent event, filled in by the caller, in its scopes.
func (c *Checker) Sent(g int64, d *Entry) {
	if c.cross != nil {
		c.sentCross(g, d)
		return
	}
	o := c.slotOf(d)
	o.sent++
	if !o.ord.linkFirst(g) {
		c.linkIn(ScopeOrder, &o.ord, g)
	}
	if ks := &c.customers[d.Customer]; !ks.linkFirst(g) {
		c.linkIn(ScopeCustomer, ks, g)
	}
	if c.tracked == NumScopes {
		if ks := c.state(ScopeKey, d); ks != nil {
			c.linkIn(ScopeKey, ks, g)
		}
	}
}

// Completion is who finished an event and when.
type Completion struct {
	At     int64
	Thread int32
	Lost   bool
}

// Completed records that event g, whose entry is d (Entry(g)), finished
// processing (or was lost). It reports whether g had already been
// processed: a duplicate.
func (c *Checker) Completed(g int64, d *Entry, how Completion) (duplicate bool) {
	if g < c.oldestOpen || d.Flags&FlagDone != 0 {
		return true
	}
	d.Flags |= FlagDone
	if how.Lost {
		d.Flags |= FlagLost
	}
	// Most events are the only one of their order and customer in flight:
	// those keys are done without a call.
	var broken int
	// r.slot(d.Order), written out: the main ring's path stays as short as
	// it was before sparse rings (6 instructions an event less).
	r := c.ringOf(d)
	o := r.at(d.Order)
	if r.sparse != nil {
		o = r.sparseSlot(d.Order)
	}
	if !o.ord.completeAlone(g, d.next[ScopeOrder]) {
		broken = c.completeIn(ScopeOrder, &o.ord, g, d, how)
	}
	if ks := &c.customers[d.Customer]; !ks.completeAlone(g, d.next[ScopeCustomer]) {
		broken |= c.completeIn(ScopeCustomer, ks, g, d, how)
	}
	if c.tracked == NumScopes {
		if ks := c.state(ScopeKey, d); ks != nil {
			c.completeIn(ScopeKey, ks, g, d, how)
		}
	} else if broken != 0 && broken&(1<<c.keyAlias) != 0 {
		// The key scope is the same chain: the same violation, in its name.
		c.violation(ScopeKey, c.state(c.keyAlias, d), g, how)
	}
	if d.Flags&flagWatched != 0 {
		c.examples.earlierDone(g, d, how)
	}
	if r.oldest == d.Order {
		r.forget(c.eventsPerOrder)
	}
	if c.oldestOpen == g {
		c.oldestOpen = g + 1
		if c.oldestOpen < c.nextSeq && c.Entry(c.oldestOpen).Flags&FlagDone != 0 {
			c.oldestOpen = c.entries.firstNotDone(c.oldestOpen, c.nextSeq)
		}
		c.entries.release(c.oldestOpen)
	}
	return false
}

// completeIn moves scope s's key ks past g, or counts a violation if an
// earlier event of the key is still waiting; it reports a violation
// as 1<<s, and nothing found as 0.
func (c *Checker) completeIn(s int, ks *keyState, g int64, d *Entry, how Completion) int {
	if s == ScopeCustomer && c.cross != nil {
		return c.completeCross(g, d, how) // ks is a stand-in (see startCross)
	}
	if ks.head == g {
		c.passHead(s, ks, g, d)
		return 0
	}
	if how.Lost {
		return 0
	}
	c.violation(s, ks, g, how)
	return 1 << s
}

// passHead moves scope s's key ks, whose head g (entry d) just completed,
// to its next event not done.
func (c *Checker) passHead(s int, ks *keyState, g int64, d *Entry) {
	h := c.nextOf(g, d, s)
	for h != 0 {
		hd := c.Entry(h)
		if hd.Flags&FlagDone == 0 {
			break
		}
		h = c.nextOf(h, hd, s)
	}
	ks.head = h
	if h == 0 {
		ks.setLast(0)
	}
}

// violation counts one in scope s; ks is the chain it was found on (the
// aliased scope's, for an aliased key scope).
func (c *Checker) violation(s int, ks *keyState, g int64, how Completion) {
	st := &c.stats[s]
	st.Violations++
	if ks.markAffected(s) {
		st.KeysAffected++
	}
	earlier, later := c.Entry(ks.head), c.Entry(g)
	cause := c.causeOf(earlier, later)
	st.ByCause[cause]++
	if c.examples.wants(s) {
		earlier.Flags |= flagWatched
		c.examples.add(s, cause, ks.head, *earlier, *later, how)
	}
}

// Violations is each scope's count so far.
func (c *Checker) Violations() [NumScopes]int64 {
	var v [NumScopes]int64
	for s := range NumScopes {
		v[s] = c.stats[s].Violations
	}
	return v
}

// Stats is scope s's violations so far, in all and by cause.
func (c *Checker) Stats(s int) ScopeStats { return c.stats[s] }

// Examples are the first violations of each scope (up to
// examplesPerScope), with the evidence of both events.
func (c *Checker) Examples() []Example { return c.examples.list }

// Tracked reports whether event g still has its own entry: false once g
// and every event before it have completed (Entry then returns a stand-in).
func (c *Checker) Tracked(g int64) bool { return g >= c.oldestOpen }

// ScopeName is scope s's name in results: order, customer or key.
func ScopeName(s int) string { return scopeNames[s] }
