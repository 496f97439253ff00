package sim

import (
	"slices"
	"strings"
	"testing"
)

// Consumer-group behaviour, each on the scenario a person would open to see it.

func TestPartitionsSpreadOverMembers(t *testing.T) {
	r := runPreset(t, "order-events", "topic.partitions=6", "consumer.instances=3", "consumer.concurrency=1")
	for _, m := range r.Consumers.Members {
		if len(m.Partitions) != 2 {
			t.Errorf("%s holds %v; six partitions on three members is two each", m.Name, m.Partitions)
		}
	}
	r = runPreset(t, "order-events", "topic.partitions=6", "consumer.instances=7", "consumer.concurrency=1")
	if r.Consumers.IdleThreads != 1 {
		t.Errorf("seven members on six partitions: %d idle, want 1", r.Consumers.IdleThreads)
	}
}

func TestPollTimeoutLoopAndItsFix(t *testing.T) {
	r := runPreset(t, "poll-timeout-loop")
	g := r.Group.Totals
	if g.KickedOut < 3 || g.FailedCommits < 3 || g.Rebalances < 4 {
		t.Errorf("500 × 1 s batches against a 300 s poll interval: %d kicked out, %d failed commits, %d rebalances; want it to keep happening",
			g.KickedOut, g.FailedCommits, g.Rebalances)
	}
	if r.Duplicates == 0 {
		t.Error("kicked-out members' batches were not reprocessed")
	}
	for _, p := range r.Partitions {
		if !growsWithoutBound(r.Series.Lag[p.Partition]) {
			t.Errorf("p%d lag %v should grow without bound", p.Partition, r.Series.Lag[p.Partition])
		}
	}
	fixed := runPreset(t, "poll-timeout-fixed")
	if n := fixed.Group.Totals; n.Rebalances != 0 || n.KickedOut != 0 || n.FailedCommits != 0 || fixed.Duplicates != 0 {
		t.Errorf("50 × 1 s batches against 120 s: %+v, %d duplicates; want a stable group", n, fixed.Duplicates)
	}
}

func TestScaleOutEagerCooperativeKIP848(t *testing.T) {
	eager := runPreset(t, "scale-out-eager")
	rb := onlyRebalance(t, eager)
	if rb.Protocol != "eager" || len(rb.Paused) != 3 {
		t.Fatalf("eager scale-out: %+v; want all three members paused", rb)
	}
	for _, p := range rb.Paused {
		if p.PausedS <= 0 {
			t.Errorf("%s did not stop during an eager rebalance", p.Member)
		}
	}
	for _, name := range []string{"scale-out-cooperative", "scale-out-kip848"} {
		r := runPreset(t, name)
		newMember := r.Consumers.Members[3]
		var moved []int
		for _, rb := range r.Group.Rebalances {
			if len(rb.Paused) > 0 || rb.StartS < 20 {
				t.Errorf("%s: rebalance %+v paused members", name, rb)
			}
			for _, mv := range rb.Moves {
				moved = append(moved, mv.Partition)
			}
		}
		slices.Sort(moved)
		if !slices.Equal(moved, newMember.Partitions) || len(moved) == 0 {
			t.Errorf("%s: moved %v, the new member holds %v; only what it receives should move", name, moved, newMember.Partitions)
		}
		for _, m := range r.Consumers.Members[:3] {
			for _, a := range m.Assignments {
				if len(a.Partitions) == 0 {
					t.Errorf("%s: %s was left with nothing at %.2f s", name, m.Name, a.AtS)
				}
			}
		}
		if r.Group.Totals.StopTheWorldS != 0 {
			t.Errorf("%s: %v s stop-the-world", name, r.Group.Totals.StopTheWorldS)
		}
	}
	coop := runPreset(t, "scale-out-cooperative")
	if len(coop.Group.Rebalances) != 2 || coop.Group.Rebalances[0].PartitionsMoved != 0 {
		t.Errorf("cooperative: want a first rebalance that revokes and a follow-up that hands out, got %+v", coop.Group.Rebalances)
	}
	kip := runPreset(t, "scale-out-kip848")
	if len(kip.Group.Rebalances) != 1 || kip.Group.Rebalances[0].Protocol != "consumer" {
		t.Errorf("KIP-848: want one reconciliation, no join/sync rounds, got %+v", kip.Group.Rebalances)
	}
}

