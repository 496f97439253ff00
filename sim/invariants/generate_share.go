package invariants

import (
	"slices"

	"partitionlab/sim/scenario"
)

// shareWorlds is the share of non-quiet worlds whose consumers form a share
// group (KIP-932).
const shareWorlds = 0.2

// shareGroup turns the consumers into a share group: what a share consumer
// refuses goes back to its default (ShareConsumerConfig), the mode is
// sequential, and the group's share.* settings are drawn within the
// broker's bounds.
func (g *Generator) shareGroup(k *scenario.Consumer) {
	d := scenario.DefaultConsumer()
	k.GroupType = scenario.GroupTypeShare
	k.Mode = scenario.ModeSequential
	k.Retry = d.Retry
	k.Group = d.Group
	k.Group.MaxPollIntervalMs = g.pick(1000, 5000, 30_000, 300_000)
	k.Group.NewGroup = g.chance(0.25)
	s := &k.Share
	s.AcknowledgementMode = g.oneOf("implicit", "explicit")
	s.OnFailure = "release"
	if s.AcknowledgementMode == "explicit" {
		s.OnFailure = g.oneOf("release", "reject", "lock_expiry")
	}
	s.RecordLockDurationMs = g.pick(15_000, 20_000, 30_000, 60_000)
	s.DeliveryCountLimit = g.between(2, 10)
	s.PartitionMaxRecordLocks = g.between(100, 4000)
	s.AutoOffsetReset = g.oneOf("latest", "earliest")
	s.SessionTimeoutMs = g.pick(45_000, 50_000, 60_000)
	s.HeartbeatIntervalMs = g.pick(5000, 10_000, 15_000)
	s.AssignmentIntervalMs = g.pick(0, 100, 1000, 15_000)
}

// shareMotifs are the situations a share group meets: a consumer gone with
// records locked, a pause or slow processing past the lock duration (the
// lock expires under a running consumer, whose acknowledgement is then
// refused), partitions added while members come and go.
var shareMotifs = []motif{
	{"share: crash with records locked", (*Generator).shareCrash},
	{"share: gc pause around the lock duration", (*Generator).sharePause},
	{"share: processing past the lock duration", (*Generator).shareSlow},
	{"partitions during a rebalance", (*Generator).partitionsDuringRebalance},
	{"any action", (*Generator).anyAction},
}

// lockS is the share group's record lock duration in seconds.
func lockS(sc *scenario.Scenario) float64 { return sc.Consumer.Share.RecordLockDurationMs / 1000 }

func (g *Generator) shareCrash(sc *scenario.Scenario, at float64) []scenario.Action {
	out := []scenario.Action{{AtS: at, Action: scenario.ActionCrashConsumer, Instance: g.instance(sc),
		DurationS: roundTo(lockS(sc)*g.pick(0, 0.5, 1.1, 3), 3)}}
	if g.chance(0.5) {
		out = append(out, scenario.Action{AtS: at + roundTo(g.rng.Float64()*lockS(sc), 3), Action: scenario.ActionAddConsumer,
			Instances: g.between(0, 2)})
	}
	return out
}

func (g *Generator) sharePause(sc *scenario.Scenario, at float64) []scenario.Action {
	d := roundTo(lockS(sc)*(0.5+g.rng.Float64()), 3)
	if g.chance(0.3) {
		d = roundTo(sc.Consumer.Share.SessionTimeoutMs/1000*(0.5+g.rng.Float64()), 3)
	}
	return []scenario.Action{{AtS: at, Action: scenario.ActionGCPause, Instance: g.instance(sc), DurationS: d}}
}

func (g *Generator) shareSlow(sc *scenario.Scenario, at float64) []scenario.Action {
	k := sc.Consumer
	perRecord := lockS(sc) * 1000 / float64(k.MaxPollRecords) * (0.5 + 2*g.rng.Float64())
	return []scenario.Action{{AtS: at, Action: scenario.ActionSlowProcessing, ProcessingMs: roundTo(min(perRecord, 600_000), 3),
		DurationS: g.pick(1, 10, 60)}}
}

// shareSafe takes out of a share world's timeline what share groups do
// not model or a share consumer refuses (validateShareAction): rolling
// restarts, copied instance ids, assignors.
func shareSafe(sc *scenario.Scenario) {
	sc.Timeline = slices.DeleteFunc(sc.Timeline, func(a scenario.Action) bool { return a.Action == scenario.ActionRollingRestart })
	for i := range sc.Timeline {
		sc.Timeline[i].SameInstanceIDsAs, sc.Timeline[i].Assignors = 0, nil
	}
	if len(sc.Timeline) == 0 {
		sc.Timeline = nil
	}
}
