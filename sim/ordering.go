package sim

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
	scopeOrder = iota
	scopeCustomer
	scopeKey
	numScopes
)

var scopeNames = [numScopes]string{"order", "customer", "key"}

// Inflight flags.
const (
	flagDone            uint8 = 1 << iota // processed (or lost) at least once
	flagLost                              // never processed: skipped or dropped
	flagRetryTopic                        // failed and went to the retry topic
	flagProducerRetried                   // a produce attempt failed and was retried
	flagWatched                           // an example waits for it to complete
)

// inflight is what the engine knows about one sent event until it has been
// processed.
type inflight struct {
	// next links the next event of the same order, customer and key: how
	// many events later it was sent (0: none yet; farLink: see far). 32 bits
	// keep the entry within 64 bytes, one cache line.
	next      [numScopes]uint32
	customer  int32
	sent      int64
	order     int64
	offset    int64 // -1 until appended
	keyID     int64
	partition int32
	viewN     int32 // the partition count the producer used
	instance  uint16
	event     uint8
	producer  uint8
	keyKind   uint8
	flags     uint8
}

// orderSlot holds one order's states while any of its events is in flight.
type orderSlot struct {
	ord, key keyState
	sent     uint8
}

type scopeStats struct {
	violations, keysAffected int64
	byCause                  [numCauses]int64
}

type orderingChecker struct {
	descs inflightStore
	dBase int64 // oldest g not yet done
	dNext int64 // next g to hand out

	orders []orderSlot // ring indexed by order id & mask
	oBase  int64       // oldest order with events in flight
	oEnd   int64       // one past the newest order seen

	eventsPerOrder int
	customers      []keyState                  // customer scope, by customer id
	keys           [kindCountry + 1][]keyState // key scope for customer, salted, sku, country keys

	sameRouting func(p1, p2 uint8) bool // do two producers route a key alike?

	// When every record is keyed by customer id (or every one by order id),
	// the key scope's chains are exactly the customer's (or the order's): it
	// is not tracked twice, only reported under its own name.
	tracked  int // scopes linked and checked: numScopes, or 2 with an alias
	keyAlias int // the scope the key scope mirrors, or -1

	stats    [numScopes]scopeStats
	examples exampleLog
	far      map[farKey]int64 // next links too far for an entry (see farLink)
}

func newOrderingChecker(sc scenario.Scenario, saltedKeys int, sameRouting func(p1, p2 uint8) bool) *orderingChecker {
	c := &orderingChecker{
		tracked:        numScopes,
		keyAlias:       keyScopeAlias(sc.Producers),
		dBase:          1,
		dNext:          1,
		orders:         make([]orderSlot, 256),
		oBase:          1,
		oEnd:           1,
		eventsPerOrder: len(sc.Workload.EventsPerOrder),
		customers:      make([]keyState, sc.Workload.Customers+1),
		sameRouting:    sameRouting,
	}
	if c.keyAlias >= 0 {
		c.tracked = numScopes - 1
	} else {
		c.keys[kindCustomer] = make([]keyState, sc.Workload.Customers+1)
	}
	c.keys[kindSalted] = make([]keyState, saltedKeys)
	c.keys[kindSKU] = make([]keyState, sc.Workload.Skus)
	c.keys[kindCountry] = make([]keyState, sc.Workload.Countries)
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
			a = scopeCustomer
		case scenario.KeyOrderID:
			a = scopeOrder
		}
		if a < 0 || (i > 0 && a != alias) {
			return -1
		}
		alias = a
	}
	return alias
}

func (c *orderingChecker) desc(g int64) *inflight { return c.descs.at(g) }

func (c *orderingChecker) slot(order int64) *orderSlot {
	return &c.orders[order&int64(len(c.orders)-1)]
}

// state is the scope key of an event, or nil for the key scope of a keyless
// record.
func (c *orderingChecker) state(scope int, d *inflight) *keyState {
	switch scope {
	case scopeOrder:
		return &c.slot(d.order).ord
	case scopeCustomer:
		return &c.customers[d.customer]
	}
	switch d.keyKind {
	case kindNone:
		return nil
	case kindOrder:
		return &c.slot(d.order).key
	}
	return &c.keys[d.keyKind][d.keyID]
}

// alloc hands out the next g and its cleared inflight entry, which the
// caller fills in place (building it elsewhere and copying it in would cost
// a store-forwarding stall per event) before calling link.
func (c *orderingChecker) alloc(order int64) (int64, *inflight) {
	c.descs.hold(c.dNext)
	if order >= c.oEnd {
		for c.oEnd <= order {
			if c.oEnd-c.oBase == int64(len(c.orders)) {
				c.orders = regrow(c.orders, c.oBase, c.oEnd)
			}
			*c.slot(c.oEnd) = orderSlot{}
			c.oEnd++
		}
	}
	g := c.dNext
	c.dNext++
	d := c.desc(g)
	*d = inflight{order: order, offset: -1}
	return g, d
}