func onlyRebalance(t *testing.T, r *Result) RebalanceResult {
	t.Helper()
	if len(r.Group.Rebalances) != 1 {
		t.Fatalf("%d rebalances, want 1: %+v", len(r.Group.Rebalances), r.Group.Rebalances)
	}
	return r.Group.Rebalances[0]
}

func TestRollingRestartDynamicVsStatic(t *testing.T) {
	dyn := runPreset(t, "rolling-restart-dynamic")
	if n := dyn.Group.Totals.Rebalances; n != 6 {
		t.Errorf("dynamic rolling restart of 3 instances: %d rebalances, want two per instance", n)
	}
	static := runPreset(t, "rolling-restart-static")
	if n := static.Group.Totals.Rebalances; n != 0 {
		t.Errorf("static members back within session.timeout.ms: %d rebalances, want none", n)
	}
	if static.Duplicates+dyn.Duplicates != 0 {
		t.Errorf("clean shutdowns commit on close: %d and %d duplicates", static.Duplicates, dyn.Duplicates)
	}
}

func TestStaticMemberCrashWaitsForSessionTimeout(t *testing.T) {
	r := runPreset(t, "static-member-crash")
	rb := onlyRebalance(t, r)
	if wait := rb.StartS - 10; wait < 45-3 || wait > 45 {
		t.Errorf("the crashed static member's partitions moved %.1f s after the crash; want session.timeout.ms (45 s, less up to a heartbeat interval)", wait)
	}
	if !strings.Contains(rb.Cause, "session.timeout.ms") {
		t.Errorf("cause %q", rb.Cause)
	}
	crashed := []string{"consumer-2-1", "consumer-2-2"}
	var waiting []int
	for _, m := range r.Consumers.Members {
		if slices.Contains(crashed, m.Name) && len(m.Assignments) > 0 {
			waiting = append(waiting, m.Assignments[0].Partitions...)
		}
	}
	if len(waiting) == 0 {
		t.Fatal("the crashed instance held no partitions")
	}
	bucket := func(s float64) int { return int(s / r.Series.BucketS) }
	for _, p := range waiting {
		processed := r.Series.Processed[p]
		for b := bucket(11); b < bucket(rb.StartS)-1; b++ {
			if processed[b] != 0 {
				t.Errorf("p%d: %d records processed at %.1f s, while its member was dead and still in the group", p, processed[b], float64(b)*r.Series.BucketS)
			}
		}
		if r.Series.Lag[p][bucket(50)] < 1000 {
			t.Errorf("p%d: lag %d at 50 s; it should pile up while nobody processes it", p, r.Series.Lag[p][bucket(50)])
		}
		// The new owner first reprocesses what the dead one did since its last
		// commit (duplicates), then moves on.
		after := int32(0)
		for b := bucket(rb.EndS); b < bucket(rb.EndS+10); b++ {
			after += processed[b]
		}
		if after == 0 {
			t.Errorf("p%d: nothing new processed in the 10 s after the rebalance at %.1f s", p, rb.EndS)
		}
	}
}

func TestGCPauseLongerThanSessionKicksOut(t *testing.T) {
	r := runPreset(t, "gc-pause")
	if len(r.Group.Rebalances) == 0 || !strings.Contains(r.Group.Rebalances[0].Cause, "session.timeout.ms") {
		t.Fatalf("a 60 s pause did not end the session: %+v", r.Group.Rebalances)
	}
	if r.Group.Totals.FailedCommits == 0 {
		t.Error("the thawed member's commit should fail: it was no longer in the group")
	}
	// Both threads of the frozen instance were thrown out while their
	// process lived: the summary and --max-kicked-out count them.
	expired := 0
	for _, e := range r.Group.Events {
		if e.Event == "removed" && strings.Contains(e.Detail, "session.timeout.ms expired") {
			expired++
		}
	}
	if expired != 2 || r.Group.Totals.KickedOut != expired {
		t.Errorf("%d kicked out, %d sessions expired; the frozen instance's two members were thrown out", r.Group.Totals.KickedOut, expired)
	}
	short := runPreset(t, "gc-pause", "timeline.0.duration_s=20")
	if short.Group.Totals.Rebalances != 0 || short.Group.Totals.KickedOut != 0 {
		t.Errorf("a 20 s pause (under the 45 s session) caused %d rebalances, %d kicked out", short.Group.Totals.Rebalances, short.Group.Totals.KickedOut)
	}
	// A crashed process is removed the same way, but nobody is kicked out.
	crash := runPreset(t, "crash-duplicates")
	if crash.Group.Totals.KickedOut != 0 {
		t.Errorf("crash-duplicates: %d kicked out; a dead process is only removed", crash.Group.Totals.KickedOut)
	}
}

