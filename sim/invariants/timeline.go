package invariants

import (
	"errors"
	"math"
	"slices"

	"partitionlab/sim/scenario"
)

// A motif is a few timeline actions placed to provoke one situation the
// presets never combine: a partition increase while the group rebalances, a
// crash during a cooperative follow-up round, a static member coming back
// with other assignors, a GC pause about as long as the session time-out.
type motif struct {
	name string
	add  func(g *Generator, sc *scenario.Scenario, at float64) []scenario.Action
}

var motifs = []motif{
	{"partitions during a rebalance", (*Generator).partitionsDuringRebalance},
	{"crash during a cooperative follow-up", (*Generator).crashDuringFollowUp},
	{"static member back with other assignors", (*Generator).staticRejoin},
	{"gc pause around the session time-out", (*Generator).gcAroundSession},
	{"slow processing past max.poll.interval.ms", (*Generator).slowPastPoll},
	{"any action", (*Generator).anyAction},
}

// timeline adds zero to four motifs at random moments and returns their
// names.
func (g *Generator) timeline(sc *scenario.Scenario) []string {
	var names []string
	list := motifs
	if sc.Consumer.IsShare() {
		list = shareMotifs
	}
	for range g.between(0, 4) {
		m := list[g.rng.IntN(len(list))]
		at := roundTo(g.rng.Float64()*sc.DurationS*0.9, 3)
		sc.Timeline = append(sc.Timeline, m.add(g, sc, at)...)
		names = append(names, m.name)
	}
	if sc.Consumer.IsShare() {
		shareSafe(sc)
	}
	settleTimeline(sc)
	return names
}

// settleTimeline keeps the actions inside the run and in time order, and
// makes each partition increase go above the count before it.
func settleTimeline(sc *scenario.Scenario) {
	for i := range sc.Timeline {
		sc.Timeline[i].AtS = min(sc.Timeline[i].AtS, sc.DurationS)
	}
	slices.SortStableFunc(sc.Timeline, func(a, b scenario.Action) int {
		switch {
		case a.AtS < b.AtS:
			return -1
		case a.AtS > b.AtS:
			return 1
		}
		return 0
	})
	n := sc.Topic.Partitions
	for i := range sc.Timeline {
		if a := &sc.Timeline[i]; a.Action == scenario.ActionSetPartitions {
			a.Partitions = max(a.Partitions, n+1)
			n = a.Partitions
		}
	}
	if len(sc.Timeline) == 0 {
		sc.Timeline = nil
	}
}

// instance is a consumer instance to act on (1-based), sometimes 0 (the
// engine's default choice) or one that is not running.
func (g *Generator) instance(sc *scenario.Scenario) int {
	if g.chance(0.15) {
		return 0
	}
	return g.between(1, sc.Consumer.Instances+1)
}

// sessionS is the session time-out that governs the scenario's protocol.
func sessionS(sc *scenario.Scenario) float64 {
	if sc.Consumer.GroupProtocol == "consumer" {
		return sc.Consumer.ConsumerSessionTimeoutMs / 1000
	}
	return sc.Consumer.SessionTimeoutMs / 1000
}

func (g *Generator) membershipChange(sc *scenario.Scenario, at float64) scenario.Action {
	switch g.rng.IntN(4) {
	case 0:
		return scenario.Action{AtS: at, Action: scenario.ActionAddConsumer, Instances: g.between(0, 3)}
	case 1:
		return scenario.Action{AtS: at, Action: scenario.ActionCrashConsumer, Instance: g.instance(sc), DurationS: g.pick(0, 1, 5, 30)}
	case 2:
		return scenario.Action{AtS: at, Action: scenario.ActionRemoveConsumer, Instance: g.instance(sc)}
	}
	return scenario.Action{AtS: at, Action: scenario.ActionRollingRestart, DowntimeS: g.pick(0.5, 2, 10), IntervalS: g.pick(0, 1, 5)}
}

func (g *Generator) partitionsDuringRebalance(sc *scenario.Scenario, at float64) []scenario.Action {
	return []scenario.Action{g.membershipChange(sc, at),
		{AtS: at + roundTo(g.rng.Float64()*3, 3), Action: scenario.ActionSetPartitions,
			Partitions: sc.Topic.Partitions + g.between(1, 32), DrainFirst: g.chance(0.3)}}
}

func (g *Generator) crashDuringFollowUp(sc *scenario.Scenario, at float64) []scenario.Action {
	k := &sc.Consumer
	if k.Assignors[0] != "cooperative-sticky" {
		k.Assignors = append([]string{"cooperative-sticky"}, slices.DeleteFunc(k.Assignors,
			func(a string) bool { return a == "cooperative-sticky" })...)
	}
	return []scenario.Action{{AtS: at, Action: scenario.ActionAddConsumer, Instances: g.between(0, 2)},
		{AtS: at + roundTo(g.rng.Float64()*1.5, 3), Action: scenario.ActionCrashConsumer, Instance: g.instance(sc),
			DurationS: g.pick(0, 0.5, 3, 20)}}
}

