package ordering

import (
	"math/rand/v2"
	"testing"

	"partitionlab/sim/scenario"
)

// crossParts is how many partitions TestCrossCountsAsOneChain's worlds
// have: partition 0 is never detached, and the other five may be, one more
// than a run detaches at most.
const crossParts = 6

// TestCrossCountsAsOneChain: keyed by country, a customer's events go to
// every partition (in half the worlds: a hot customer salted, the others
// each on a partition of their own). With partitions detached, each once the run has reached
// a point of its own (the first turning the groups on; at most four), their
// events reach the checker late and out of send order with the others':
// each when its own stream gets to it, and the others' when the stream that
// registers them does. Streams step in random turns, a detached one ahead
// of the others or behind; registered events are made available again,
// complete in any order, some lost, some twice. The checker must count
// every violation of every scope, by cause, exactly as one that had every
// event in send order from the start (cross.go). One world in twenty has
// about 10,000 events, thousands in flight at the first detach.
func TestCrossCountsAsOneChain(t *testing.T) {
	detached, salted := 0, 0
	for seed := range uint64(400) {
		w := newCrossWorld(seed)
		ops, n := w.runDetached(t)
		detached += n
		want := w.runInOrder(ops)
		if w.salted {
			salted += int(w.checker.Stats(ScopeCustomer).ByCause[causeSalting])
		}
		for s := range NumScopes {
			if got := w.checker.Stats(s); got != want.Stats(s) {
				t.Fatalf("seed %d (%d events, detached at %v, %d of them): %s scope %+v, in send order %+v",
					seed, len(w.cust), w.split, n, ScopeName(s), got, want.Stats(s))
			}
		}
	}
	if detached == 0 || salted == 0 {
		t.Errorf("%d partitions detached, %d violations of a salted customer", detached, salted)
	}
}

// crossWorld is one run's events: event i (from 0), order i+1, of
// customer cust[i], goes to partition part[i] (keyed by its country, the
// same number; salted, customer 1's salted key of that number, and every
// other customer's own key on partition cust % crossParts) and is sent at
// stream position i+1.
type crossWorld struct {
	rng     *rand.Rand
	big     bool
	salted  bool
	cust    []int32
	part    []int32
	split   [crossParts]int // partition p may be detached once the first split[p] events are sent
	checker *Checker
}

func newCrossWorld(seed uint64) *crossWorld {
	rng := rand.New(rand.NewPCG(seed, 7))
	w := &crossWorld{rng: rng, big: seed%20 == 0, salted: rng.IntN(2) == 0}
	n := 10 + rng.IntN(300)
	if w.big {
		n = 9000 + rng.IntN(3000)
	}
	customers := 1 + rng.IntN(5)
	for range n {
		cust, part := int32(1+rng.IntN(customers)), int32(rng.IntN(crossParts))
		if w.salted && cust > 1 {
			part = cust % crossParts
		}
		w.cust, w.part = append(w.cust, cust), append(w.part, part)
	}
	for p := 1; p < crossParts; p++ {
		w.split[p] = rng.IntN(n + 1)
	}
	return w
}

func (w *crossWorld) newChecker() *Checker {
	sc := scenario.DefaultScenario()
	sc.Producers[0].Key = scenario.KeyCountry
	if w.salted {
		sc.Producers[0].Key = scenario.KeySaltedCustomerID
	}
	sc.Workload.Countries = crossParts
	return NewChecker(sc, crossParts, func(a, b uint8) bool { return true })
}

// crossOp is what the checker was told of event i: made available again
// (redelivered, last or not), or completed (lost or not).
type crossOp struct {
	i          int
	redelivery bool
	last, lost bool
}

// register fills in and registers event i as g, d.
func (w *crossWorld) register(c *Checker, i int, g int64, d *Entry) {
	d.Customer, d.Partition, d.KeyKind, d.KeyID, d.SentAt = w.cust[i], w.part[i], KindCountry, int64(w.part[i]), int64(i+1)
	if w.salted && w.cust[i] == 1 {
		d.KeyKind = KindSalted
	} else if w.salted {
		d.KeyKind, d.KeyID = KindCustomer, int64(w.cust[i])
	}
	c.Sent(g, d)
}

