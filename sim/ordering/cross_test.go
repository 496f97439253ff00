package ordering

import (
	"math/rand/v2"
	"testing"

	"partitionlab/sim/scenario"
)

// TestCrossCountsAsOneChain: keyed by country, a customer's events go to
// every partition. With partitions 1 and 2 detached, each at a point of
// the run (the first one turning the groups on), their events reach the checker late and out of send order with
// the others': each when its own stream gets to it, and partition 0's when
// the stream that registers them does. Registered events complete in any
// order, some lost. The checker must count every violation of every scope,
// by cause, exactly as one that had every event in send order from the
// start (cross.go).
func TestCrossCountsAsOneChain(t *testing.T) {
	for seed := range uint64(300) {
		w := newCrossWorld(seed)
		completions := w.runDetached(t)
		want := w.runInOrder(completions)
		for s := range NumScopes {
			if got := w.checker.Stats(s); got != want.Stats(s) {
				t.Fatalf("seed %d (%d events, partitions 1 and 2 detached after %d and %d): %s scope %+v, in send order %+v",
					seed, len(w.cust), w.split[1], w.split[2], ScopeName(s), got, want.Stats(s))
			}
		}
	}
}

// crossWorld is one run's events: event i (from 0), order i+1, of
// customer cust[i], goes to partition part[i] (keyed by its country,
// the same number) and is sent at stream position i+1.
type crossWorld struct {
	rng     *rand.Rand
	cust    []int32
	part    []int32
	split   [3]int // partition p is detached once the first split[p] events are sent
	checker *Checker
}

func newCrossWorld(seed uint64) *crossWorld {
	rng := rand.New(rand.NewPCG(seed, 7))
	w := &crossWorld{rng: rng}
	n := 10 + rng.IntN(150)
	customers := 1 + rng.IntN(4)
	for range n {
		w.cust = append(w.cust, int32(1+rng.IntN(customers)))
		w.part = append(w.part, int32(rng.IntN(3)))
	}
	w.split[1] = rng.IntN(n)
	w.split[2] = w.split[1] + rng.IntN(n-w.split[1])
	return w
}

func crossScenario() scenario.Scenario {
	sc := scenario.DefaultScenario()
	sc.Producers[0].Key = scenario.KeyCountry
	return sc
}

// completion is event i completing, lost or not.
type completion struct {
	i    int
	lost bool
}

// register fills in and registers event i as g, d.
func (w *crossWorld) register(c *Checker, i int, g int64, d *Entry) {
	d.Customer, d.Partition, d.KeyKind, d.KeyID, d.SentAt = w.cust[i], w.part[i], KindCountry, int64(w.part[i]), int64(i+1)
	c.Sent(g, d)
}

// runDetached runs w with partitions 1 and 2 detached once the first
// split[1] and split[2] events are sent, completing events in a random
// order as they are registered, and returns that order.
func (w *crossWorld) runDetached(t *testing.T) []completion {
	t.Helper()
	c := NewChecker(crossScenario(), 0, func(a, b uint8) bool { return true })
	w.checker = c
	if c.Cross(10, 3) < 2 {
		t.Fatal("two partitions may not be detached")
	}
	n := len(w.cust)
	gOf := make([]int64, n)
	var waiting []int // registered, not completed
	var order []completion
	clock := 0                               // events the stream registering the others' has stepped over
	own := [3]int{0, w.split[1], w.split[2]} // the same, each detached partition's stream
	var detached [3]bool
	detach := func() {
		for p := 1; p <= 2; p++ {
			if !detached[p] && clock == w.split[p] {
				c.Detach(int32(p))
				c.DetachCross(int32(p), int64(clock))
				detached[p] = true
			}
		}
	}
	detach()
	for len(order) < n {
		switch k := w.rng.IntN(4); k {
		case 0: // the stream registering the others' events
			if clock == n {
				continue
			}
			i := clock
			if p := w.part[i]; p == 0 || !detached[p] {
				gOf[i], waiting = w.reserve(c, i, -1), append(waiting, i)
			} else {
				c.Passed(-1, w.cust[i], p, int64(i+1))
			}
			clock++
			detach()
		case 1, 2: // a detached partition's stream, never ahead of the other until both are detached
			p := int32(k)
			if !detached[p] || own[p] == n || (!(detached[1] && detached[2]) && own[p] >= clock) {
				continue
			}
			i := own[p]
			if w.part[i] == p {
				gOf[i], waiting = w.reserve(c, i, p), append(waiting, i)
			} else {
				c.Passed(p, w.cust[i], w.part[i], int64(i+1))
			}
			own[p]++
		default:
			if len(waiting) == 0 {
				continue
			}
			k := w.rng.IntN(len(waiting))
			i := waiting[k]
			waiting = append(waiting[:k], waiting[k+1:]...)
			done := completion{i: i, lost: w.rng.IntN(10) == 0}
			order = append(order, done)
			c.Completed(gOf[i], c.Entry(gOf[i]), Completion{At: int64(len(order)), Lost: done.lost})
		}
	}
	return order
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

// runInOrder registers w's events in send order, completes them in the
// order given, and returns the checker.
func (w *crossWorld) runInOrder(order []completion) *Checker {
	c := NewChecker(crossScenario(), 0, func(a, b uint8) bool { return true })
	gOf := make([]int64, len(w.cust))
	for i := range w.cust {
		g, d := c.Reserve(int64(i + 1))
		w.register(c, i, g, d)
		gOf[i] = g
	}
	for k, done := range order {
		c.Completed(gOf[done.i], c.Entry(gOf[done.i]), Completion{At: int64(k + 1), Lost: done.lost})
	}
	return c
}
