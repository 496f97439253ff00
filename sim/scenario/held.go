package scenario

import (
	"cmp"
	"math"
	"slices"
)

// The events a run must hold, estimated up front. Per-key queues keep a
// copy of every record fetched and not yet processed, and the ordering
// checker an entry for it: the listener hands every record to its member's
// executor as soon as it is fetched, so what consumers cannot keep up with
// waits in memory, not in the partitions. When more events are sent than
// can be processed, the difference only grows, and past the place's
// MaxHeld the engine stops the run (HeldError). Where the fields alone
// show that it will, the run is refused before it starts, with the
// arithmetic: seconds instead of a minute of work thrown away.
//
// The engine holds every event from the oldest one waiting to the newest
// sent, the processed ones in between too. Two things keep records
// waiting, and each gives a bound. All events against what every thread
// can process (the members that get partitions × their threads ÷ the
// processing time): what waits at the end is held. And a key against one
// thread, since a per-key queue processes a key's records one at a time
// (a hot customer falls behind while the pool is mostly idle): by the end
// the busiest key has processed at most the processing time's worth of
// its records, so its oldest one waiting was sent early, and every event
// of every key sent since is held. The estimate is the larger, and a
// lower bound, so that no run that would end is refused: it counts the
// events sent less those a new group skips before its first join and
// those an order's spread leaves unsent at the end, less four standard
// deviations of the arrivals, and the records processed at their most,
// more by four standard deviations and one in each thread's hands. A run
// may still stop earlier than the estimate says (the engine's stop counts
// what it holds). It is made only where its premises hold: no timeline
// (an action changes the group or the pace) and no failures (retries and
// dead letters change what is sent and processed). Share groups have no
// per-key queues (validation refuses them).

// HeldEstimate is the least number of events a run of a scenario will
// hold at its end, and how it was computed.
type HeldEstimate struct {
	// Applies says whether the estimate was made (see above); the other
	// fields are zero when not.
	Applies bool
	// Held is the least number of events the engine holds at the end of
	// the run (0 when the consumers keep up), the larger of the two
	// bounds.
	Held float64
	// ByKeys says the per-key bound is the larger: Keys keys are each sent
	// more than one thread processes, the busiest Busiest events a second,
	// and its oldest record waiting at the end was sent before OldestS.
	ByKeys  bool
	Keys    int
	Busiest float64
	OldestS float64
	// SentPerS is the events sent a second; ProcessedPerS the most the
	// consumers' threads process a second: Members × Threads × 1000 /
	// ProcessingMs, and PerKeyPerS the most one key's are, 1000 /
	// ProcessingMs.
	SentPerS, ProcessedPerS, PerKeyPerS float64
	Members, Threads                    int
	ProcessingMs                        float64

	startS float64 // how long after the start the events counted begin
	// The bound is about grows × t - offset at t seconds (see passesAt).
	grows, offset float64
}

// heldSigmas is how many standard deviations the estimate allows the
// arrivals and the processing times to stray.
const heldSigmas = 4

// EstimateHeld is sc's HeldEstimate.
func EstimateHeld(sc Scenario) HeldEstimate {
	k := sc.Consumer
	if k.Mode != ModePerKeyQueues || len(sc.Timeline) > 0 || k.FailureRate > 0 || !(k.ProcessingMs > 0) {
		return HeldEstimate{}
	}
	for _, p := range sc.Producers {
		if p.FailureRate > 0 {
			return HeldEstimate{}
		}
	}
	perOrder := len(sc.Workload.EventsPerOrder)
	h := HeldEstimate{
		Applies:      true,
		SentPerS:     sc.Workload.OrdersPerS * float64(perOrder),
		Members:      min(k.Instances*k.Concurrency, sc.Topic.Partitions),
		Threads:      k.PoolThreads,
		ProcessingMs: k.ProcessingMs,
		PerKeyPerS:   1000 / k.ProcessingMs,
		// An order's later events, not yet sent at the end, and a second
		// for the producers' batches and the first fetch.
		startS: float64(perOrder-1)*sc.Workload.EventGapMs/1000 + 1,
	}
	if k.NewGroup && k.AutoOffsetReset == "latest" {
		// What is sent before the group's first join is skipped: its
		// delay, and two seconds for the join itself.
		h.startS += k.InitialRebalanceDelayMs/1000 + 2
	}
	h.ProcessedPerS = float64(h.Members*h.Threads) * h.PerKeyPerS
	d, sent, most := sc.DurationS, h.SentPerS, h.PerKeyPerS
	// What waits at the end: sent less processed at their most.
	h.Held = max(0, math.Floor(sent*max(0, d-h.startS)-heldSigmas*math.Sqrt(sent*d)-
		(h.ProcessedPerS*d+heldSigmas*math.Sqrt(h.ProcessedPerS*d)+float64(h.Members*h.Threads))))
	h.grows, h.offset = sent-h.ProcessedPerS, sent*h.startS
	for _, s := range customerShares(sc, most/sent) {
		h.Keys += s.keys
		h.Busiest = max(h.Busiest, sent*s.share)
	}
	if b := h.Busiest; b > 0 {
		// The busiest key has processed at most done of its records, so
		// the next one waits: it was sent by OldestS, when the key had sent
		// more than done, and every event sent since is held.
		done := most*d + heldSigmas*math.Sqrt(most*d) + 1
		h.OldestS = h.startS + (done+heldSigmas*math.Sqrt(b*d))/b
		if held := math.Floor(sent*(d-h.OldestS) - heldSigmas*math.Sqrt(sent*d)); held > h.Held {
			h.Held, h.ByKeys = held, true
			h.grows, h.offset = sent*(1-most/b), sent*(h.startS+1/b)
		}
	}
	return h
}