// link registers a sent event, filled in by the caller, in its scopes.
func (c *orderingChecker) link(g int64, d *inflight) {
	o := c.slot(d.order)
	o.sent++
	if !o.ord.linkFirst(g) {
		c.linkIn(scopeOrder, &o.ord, g)
	}
	if ks := &c.customers[d.customer]; !ks.linkFirst(g) {
		c.linkIn(scopeCustomer, ks, g)
	}
	if c.tracked == numScopes {
		if ks := c.state(scopeKey, d); ks != nil {
			c.linkIn(scopeKey, ks, g)
		}
	}
}

// completion is who finished an event and when.
type completion struct {
	at     int64
	thread int32
	lost   bool
}

// complete records that event g, whose entry is d (desc(g)), finished
// processing (or was lost). It reports whether g had already been
// processed: a duplicate.
func (c *orderingChecker) complete(g int64, d *inflight, how completion) (duplicate bool) {
	if g < c.dBase || d.flags&flagDone != 0 {
		return true
	}
	d.flags |= flagDone
	if how.lost {
		d.flags |= flagLost
	}
	// Most events are the only one of their order and customer in flight:
	// those keys are done without a call.
	var broken int
	if o := c.slot(d.order); !o.ord.completeAlone(g, d.next[scopeOrder]) {
		broken = c.completeIn(scopeOrder, &o.ord, g, d, how)
	}
	if ks := &c.customers[d.customer]; !ks.completeAlone(g, d.next[scopeCustomer]) {
		broken |= c.completeIn(scopeCustomer, ks, g, d, how)
	}
	if c.tracked == numScopes {
		if ks := c.state(scopeKey, d); ks != nil {
			c.completeIn(scopeKey, ks, g, d, how)
		}
	} else if broken != 0 && broken&(1<<c.keyAlias) != 0 {
		// The key scope is the same chain: the same violation, in its name.
		c.violation(scopeKey, c.state(c.keyAlias, d), g, how)
	}
	if d.flags&flagWatched != 0 {
		c.examples.earlierDone(g, d, how)
	}
	if c.oBase == d.order {
		c.forgetOrders()
	}
	if c.dBase == g {
		c.dBase = g + 1
		if c.dBase < c.dNext && c.desc(c.dBase).flags&flagDone != 0 {
			c.dBase = c.descs.firstNotDone(c.dBase, c.dNext)
		}
		c.descs.release(c.dBase)
	}
	return false
}

// completeIn moves scope s's key ks past g, or counts a violation if an
// earlier event of the key is still waiting; it reports a violation
// as 1<<s, and nothing found as 0.
func (c *orderingChecker) completeIn(s int, ks *keyState, g int64, d *inflight, how completion) int {
	if ks.head == g {
		h := c.nextOf(g, d, s)
		for h != 0 {
			hd := c.desc(h)
			if hd.flags&flagDone == 0 {
				break
			}
			h = c.nextOf(h, hd, s)
		}
		ks.head = h
		if h == 0 {
			ks.setLast(0)
		}
		return 0
	}
	if how.lost {
		return 0
	}
	c.violation(s, ks, g, how)
	return 1 << s
}

// forgetOrders lets go of the oldest orders whose events were all sent and
// processed.
func (c *orderingChecker) forgetOrders() {
	for c.oBase < c.oEnd {
		o := c.slot(c.oBase)
		if int(o.sent) < c.eventsPerOrder || o.ord.head != 0 {
			break
		}
		c.oBase++
	}
}

// violation counts one in scope s; ks is the chain it was found on (the
// aliased scope's, for an aliased key scope).
func (c *orderingChecker) violation(s int, ks *keyState, g int64, how completion) {
	st := &c.stats[s]
	st.violations++
	if ks.markAffected(s) {
		st.keysAffected++
	}
	earlier, later := c.desc(ks.head), c.desc(g)
	cause := c.cause(earlier, later)
	st.byCause[cause]++
	if c.examples.wants(s) {
		earlier.flags |= flagWatched
		c.examples.add(s, cause, ks.head, *earlier, *later, how)
	}
}

// violations is each scope's count so far.
func (c *orderingChecker) violations() [numScopes]int64 {
	var v [numScopes]int64
	for s := range numScopes {
		v[s] = c.stats[s].violations
	}
	return v
}

// regrow doubles a ring holding indexes base..end-1.
func regrow[T any](ring []T, base, end int64) []T {
	n := int64(2 * len(ring))
	out := make([]T, n)
	for i := base; i < end; i++ {
		out[i&(n-1)] = ring[i&int64(len(ring)-1)]
	}
	return out
}
