package invariants

import (
	"reflect"
	"slices"
	"time"

	"partitionlab/sim/scenario"
)

// Shrinker makes a failing scenario small: fewer timeline actions,
// producers, events, partitions and consumers, a shorter and slower run,
// settings back to their defaults, as long as the scenario still breaks
// the same invariant. Each step takes the first smaller scenario that does
// (greedy, as QuickCheck's and Hypothesis' shrinkers do), until none does
// or the budget of runs or time is spent.
type Shrinker struct {
	// MaxRuns bounds the scenarios tried (each is a run of the engine).
	MaxRuns int
	// Deadline, when set, stops shrinking at that time.
	Deadline time.Time

	breaks func(sc scenario.Scenario, name string) (Verdict, bool) // Breaks, unless a test says otherwise
}

// Shrink returns the smallest scenario found that still breaks invariant v
// the same way (the same Failure signature: a shrink must not slip from one
// bug to another), the verdict there and the runs it took. sc must break v.
func (s Shrinker) Shrink(sc scenario.Scenario, v Verdict) (scenario.Scenario, Verdict, int) {
	breaks := s.breaks
	if breaks == nil {
		breaks = Breaks
	}
	want := Failure{Invariant: v.Invariant, Detail: v.Detail}.Signature()
	same := func(c scenario.Scenario) (Verdict, bool) {
		cv, ok := breaks(c, v.Invariant)
		return cv, ok && (Failure{Invariant: cv.Invariant, Detail: cv.Detail}).Signature() == want
	}
	runs := 0
	// Cut i is tried again on the smaller scenario (halving the duration
	// again, dropping the next action), then the next cuts, until a whole
	// round of cuts finds none that still fails.
	for i, misses := 0, 0; ; {
		cands := candidates(sc)
		if len(cands) == 0 || misses >= len(cands) {
			return sc, v, runs
		}
		if runs >= s.MaxRuns || (!s.Deadline.IsZero() && time.Now().After(s.Deadline)) {
			return sc, v, runs
		}
		i %= len(cands)
		cand := cands[i]
		if scenario.Validate(cand) == nil {
			runs++
			if cv, ok := same(cand); ok {
				sc, v, misses = cand, cv, 0
				continue
			}
		}
		i++
		misses++
	}
}

// candidates are smaller versions of sc, the biggest cuts first. Some may
// be invalid; the shrinker skips those.
func candidates(sc scenario.Scenario) []scenario.Scenario {
	var out []scenario.Scenario
	add := func(f func(c *scenario.Scenario)) {
		c := clone(sc)
		f(&c)
		settleTimeline(&c)
		if !reflect.DeepEqual(c, sc) {
			out = append(out, c)
		}
	}
	if len(sc.Timeline) > 0 {
		add(func(c *scenario.Scenario) { c.Timeline = nil })
		for i := range sc.Timeline {
			add(func(c *scenario.Scenario) { c.Timeline = slices.Delete(c.Timeline, i, i+1) })
		}
	}
	add(func(c *scenario.Scenario) { c.DurationS = roundTo(c.DurationS/2, 3) })
	add(func(c *scenario.Scenario) {
		c.Workload.OrdersPerS = max(0.001, floorSignificant(c.Workload.OrdersPerS/2, 3))
	})
	for i := range sc.Producers {
		if len(sc.Producers) > 1 {
			add(func(c *scenario.Scenario) { dropProducer(c, i) })
		}
	}
	if n := len(sc.Workload.EventsPerOrder); n > 1 {
		add(func(c *scenario.Scenario) { dropEvent(c, n-1) })
		add(func(c *scenario.Scenario) { dropEvent(c, 0) })
	}
	add(func(c *scenario.Scenario) { c.Topic.Partitions = 1; noVIP(c) })
	add(func(c *scenario.Scenario) { c.Topic.Partitions = max(1, c.Topic.Partitions/2); noVIP(c) })
	for i, a := range sc.Timeline {
		if a.Action == scenario.ActionSetPartitions {
			add(func(c *scenario.Scenario) { c.Timeline[i].Partitions = 0 }) // settleTimeline: one more than before
		}
	}
	k := &sc.Consumer
	for _, f := range []func(c *scenario.Consumer) *int{
		func(c *scenario.Consumer) *int { return &c.Instances }, func(c *scenario.Consumer) *int { return &c.Concurrency },
		func(c *scenario.Consumer) *int { return &c.PoolThreads }, func(c *scenario.Consumer) *int { return &c.MaxPollRecords }} {
		if *f(k) > 1 {
			add(func(c *scenario.Scenario) { *f(&c.Consumer) = 1 })
			add(func(c *scenario.Scenario) { *f(&c.Consumer) /= 2 })
		}
	}
	add(func(c *scenario.Scenario) { c.Workload.Customers = max(1, c.Workload.Customers/10) })
	add(func(c *scenario.Scenario) { c.Workload.Skus = max(1, c.Workload.Skus/10) })
	add(func(c *scenario.Scenario) {
		c.Workload.KeyDistribution = nil
		c.Workload.CustomerSkew = scenario.Skew{Kind: "uniform"}
	})
	// Every other setting back to its default, one at a time. (Not the
	// counts cut above: a default above the cut would undo it, and the
	// shrinker would go round in circles.)
	def := scenario.DefaultScenario()
	for _, f := range settableFields(reflect.TypeOf(sc.Consumer), []string{"Instances", "Concurrency", "PoolThreads", "MaxPollRecords"}) {
		add(func(c *scenario.Scenario) { setDefault(&c.Consumer, &def.Consumer, f) })
	}
	for i := range sc.Producers {
		dp := scenario.DefaultProducer()
		for _, f := range settableFields(reflect.TypeOf(dp), []string{"Name", "Events"}) {
			add(func(c *scenario.Scenario) { setDefault(&c.Producers[i], &dp, f) })
		}
	}
	for _, f := range settableFields(reflect.TypeOf(sc.Workload), []string{"EventsPerOrder", "OrdersPerS", "Customers", "Skus", "KeyDistribution"}) {
		add(func(c *scenario.Scenario) { setDefault(&c.Workload, &def.Workload, f) })
	}
	add(func(c *scenario.Scenario) { c.Topic.RecordBytes = def.Topic.RecordBytes })
	return out
}

