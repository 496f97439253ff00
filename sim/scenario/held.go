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
// Two things keep records waiting, and each gives a bound: all events
// against what every thread can process (the members that get partitions
// × their threads ÷ the processing time), and each key against one
// thread, since a per-key queue processes a key's records one at a time
// (a hot customer falls behind while the pool is mostly idle). The
// estimate is the larger, and a lower bound, so that no run that would
// end is refused: the events sent (less those a new group skips before
// its first join and those an order's spread leaves unsent at the end,
// less four standard deviations of the arrivals) less the most that can
// be processed (more by four standard deviations, and one record in each
// thread's hands). The
// engine holds more than this (every event from the oldest one waiting
// to the newest sent, the processed ones in between too), so a run may
// still stop earlier than the estimate says. It is made only where its
// premises hold: no timeline (an action changes the group or the pace)
// and no failures (retries and dead letters change what is sent and
// processed). Share groups have no per-key queues (validation refuses
// them).

// HeldEstimate is the least number of events a run of a scenario will
// hold at its end, and how it was computed.
type HeldEstimate struct {
	// Applies says whether the estimate was made (see above); the other
	// fields are zero when not.
	Applies bool
	// Waiting is the least number of events sent and not yet processed at
	// the end of the run (0 when the consumers keep up), the larger of the
	// two bounds.
	Waiting float64
	// ByKeys says the per-key bound is the larger: Keys keys are each sent
	// more than one thread processes, the busiest Busiest events a second.
	ByKeys  bool
	Keys    int
	Busiest float64
	// SentPerS is the events sent a second; ProcessedPerS the most the
	// consumers' threads process a second: Members × Threads × 1000 /
	// ProcessingMs, and PerKeyPerS the most one key's are, 1000 /
	// ProcessingMs.
	SentPerS, ProcessedPerS, PerKeyPerS float64
	Members, Threads                    int
	ProcessingMs                        float64

	startS    float64 // how long after the start the events counted begin
	grows     float64 // by how much the bound grows a second
	uncounted float64 // the events of the first startS seconds, a second of startS
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
	d := sc.DurationS
	h.Waiting = h.behind(h.SentPerS, h.ProcessedPerS, float64(h.Members*h.Threads), d)
	h.grows, h.uncounted = h.SentPerS-h.ProcessedPerS, h.SentPerS
	var byKeys, grows, uncounted float64
	for _, s := range customerShares(sc, h.PerKeyPerS/h.SentPerS) {
		rate := h.SentPerS * s.share
		n := float64(s.keys)
		h.Keys += s.keys
		h.Busiest = max(h.Busiest, rate)
		byKeys += n * h.behind(rate, h.PerKeyPerS, 1, d)
		grows += n * (rate - h.PerKeyPerS)
		uncounted += n * rate
	}
	if byKeys > h.Waiting {
		h.Waiting, h.ByKeys, h.grows, h.uncounted = byKeys, true, grows, uncounted
	}
	if h.Waiting == 0 {
		h.Keys, h.Busiest = 0, 0
	}
	return h
}

// behind is the least number of events of a stream sent at rate a second,
// and processed by hands threads at most at most a second, that still wait
// after d seconds.
func (h HeldEstimate) behind(rate, most, hands, d float64) float64 {
	sent := rate*max(0, d-h.startS) - heldSigmas*math.Sqrt(rate*d)
	processed := most*d + heldSigmas*math.Sqrt(most*d) + hands
	return max(0, math.Floor(sent-processed))
}

// keyShare is the share of the orders of each of keys customers.
type keyShare struct {
	share float64
	keys  int
}

// customerShares are the customers' shares of the orders above least,
// largest first, when every record is keyed by customer id and routed alike (one client
// and serializer, no custom partitioner: a key in one partition, so in one
// member's per-key queue); nil otherwise. A share is never overestimated:
// zipf's far tail is bounded from above by its integral.
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

// passesAt is about when the events waiting pass n, by the estimate
// (without its allowance for chance): about the latest the engine stops a
// run holding at most n events (+Inf when the consumers keep up).
func (h HeldEstimate) passesAt(n float64) float64 {
	if h.grows <= 0 {
		return math.Inf(1)
	}
	return (n + h.uncounted*h.startS) / h.grows
}

// Check refuses a run that will hold more events than l allows.
func (h HeldEstimate) Check(l Limits) error {
	if !h.Applies || l.MaxHeld <= 0 || h.Waiting <= float64(l.MaxHeld) {
		return nil
	}
	var c checker
	at, where, limit := argFloat("at", math.Ceil(h.passesAt(float64(l.MaxHeld)))), l.whereArg(), argInt64("limit", l.MaxHeld)
	if h.ByKeys {
		c.add("duration_s", "budget.held_estimate_keys", argWaiting(h.Waiting), argInt("keys", h.Keys),
			argFloat("ms", h.ProcessingMs), argNumber("busiest", fmtPlain(math.Floor(h.Busiest))),
			argNumber("per_key", fmtPlain(math.Floor(h.PerKeyPerS))), at, where, limit)
		return c.err()
	}
	c.add("duration_s", "budget.held_estimate", argWaiting(h.Waiting),
		argNumber("sent", fmtPlain(h.SentPerS)), argInt("members", h.Members), argInt("threads", h.Threads),
		argFloat("ms", h.ProcessingMs), argNumber("processed", fmtPlain(math.Floor(h.ProcessedPerS))), at, where, limit)
	return c.err()
}

// argWaiting is the events waiting, rounded down to two significant
// digits: a lower bound still, written out in full ("at least 32,000,000").
func argWaiting(v float64) MsgArg {
	if v >= 100 {
		p := math.Pow(10, math.Floor(math.Log10(v))-1)
		v = math.Floor(v/p) * p
	}
	return argNumber("waiting", fmtPlain(v))
}
