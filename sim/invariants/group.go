package invariants

import (
	"slices"
	"strings"

	"partitionlab/sim/scenario"
)

func groupInvariants() []Invariant {
	return []Invariant{
		{Name: "group.rebalances", check: groupRebalances,
			Why: "The group's report agrees with itself: totals.rebalances counts the rebalances listed; each " +
				"starts and ends inside the run, in order; partitions_moved counts its moves, each to another " +
				"member and of a partition the topic has (a share group's count its target assignments and list " +
				"none); a consumer-protocol group only has consumer-protocol " +
				"target assignments and a classic one none; group events are in time order inside the run."},
		{Name: "group.members", check: groupMembers,
			Why: "Each member's assignment history is in time order inside the run, each assignment a sorted set " +
				"of partitions the topic has; its partitions at the end are its last assignment; threads counts " +
				"the members, idle_threads the running ones without partitions; and every processing is a " +
				"member's: the members' processed add up to events_processed + duplicates (less what the retry " +
				"topic's own consumer processed)."},
		ownershipInvariant(),
		{Name: "group.idle_poll", check: idlePoll,
			Why: "max.poll.interval.ms bounds the time between two calls of poll(); a consumer with nothing to " +
				"process is inside poll(), which returns empty and is called again, so it never overruns it. When " +
				"no batch can take that long (sequential, no failures, every batch's processing bounded below " +
				"max.poll.interval.ms) and no timeline action freezes or slows a member, no member is removed " +
				"for not calling poll()."},
	}
}

// batchBound is the longest a sequential member's batch can take, or -1
// when it is not bounded (exponential processing times).
func batchBound(sc scenario.Scenario) float64 {
	k := sc.Consumer
	switch {
	case k.ProcessingMs == 0:
		return 0
	case k.ProcessingDist == "constant":
		return float64(k.MaxPollRecords) * k.ProcessingMs
	case k.ProcessingDist == "uniform":
		return float64(k.MaxPollRecords) * k.ProcessingMs * 1.5
	}
	return -1
}

func idlePoll(r *Run) Verdict {
	sc := r.Scenario
	k := sc.Consumer
	if k.Mode != scenario.ModeSequential || k.FailureRate > 0 || len(sc.Timeline) > 0 {
		return notApplicable("not sequential, processing fails, or a timeline")
	}
	if b := batchBound(sc); b < 0 || b >= k.MaxPollIntervalMs/2 {
		return notApplicable("a batch may take as long as max.poll.interval.ms")
	}
	for _, e := range r.Result.Group.Events {
		if strings.Contains(e.Detail, "poll() not called") {
			return broken("%s at %g s: %s %s, though no batch takes half of max.poll.interval.ms (%g ms)",
				e.Member, e.AtS, e.Event, e.Detail, k.MaxPollIntervalMs)
		}
	}
	return held()
}

func groupRebalances(r *Run) Verdict {
	g := r.Result.Group
	d := r.Result.DurationS
	n := len(r.Result.Partitions)
	if r.Scenario.Consumer.IsShare() {
		// A share group has no rebalance: its rebalances count the
		// coordinator's target assignments (SimpleAssignor).
		targets := 0
		for _, e := range g.Events {
			if e.Event == "target assignment" {
				targets++
			}
		}
		if g.Totals.Rebalances != targets || len(g.Rebalances) > 0 {
			return broken("a share group: totals.rebalances %d, %d target assignments, %d rebalances listed",
				g.Totals.Rebalances, targets, len(g.Rebalances))
		}
	} else if g.Totals.Rebalances != len(g.Rebalances) {
		return broken("totals.rebalances %d, %d listed", g.Totals.Rebalances, len(g.Rebalances))
	}
	kip848 := r.Scenario.Consumer.GroupProtocol == "consumer"
	lastStart := 0.0
	for i, rb := range g.Rebalances {
		if rb.StartS < lastStart || rb.StartS > rb.EndS || rb.EndS > d {
			return broken("rebalances[%d]: from %g s to %g s (the one before started at %g s, the run lasts %g s)", i, rb.StartS, rb.EndS, lastStart, d)
		}
		lastStart = rb.StartS
		if (rb.Protocol == "consumer") != kip848 || !slices.Contains([]string{"eager", "cooperative", "consumer"}, rb.Protocol) {
			return broken("rebalances[%d]: protocol %q in a group of group.protocol %s", i, rb.Protocol, r.Scenario.Consumer.GroupProtocol)
		}
		if rb.PartitionsMoved != len(rb.Moves) {
			return broken("rebalances[%d]: partitions_moved %d, %d moves", i, rb.PartitionsMoved, len(rb.Moves))
		}
		for j, m := range rb.Moves {
			if m.From == m.To || m.To == "" || m.Partition < 0 || m.Partition >= n ||
				(j > 0 && rb.Moves[j-1].Partition > m.Partition) {
				return broken("rebalances[%d].moves[%d]: p%d from %q to %q", i, j, m.Partition, m.From, m.To)
			}
		}
		if !slices.IsSorted(rb.Revoked) || len(slices.Compact(slices.Clone(rb.Revoked))) != len(rb.Revoked) {
			return broken("rebalances[%d]: revoked %v is not a sorted set", i, rb.Revoked)
		}
	}
	last := 0.0
	for i, e := range g.Events {
		if e.AtS < last || e.AtS > d || e.Event == "" {
			return broken("events[%d]: %q at %g s (the one before at %g s)", i, e.Event, e.AtS, last)
		}
		last = e.AtS
	}
	return held()
}

func groupMembers(r *Run) Verdict {
	c := r.Result.Consumers
	n := len(r.Result.Partitions)
	if c.Threads != len(c.Members) {
		return broken("consumers.threads %d, %d members", c.Threads, len(c.Members))
	}
	idle := 0
	var processed int64
	for _, m := range c.Members {
		processed += m.Processed
		if m.Running && len(m.Partitions) == 0 {
			idle++
		}
		last := 0.0
		var final []int
		for i, a := range m.Assignments {
			if a.AtS < last || a.AtS > r.Result.DurationS {
				return broken("%s: assignments[%d] at %g s (the one before at %g s)", m.Name, i, a.AtS, last)
			}
			last = a.AtS
			if !sortedSetBelow(a.Partitions, n) {
				return broken("%s: assignments[%d] is %v, not a sorted set of the topic's %d partitions", m.Name, i, a.Partitions, n)
			}
			final = a.Partitions
		}
		if !slices.Equal(final, m.Partitions) && !(len(final) == 0 && len(m.Partitions) == 0) {
			return broken("%s: partitions %v at the end, last assigned %v", m.Name, m.Partitions, final)
		}
	}
	if idle != c.IdleThreads {
		return broken("idle_threads %d, %d running members without partitions", c.IdleThreads, idle)
	}
	want := r.Result.EventsProcessed + r.Result.Duplicates
	retryTopic := r.Scenario.Consumer.Retry == "retry_topic" && r.Scenario.Consumer.FailureRate > 0
	if processed > want || (!retryTopic && processed != want) {
		return broken("the members processed %d records, events_processed + duplicates is %d", processed, want)
	}
	return held()
}

func sortedSetBelow(ps []int, n int) bool {
	for i, p := range ps {
		if p < 0 || p >= n || (i > 0 && ps[i-1] >= p) {
			return false
		}
	}
	return true
}

// memberOf is the consumer thread a thread name belongs to: an executor
// thread "consumer-1-2/pool-3" works for "consumer-1-2".
func memberOf(thread string) string {
	m, _, _ := strings.Cut(thread, "/")
	return m
}
