package ordering

// Customers across partitions. When records are keyed by something an
// order keeps but a customer does not (country, SKU, order id, a hot
// customer's id salted by order id), every order and every key stays in one
// partition, but a customer's events go to many.
// A detached partition's events reach the checker late, when its consumer
// reaches them (see Detach), so their g no longer says when they were sent
// beside the other partitions' events, and one chain per customer in g
// order would put them in the wrong place.
//
// So once such a run detaches a partition, each customer has a chain per
// group: group 0 for the events the checker gets in send order (every
// partition not detached, and what a detached one sent before it was), and
// one group per detached partition for its events from then on. Every
// stream that registers events also counts, by customer and group, the
// events it sends or passes over (Passed); an event keeps, beside its
// entry, how many of its customer's events of each group were sent before
// it. The earliest event of a group not done is its chain's head, or, when
// that group's own stream has not yet reached as many of the customer's
// events as were sent before the completing one, one not yet registered.
// The earliest of these over the groups is the event overtaken: the same
// event, and so the same violation, cause and example, as one chain in send
// order would find.
//
// An event not yet registered has no entry: it was never fetched, so no
// flag is set on it, and it is in another partition under another key
// (one routing, a fixed partition count), so the cause is salting when the
// completing event's key is salted (a customer whose events are not all
// salted stays in one partition) and otherwise that the key does not cover
// the scope. Examples need its entry, so the engine detaches only once the
// customer scope has all its examples (CrossRoom).

// maxCrossGroups is group 0 and up to four detached partitions.
const maxCrossGroups = 5

// crossMemory bounds the per-customer counts and chains of the groups, set
// once for the run by its customers (Cross). Beside them: the customers'
// chains the checker had (16 bytes a customer, left empty at the first
// detach), and 24 bytes for each event in flight (crossSide).
const crossMemory = 32 << 20

// crossSide is what an event keeps beside its entry in such a run.
type crossSide struct {
	before [maxCrossGroups]uint32 // the customer's events of each group sent earlier
	group  uint8
}

// crossState is the checker's state for customers across partitions.
type crossState struct {
	groups    int                        // in use: 1 + the partitions detached
	limit     int                        // the most this run may use
	customers int                        // customer ids are 0..customers
	ofPart    []uint8                    // by partition: its group once detached, 0 before
	since     [maxCrossGroups]int64      // a group's stream position at its detach
	counts    [maxCrossGroups][]uint32   // by stream (its group), customer*maxCrossGroups + group
	chains    [maxCrossGroups][]keyState // by group, customer

	// What each event in flight keeps beside its entry: sides[i] holds the
	// events of block number first+i (as the entries' inflightStore, whose
	// hot path stays as it is).
	sides    []*sideBlock
	first    int64
	spare    *sideBlock
	goneSide crossSide
}

type sideBlock [1 << inflightBlockBits]crossSide

// side is what event g keeps beside its entry; an event long done reads a
// stand-in, shared. The checker asks only for events not done, whose
// sides are kept (g at or after the oldest in flight).
func (x *crossState) side(g int64) *crossSide {
	i := g>>inflightBlockBits - x.first
	if uint64(i) >= uint64(len(x.sides)) {
		x.goneSide = crossSide{}
		return &x.goneSide
	}
	return &x.sides[i][g&(1<<inflightBlockBits-1)]
}

// hold makes room for event g, the next one sent (or, at the start, any
// from the newest back), and lets go of the blocks wholly before oldest,
// the oldest event in flight.
func (x *crossState) hold(g, oldest int64) {
	if i := g>>inflightBlockBits - x.first; i >= 0 && i < int64(len(x.sides)) {
		return
	}
	if len(x.sides) > 0 && g>>inflightBlockBits < x.first {
		x.sides = append([]*sideBlock{new(sideBlock)}, x.sides...)
		x.first--
		return
	}
	for oldest>>inflightBlockBits > x.first && len(x.sides) > 0 {
		x.spare, x.sides[0] = x.sides[0], nil
		x.sides = x.sides[1:]
		x.first++
	}
	if len(x.sides) == 0 {
		x.first = g >> inflightBlockBits
	}
	b := x.spare
	if b == nil {
		b = new(sideBlock)
	}
	x.spare = nil
	x.sides = append(x.sides, b)
}