// settableFields are the index paths of a struct's fields (embedded
// structs' fields included), less those named in skip.
func settableFields(t reflect.Type, skip []string) [][]int {
	var out [][]int
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case slices.Contains(skip, f.Name):
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			for _, sub := range settableFields(f.Type, skip) {
				out = append(out, append([]int{i}, sub...))
			}
		default:
			out = append(out, []int{i})
		}
	}
	return out
}

// setDefault sets the field at index path f of *dst to its value in *def.
func setDefault[T any](dst, def *T, f []int) {
	reflect.ValueOf(dst).Elem().FieldByIndex(f).Set(reflect.ValueOf(def).Elem().FieldByIndex(f))
}

// clone copies a scenario deeply enough that changing the copy's lists
// leaves the original alone.
func clone(sc scenario.Scenario) scenario.Scenario {
	c := sc
	c.Producers = slices.Clone(sc.Producers)
	for i := range c.Producers {
		c.Producers[i].Events = slices.Clone(c.Producers[i].Events)
	}
	c.Timeline = slices.Clone(sc.Timeline)
	c.Workload.EventsPerOrder = slices.Clone(sc.Workload.EventsPerOrder)
	c.Consumer.Assignors = slices.Clone(sc.Consumer.Assignors)
	return c
}

func noVIP(c *scenario.Scenario) {
	for i := range c.Producers {
		c.Producers[i].VIP = nil
	}
}

// dropProducer removes producer i; if it was the one taking unclaimed
// events, the first remaining producer takes them.
func dropProducer(c *scenario.Scenario, i int) {
	catchAll := c.Producers[i].Events == nil
	c.Producers = slices.Delete(c.Producers, i, i+1)
	if catchAll || !slices.ContainsFunc(c.Producers, func(p scenario.Producer) bool { return p.Events == nil }) {
		c.Producers[0].Events = nil
	}
}

// dropEvent removes event type j from the orders and from the producers
// that claim it; a producer left with nothing to send goes too.
func dropEvent(c *scenario.Scenario, j int) {
	e := c.Workload.EventsPerOrder[j]
	c.Workload.EventsPerOrder = slices.Delete(c.Workload.EventsPerOrder, j, j+1)
	for i := len(c.Producers) - 1; i >= 0; i-- {
		p := &c.Producers[i]
		if k := slices.Index(p.Events, e); k >= 0 {
			p.Events = slices.Delete(p.Events, k, k+1)
			if len(p.Events) == 0 {
				p.Events = nil
				if len(c.Producers) > 1 {
					c.Producers = slices.Delete(c.Producers, i, i+1)
				}
			}
		}
	}
}