func (g *Generator) staticRejoin(sc *scenario.Scenario, at float64) []scenario.Action {
	sc.Consumer.StaticMembership = true
	others := g.assignors()
	switch g.rng.IntN(3) {
	case 0:
		return []scenario.Action{{AtS: at, Action: scenario.ActionRollingRestart, DowntimeS: g.pick(0.5, 2, sessionS(sc)*1.2),
			IntervalS: g.pick(0, 2, 10), Assignors: others}}
	case 1:
		return []scenario.Action{{AtS: at, Action: scenario.ActionAddConsumer, Instances: 1,
			SameInstanceIDsAs: g.between(1, sc.Consumer.Instances), Assignors: others}}
	}
	return []scenario.Action{{AtS: at, Action: scenario.ActionCrashConsumer, Instance: g.instance(sc), DurationS: sessionS(sc) * g.pick(0.5, 0.9, 1.1)},
		{AtS: at + 1, Action: scenario.ActionAddConsumer, Assignors: others}}
}

func (g *Generator) gcAroundSession(sc *scenario.Scenario, at float64) []scenario.Action {
	d := roundTo(sessionS(sc)*(0.5+g.rng.Float64()), 3)
	if g.chance(0.3) {
		d = roundTo(sc.Consumer.MaxPollIntervalMs/1000*(0.5+g.rng.Float64()), 3)
	}
	return []scenario.Action{{AtS: at, Action: scenario.ActionGCPause, Instance: g.instance(sc), DurationS: max(d, 0.001)}}
}

func (g *Generator) slowPastPoll(sc *scenario.Scenario, at float64) []scenario.Action {
	k := sc.Consumer
	perRecord := k.MaxPollIntervalMs / float64(k.MaxPollRecords) * (0.5 + 2*g.rng.Float64())
	return []scenario.Action{{AtS: at, Action: scenario.ActionSlowProcessing, ProcessingMs: roundTo(min(perRecord, 600_000), 3),
		DurationS: g.pick(1, 10, 60)}}
}

func (g *Generator) anyAction(sc *scenario.Scenario, at float64) []scenario.Action {
	a := scenario.Action{AtS: at, Action: scenario.Actions()[g.rng.IntN(len(scenario.Actions()))]}
	switch a.Action {
	case scenario.ActionSetPartitions:
		a.Partitions, a.DrainFirst = sc.Topic.Partitions+g.between(1, 64), g.chance(0.3)
	case scenario.ActionAddConsumer:
		a.Instances = g.between(0, 3)
		if g.chance(0.3) {
			a.Assignors = g.assignors()
		}
		if sc.Consumer.StaticMembership && g.chance(0.3) {
			a.SameInstanceIDsAs = g.between(1, sc.Consumer.Instances)
		}
	case scenario.ActionRemoveConsumer:
		a.Instance = g.instance(sc)
	case scenario.ActionCrashConsumer:
		a.Instance, a.DurationS = g.instance(sc), g.pick(0, 0.2, 2, 60)
	case scenario.ActionGCPause:
		a.Instance, a.DurationS = g.instance(sc), g.pick(0.05, 1, 10, 100)
	case scenario.ActionRollingRestart:
		a.DowntimeS, a.IntervalS = g.pick(0.001, 1, 20), g.pick(0, 0.5, 30)
		if g.chance(0.4) {
			a.Assignors = g.assignors()
		}
	case scenario.ActionSlowProcessing:
		a.ProcessingMs, a.DurationS = g.pick(0, 5, 100, 5000), g.pick(0.5, 5, 50)
	}
	return []scenario.Action{a}
}

// fit brings a scenario within the generator's limits: fewer consumer
// threads, rebalances or partitions until the group's work fits, then the
// order rate that fills a random share of the event budget.
func (g *Generator) fit(sc *scenario.Scenario) error {
	for range 64 {
		if scenario.EstimateWork(*sc).Assignment <= g.limits.MaxAssignment {
			break
		}
		shrinkGroupWork(sc)
	}
	if w := scenario.EstimateWork(*sc); w.Assignment > g.limits.MaxAssignment {
		return errors.New("the group's work does not fit the budget: " + w.AssignmentHow)
	}
	sc.Workload.OrdersPerS = 1
	perOrderPerS := scenario.EstimateWork(*sc).Events
	share := math.Exp(math.Log(0.002) + g.rng.Float64()*math.Log(0.9/0.002))
	rate := g.limits.MaxEvents * share / perOrderPerS
	sc.Workload.OrdersPerS = max(0.001, floorSignificant(min(rate, scenario.MaxOrdersPerS), 3))
	if w := scenario.EstimateWork(*sc); w.Events > g.limits.MaxEvents {
		return errors.New("the events do not fit the budget: " + w.EventsHow)
	}
	return nil
}

// shrinkGroupWork takes one step toward a smaller group's work.
func shrinkGroupWork(sc *scenario.Scenario) {
	k := &sc.Consumer
	switch {
	case k.Concurrency > 1:
		k.Concurrency /= 2
	case k.Instances > 1:
		k.Instances /= 2
		for i := range sc.Timeline {
			if a := &sc.Timeline[i]; a.SameInstanceIDsAs > k.Instances {
				a.SameInstanceIDsAs = k.Instances
			}
		}
	case k.MaxPollIntervalMs < 300_000:
		k.MaxPollIntervalMs *= 4
	case len(sc.Timeline) > 0:
		sc.Timeline = sc.Timeline[:len(sc.Timeline)-1]
		settleTimeline(sc)
	case sc.Topic.Partitions > 1:
		sc.Topic.Partitions /= 2
		for i := range sc.Producers {
			sc.Producers[i].VIP = nil
		}
	}
}

// floorSignificant rounds v down to d significant digits, so files read well.
func floorSignificant(v float64, d int) float64 {
	if v <= 0 {
		return v
	}
	p := math.Pow10(d - 1 - int(math.Floor(math.Log10(v))))
	return math.Floor(v*p) / p
}