// Cross prepares the checker for a run whose customers span partitions
// and which may detach some of them (see above); partitions is how many
// the topic may ever have. It reports how many it may detach: none when
// the counts for so many customers would not fit in crossMemory. Nothing
// changes until the first DetachCross.
func (c *Checker) Cross(customers, partitions int) int {
	perStream := (customers + 1) * (maxCrossGroups*4 + 16)
	limit := min(maxCrossGroups, crossMemory/perStream)
	if limit < 2 {
		return 0
	}
	c.crossPlan = &crossState{groups: 1, limit: limit, customers: customers, ofPart: make([]uint8, partitions)}
	return limit - 1
}

// CrossRoom says whether a partition may be detached now: another group
// fits, and the customer scope has all the examples it keeps (an event
// not yet registered could not be one's evidence).
func (c *Checker) CrossRoom() bool {
	x := c.cross
	if x == nil {
		x = c.crossPlan
	}
	return x.groups < x.limit && !c.examples.wants(ScopeCustomer)
}

// DetachCross gives partition p, detached (Detach) with its stream at
// position pos, a group: its events from then on, which that stream
// registers, are counted apart. The stream that registers the others'
// events must be at pos too, and every other detached partition's at or
// before it.
func (c *Checker) DetachCross(p int32, pos int64) {
	if c.cross == nil {
		c.startCross()
	}
	x := c.cross
	gr := x.groups
	x.groups++
	x.ofPart[p] = uint8(gr)
	x.since[gr] = pos
	x.counts[gr] = append([]uint32(nil), x.counts[0]...)
	x.chains[gr] = make([]keyState, x.customers+1)
}

// Passed notes that a stream passed over an event of customer in partition
// part, at position pos, without registering it: the stream of the
// detached partition from (-1: the stream that registers the others).
func (c *Checker) Passed(from int32, customer int32, part int32, pos int64) {
	x := c.cross
	gr := x.ofPart[part]
	if gr != 0 && pos <= x.since[gr] {
		gr = 0 // sent before its partition was detached
	}
	stream := 0
	if from >= 0 {
		stream = int(x.ofPart[from])
	}
	x.counts[stream][int(customer)*maxCrossGroups+int(gr)]++
}

// crossBase is where a customer's count of group 0's events starts when the
// first partition is detached: ordinals are only compared, so they may
// start anywhere, and the events in flight then are numbered below it.
const crossBase = 1 << 31

// startCross turns on the groups at the first detach. From then on Sent
// registers events as sentCross does, and the customers' chains are the
// groups': the chains so far become group 0's, and Checker.customers is
// left empty, so that Completed, finding no customer chain that g alone
// makes up, always asks completeIn, which hands over to completeCross.
// Each event in flight gets its side: how many of its customer's events
// were sent before it, counted back from the customer's crossBase (at
// most the events the run may hold, scenario.Limits.MaxHeld, 24 bytes
// each).
func (c *Checker) startCross() {
	x := c.crossPlan
	c.cross, c.crossPlan = x, nil
	x.counts[0] = make([]uint32, (x.customers+1)*maxCrossGroups)
	for cust := range x.customers + 1 {
		x.counts[0][cust*maxCrossGroups] = crossBase
	}
	x.chains[0], c.customers = c.customers, make([]keyState, x.customers+1)
	after := make([]uint32, x.customers+1) // events of each customer sent later
	for g := c.nextSeq - 1; g >= c.oldestOpen; g-- {
		cust := c.Entry(g).Customer
		x.hold(g, c.oldestOpen)
		*x.side(g) = crossSide{before: [maxCrossGroups]uint32{crossBase - 1 - after[cust]}}
		after[cust]++
	}
}