func TestCrashDuplicatesBoundedByCommitInterval(t *testing.T) {
	r := runPreset(t, "crash-duplicates")
	if r.Duplicates == 0 {
		t.Fatal("a crash with auto-commit caused no duplicates")
	}
	// Instance 1 holds a third of the partitions: about a third of the
	// 3,000 events/s, for at most the 5 s auto-commit interval.
	if limit := int64(3000 / 3 * 5 * 1.2); r.Duplicates > limit {
		t.Errorf("%d duplicates, more than the records of 5 s (about %d)", r.Duplicates, limit)
	}
	planned := runPreset(t, "planned-rebalance")
	if planned.Duplicates != 0 {
		t.Errorf("a clean shutdown with commit on close and commit before revoke gave %d duplicates", planned.Duplicates)
	}
	manual := runPreset(t, "planned-rebalance", "consumer.enable_auto_commit=false", "consumer.commit_on_revoke=true", "consumer.commit_after_batch=true")
	if manual.Duplicates != 0 {
		t.Errorf("manual commits after each batch and on revoke gave %d duplicates", manual.Duplicates)
	}
}

func TestMigrationNeedsTwoSteps(t *testing.T) {
	bad := runPreset(t, "migration-unsafe")
	if bad.Group.Totals.Refused == 0 || !hasEvent(bad, "InconsistentGroupProtocolException") {
		t.Errorf("[range] → [cooperative-sticky] in one roll: %+v", bad.Group.Totals)
	}
	good := runPreset(t, "migration-safe")
	if good.Group.Totals.Refused != 0 {
		t.Errorf("the two-step migration refused %d members", good.Group.Totals.Refused)
	}
	last := good.Group.Rebalances[len(good.Group.Rebalances)-1]
	if last.Protocol != "cooperative" || good.Group.Assignor != "cooperative-sticky" {
		t.Errorf("after the migration the group runs %s with %s", last.Protocol, good.Group.Assignor)
	}
}

func TestExecutorCommitTrapLosesRecords(t *testing.T) {
	r := runPreset(t, "executor-commit-trap")
	if r.Lost == 0 {
		t.Error("committing after the hand-off and dropping queued work on revoke lost nothing")
	}
	keep := runPreset(t, "executor-commit-trap", "consumer.on_revoke=keep_running")
	if keep.Lost != 0 {
		t.Errorf("keeping queued work running lost %d records", keep.Lost)
	}
}

func TestFencedStaticMember(t *testing.T) {
	r := runPreset(t, "fenced-instance")
	if r.Group.Totals.Fenced != 2 || !hasEvent(r, "FencedInstanceIdException") {
		t.Errorf("a second copy of a static instance: %+v", r.Group.Totals)
	}
	if r.Group.Totals.Rebalances != 0 {
		t.Errorf("taking over a static membership caused %d rebalances", r.Group.Totals.Rebalances)
	}
	kip := runPreset(t, "fenced-instance", "consumer.group_protocol=consumer")
	if !hasEvent(kip, "UnreleasedInstanceIdException") {
		t.Error("under KIP-848 the newcomer with a taken group.instance.id should be refused")
	}
}

func TestNewGroupWaitsInitialDelay(t *testing.T) {
	r := runPreset(t, "new-group")
	rb := onlyRebalance(t, r)
	// The second member joins during the first delay, so the coordinator
	// waits one delay more (tryCompleteInitialRebalanceElseSchedule).
	if rb.EndS < 6 || rb.EndS > 6.1 {
		t.Errorf("a new group's first assignment at %.3f s, want after two group.initial.rebalance.delay.ms (3 s each)", rb.EndS)
	}
	if r.LatencyMs.Max < 5900 {
		t.Errorf("records sent at the start waited only %.0f ms", r.LatencyMs.Max)
	}
}

func hasEvent(r *Result, name string) bool {
	return slices.ContainsFunc(r.Group.Events, func(e GroupEvent) bool { return e.Event == name })
}