// runDetached runs w with partitions detached as the engine would detach
// them (once a point is reached, no detached stream ahead of the stream
// that registers the others, as many as the checker allows), telling the
// checker of events in a random order as they are registered. It returns
// what it told and how many partitions it detached.
func (w *crossWorld) runDetached(t *testing.T) ([]crossOp, int) {
	t.Helper()
	c := w.newChecker()
	w.checker = c
	limit := c.Cross(10, crossParts)
	if limit == 0 {
		t.Fatal("no partition may be detached")
	}
	n := len(w.cust)
	gOf := make([]int64, n)
	var waiting []int // registered, not completed
	var ops []crossOp
	done := make([]bool, n)
	left := n
	clock := 0              // events the stream registering the others' has stepped over
	var own [crossParts]int // the same, each detached partition's stream
	var detached [crossParts]bool
	count := 0
	detach := func() {
		for p := 1; p < crossParts && count < limit; p++ {
			if detached[p] || clock < w.split[p] {
				continue
			}
			ahead := false
			for q := range own {
				ahead = ahead || (detached[q] && own[q] > clock)
			}
			if ahead {
				return
			}
			c.Detach(int32(p))
			c.DetachCross(int32(p), int64(clock))
			detached[p], own[p] = true, clock
			count++
		}
	}
	detach()
	for left > 0 {
		k := w.rng.IntN(6)
		if w.big && k >= 3 && clock < n && w.rng.IntN(4) != 0 {
			k = 0 // send most of a big world before completing much of it
		}
		switch k {
		case 0, 1: // the stream registering the others' events
			if clock == n {
				continue
			}
			i := clock
			if p := w.part[i]; !detached[p] {
				gOf[i], waiting = w.reserve(c, i, -1), append(waiting, i)
			} else {
				c.Passed(-1, w.cust[i], p, int64(i+1))
			}
			clock++
			detach()
		case 2: // a detached partition's stream
			p := 1 + w.rng.IntN(crossParts-1)
			if !detached[p] || own[p] == n {
				continue
			}
			i := own[p]
			if w.part[i] == int32(p) {
				gOf[i], waiting = w.reserve(c, i, int32(p)), append(waiting, i)
			} else {
				c.Passed(int32(p), w.cust[i], w.part[i], int64(i+1))
			}
			own[p]++
			detach()
		case 3: // a share group makes one available again
			if len(waiting) == 0 {
				continue
			}
			op := crossOp{i: waiting[w.rng.IntN(len(waiting))], redelivery: true, last: w.rng.IntN(3) == 0}
			ops = append(ops, op)
			c.Redelivered(gOf[op.i], op.last)
		default: // one completes, now and then again
			if len(waiting) == 0 {
				continue
			}
			k := w.rng.IntN(len(waiting))
			op := crossOp{i: waiting[k], lost: w.rng.IntN(10) == 0}
			if w.rng.IntN(8) != 0 {
				waiting = append(waiting[:k], waiting[k+1:]...)
			}
			ops = append(ops, op)
			c.Completed(gOf[op.i], c.Entry(gOf[op.i]), Completion{At: int64(len(ops)), Lost: op.lost})
			if !done[op.i] {
				done[op.i] = true
				left--
			}
		}
	}
	return ops, count
}

// reserve registers event i, by the stream of detached partition p (-1:
// the others').
func (w *crossWorld) reserve(c *Checker, i int, p int32) int64 {
	var g int64
	var d *Entry
	if p < 0 {
		g, d = c.Reserve(int64(i + 1))
	} else {
		g, d = c.ReserveIn(int64(i+1), p)
	}
	w.register(c, i, g, d)
	return g
}

// runInOrder registers w's events in send order, tells the checker what
// ops say, in order, and returns it.
func (w *crossWorld) runInOrder(ops []crossOp) *Checker {
	c := w.newChecker()
	gOf := make([]int64, len(w.cust))
	for i := range w.cust {
		g, d := c.Reserve(int64(i + 1))
		w.register(c, i, g, d)
		gOf[i] = g
	}
	for k, op := range ops {
		if op.redelivery {
			c.Redelivered(gOf[op.i], op.last)
			continue
		}
		c.Completed(gOf[op.i], c.Entry(gOf[op.i]), Completion{At: int64(k + 1), Lost: op.lost})
	}
	return c
}
