package sim

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
	next      [numScopes]int64 // next event of the same order, customer, key; 0 if none yet
	sent      int64
	order     int64
	offset    int64 // -1 until appended
	keyID     int64
	customer  int32
	partition int32
	viewN     int32 // the partition count the producer used
	instance  uint16
	event     uint8
	producer  uint8
	keyKind   uint8
	flags     uint8
}

// keyState is one scope key: the earliest event not yet processed and the
// last one sent, by g (0: none).
type keyState struct {
	head, tail int64
	affected   bool
}

// customerState holds a customer's scope and, when records are keyed by
// customer id, its key's scope side by side: one cache line, not two.
type customerState struct {
	scope, key keyState
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
	descs []inflight // ring indexed by g & mask
	dBase int64      // oldest g not yet done
	dNext int64      // next g to hand out

	orders []orderSlot // ring indexed by order id & mask
	oBase  int64       // oldest order with events in flight
	oEnd   int64       // one past the newest order seen

	eventsPerOrder int
	customers      []customerState             // by customer id
	keys           [kindCountry + 1][]keyState // key scope for customer, salted, sku, country keys

	sameRouting func(p1, p2 uint8) bool // do two producers route a key alike?

	stats    [numScopes]scopeStats
	examples exampleLog
}

func newOrderingChecker(sc Scenario, saltedKeys int, sameRouting func(p1, p2 uint8) bool) *orderingChecker {
	c := &orderingChecker{
		descs:          make([]inflight, 1024),
		dBase:          1,
		dNext:          1,
		orders:         make([]orderSlot, 256),
		oBase:          1,
		oEnd:           1,
		eventsPerOrder: len(sc.Workload.EventsPerOrder),
		customers:      make([]customerState, sc.Workload.Customers+1),
		sameRouting:    sameRouting,
	}
	c.keys[kindSalted] = make([]keyState, saltedKeys)
	c.keys[kindSKU] = make([]keyState, sc.Workload.Skus)
	c.keys[kindCountry] = make([]keyState, sc.Workload.Countries)
	return c
}

func (c *orderingChecker) desc(g int64) *inflight { return &c.descs[g&int64(len(c.descs)-1)] }

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
		return &c.customers[d.customer].scope
	}
	switch d.keyKind {
	case kindNone:
		return nil
	case kindOrder:
		return &c.slot(d.order).key
	case kindCustomer:
		return &c.customers[d.keyID].key
	}
	return &c.keys[d.keyKind][d.keyID]
}

// send registers a sent event and returns its g.
func (c *orderingChecker) send(d inflight) int64 {
	if c.dNext-c.dBase == int64(len(c.descs)) {
		c.descs = regrow(c.descs, c.dBase, c.dNext)
	}
	if d.order >= c.oEnd {
		for c.oEnd <= d.order {
			if c.oEnd-c.oBase == int64(len(c.orders)) {
				c.orders = regrow(c.orders, c.oBase, c.oEnd)
			}
			*c.slot(c.oEnd) = orderSlot{}
			c.oEnd++
		}
	}
	g := c.dNext
	c.dNext++
	d.offset = -1
	*c.desc(g) = d
	c.slot(d.order).sent++
	for s := range numScopes {
		ks := c.state(s, &d)
		if ks == nil {
			continue
		}
		if ks.head == 0 {
			ks.head = g
		} else {
			c.desc(ks.tail).next[s] = g
		}
		ks.tail = g
	}
	return g
}

// completion is who finished an event and when.
type completion struct {
	at     int64
	thread int32
	lost   bool
}

// complete records that event g finished processing (or was lost). It
// reports whether g had already been processed: a duplicate.
func (c *orderingChecker) complete(g int64, how completion) (duplicate bool) {
	if g < c.dBase || c.desc(g).flags&flagDone != 0 {
		return true
	}
	d := c.desc(g)
	d.flags |= flagDone
	if how.lost {
		d.flags |= flagLost
	}
	for s := range numScopes {
		ks := c.state(s, d)
		if ks == nil {
			continue
		}
		if ks.head == g {
			h := d.next[s]
			for h != 0 && c.desc(h).flags&flagDone != 0 {
				h = c.desc(h).next[s]
			}
			ks.head = h
			if h == 0 {
				ks.tail = 0
			}
			continue
		}
		if !how.lost {
			c.violation(s, ks, g, how)
		}
	}
	if d.flags&flagWatched != 0 {
		c.examples.earlierDone(g, d, how)
	}
	for c.oBase < c.oEnd {
		o := c.slot(c.oBase)
		if int(o.sent) < c.eventsPerOrder || o.ord.head != 0 {
			break
		}
		c.oBase++
	}
	for c.dBase < c.dNext && c.desc(c.dBase).flags&flagDone != 0 {
		c.dBase++
	}
	return false
}

func (c *orderingChecker) violation(s int, ks *keyState, g int64, how completion) {
	st := &c.stats[s]
	st.violations++
	if !ks.affected {
		ks.affected = true
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

// regrow doubles a ring holding indexes base..end-1.
func regrow[T any](ring []T, base, end int64) []T {
	n := int64(2 * len(ring))
	out := make([]T, n)
	for i := base; i < end; i++ {
		out[i&(n-1)] = ring[i&int64(len(ring)-1)]
	}
	return out
}