// sentCross is Sent in a run prepared with Cross: event g, whose entry d
// is filled in, notes how many of its customer's events of each group
// were sent before it, and is linked in its group's customer chain.
//
// Its order and key part is Sent's, written out: shared as a function of
// their own, the 1 M-event reference run took 20 M instructions more.
func (c *Checker) sentCross(g int64, d *Entry) {
	o := c.slotOf(d)
	o.sent++
	if !o.ord.linkFirst(g) {
		c.linkIn(ScopeOrder, &o.ord, g)
	}
	if c.tracked == NumScopes {
		if ks := c.state(ScopeKey, d); ks != nil {
			c.linkIn(ScopeKey, ks, g)
		}
	}
	x := c.cross
	gr := int(x.ofPart[d.Partition]) // the stream registering it is its group's
	row := x.counts[gr][int(d.Customer)*maxCrossGroups:][:maxCrossGroups]
	x.hold(g, c.oldestOpen)
	side := x.side(g)
	copy(side.before[:], row)
	side.group = uint8(gr)
	row[gr]++
	if ks := &x.chains[gr][d.Customer]; !ks.linkFirst(g) {
		c.linkIn(ScopeCustomer, ks, g)
	}
}

// completeCross is completeIn for the customer scope once a partition is
// detached in such a run.
func (c *Checker) completeCross(g int64, d *Entry, how Completion) int {
	x := c.cross
	me := x.side(g)
	cust := int(d.Customer)
	// Over the groups: the earliest registered event of the customer sent
	// before g and not done (first, with its side), and, by group, how many
	// of the customer's events are registered when some sent before g are
	// not (those are not done either).
	var first int64
	var firstSide *crossSide
	var registered [maxCrossGroups]uint32
	var behind [maxCrossGroups]bool
	for gr := range x.groups {
		// A group's registered events come before those not yet
		// registered: its earliest not done is its chain's head, if any.
		h := x.chains[gr][cust].head
		if h == 0 || h == g {
			if made := x.counts[gr][cust*maxCrossGroups+gr]; made < me.before[gr] {
				registered[gr], behind[gr] = made, true
			}
			continue
		}
		hs := x.side(h)
		if hs.before[gr] >= me.before[gr] {
			continue // sent after g: every one before g is done
		}
		// h is the hs.before[gr]+1-th of its group: sent before first if
		// first's customer had sent that many of the group before it.
		if first == 0 || hs.before[gr] < firstSide.before[gr] {
			first, firstSide = h, hs
		}
	}
	// The one overtaken is an event not registered yet if one of those was
	// sent before first (the registered+1-th of its group, before first
	// if first's customer had sent more of the group), or if there is no
	// first.
	unregistered := false
	for gr := range x.groups {
		if behind[gr] && (first == 0 || registered[gr] < firstSide.before[gr]) {
			unregistered = true
			break
		}
	}
	if ks := &x.chains[me.group][cust]; ks.head == g {
		c.passHead(ScopeCustomer, ks, g, d)
	}
	if (first == 0 && !unregistered) || how.Lost {
		return 0
	}
	st := &c.stats[ScopeCustomer]
	st.Violations++
	if x.chains[0][cust].markAffected(ScopeCustomer) {
		st.KeysAffected++
	}
	if unregistered {
		if d.KeyKind == KindSalted {
			st.ByCause[causeSalting]++
		} else {
			st.ByCause[causeKeyScope]++
		}
		return 1 << ScopeCustomer
	}
	earlier, later := c.Entry(first), c.Entry(g)
	cause := c.causeOf(earlier, later)
	st.ByCause[cause]++
	if c.examples.wants(ScopeCustomer) {
		earlier.Flags |= flagWatched
		c.examples.add(ScopeCustomer, cause, first, *earlier, *later, how)
	}
	return 1 << ScopeCustomer
}