// keyShare is the share of the orders of each of keys customers.
type keyShare struct {
	share float64
	keys  int
}

// customerShares are the customers' shares of the orders above least,
// largest first, when every record is keyed by customer id and routed
// alike (one client and serializer, no custom partitioner: a key in one
// partition, so in one member's per-key queue); nil otherwise. A share is
// never overestimated: zipf's far tail is bounded from above by its
// integral.
func customerShares(sc Scenario, least float64) []keyShare {
	for _, p := range sc.Producers {
		if p.Key != KeyCustomerID || p.VIP != nil || p.Client != sc.Producers[0].Client || p.Serializer != sc.Producers[0].Serializer {
			return nil
		}
	}
	w := sc.Workload
	if d := w.KeyDistribution; d != nil {
		weights := d.Weights()
		var total float64
		for _, x := range weights {
			total += x
		}
		shares := make([]keyShare, 0, len(weights))
		for i, x := range weights {
			if i == len(d.Keys) { // the tail, drawn evenly among its keys
				shares = append(shares, keyShare{x / total / float64(d.TailKeys), d.TailKeys})
				continue
			}
			shares = append(shares, keyShare{x / total, 1})
		}
		return above(shares, least)
	}
	n := w.Customers
	switch w.CustomerSkew.Kind {
	case "hot":
		s := w.CustomerSkew
		shares := []keyShare{{s.HotShare / float64(s.HotCustomers), s.HotCustomers}}
		if n > s.HotCustomers {
			shares = append(shares, keyShare{(1 - s.HotShare) / float64(n-s.HotCustomers), n - s.HotCustomers})
		}
		return above(shares, least)
	case "zipf":
		s := w.CustomerSkew.S
		exact := min(n, 4096)
		shares := make([]keyShare, exact)
		var total float64
		for i := range shares {
			shares[i] = keyShare{math.Pow(float64(i+1), -s), 1}
			total += shares[i].share
		}
		if n > exact {
			a, b := float64(exact), float64(n)
			if s == 1 {
				total += math.Log(b / a)
			} else {
				total += (math.Pow(b, 1-s) - math.Pow(a, 1-s)) / (1 - s)
			}
		}
		for i := range shares {
			shares[i].share /= total
		}
		return above(shares, least)
	}
	return above([]keyShare{{1 / float64(n), n}}, least)
}

// above is the shares above least, largest first.
func above(shares []keyShare, least float64) []keyShare {
	shares = slices.DeleteFunc(shares, func(s keyShare) bool { return !(s.share > least) })
	slices.SortStableFunc(shares, func(a, b keyShare) int { return cmp.Compare(b.share, a.share) })
	return shares
}

// passesAt is about when the bound passes n (without its allowance for
// chance): about the latest the engine stops a run holding at most n
// events (+Inf when the consumers keep up).
func (h HeldEstimate) passesAt(n float64) float64 {
	if h.grows <= 0 {
		return math.Inf(1)
	}
	return (n + h.offset) / h.grows
}

// Check refuses a run that will hold more events than l allows.
func (h HeldEstimate) Check(l Limits) error {
	if !h.Applies || l.MaxHeld <= 0 || h.Held <= float64(l.MaxHeld) {
		return nil
	}
	var c checker
	at, where, limit := argFloat("at", math.Ceil(h.passesAt(float64(l.MaxHeld)))), l.whereArg(), argInt64("limit", l.MaxHeld)
	if h.ByKeys {
		c.add("duration_s", "budget.held_estimate_keys", argRoundedDown("held", h.Held), argInt("keys", h.Keys),
			argFloat("ms", h.ProcessingMs), argNumber("busiest", fmtPlain(math.Floor(h.Busiest))),
			argNumber("per_key", fmtPlain(math.Floor(h.PerKeyPerS))), argFloat("oldest", math.Ceil(h.OldestS)), at, where, limit)
		return c.err()
	}
	c.add("duration_s", "budget.held_estimate", argRoundedDown("waiting", h.Held),
		argNumber("sent", fmtPlain(h.SentPerS)), argInt("members", h.Members), argInt("threads", h.Threads),
		argFloat("ms", h.ProcessingMs), argNumber("processed", fmtPlain(math.Floor(h.ProcessedPerS))), at, where, limit)
	return c.err()
}

// argRoundedDown is a count of events rounded down to two significant
// digits: a lower bound still, written out in full ("at least 32,000,000").
func argRoundedDown(name string, v float64) MsgArg {
	if v >= 100 {
		p := math.Pow(10, math.Floor(math.Log10(v))-1)
		v = math.Floor(v/p) * p
	}
	return argNumber(name, fmtPlain(v))
}
