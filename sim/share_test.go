package sim

import (
	"testing"

	"partitionlab/sim/scenario"
)

// runShare runs a small share-group scenario.
func runShare(t *testing.T, edit func(sc *scenario.Scenario)) *Result {
	t.Helper()
	sc := scenario.DefaultScenario()
	sc.DurationS = 20
	sc.Topic.Partitions = 2
	sc.Workload.OrdersPerS = 200
	sc.Consumer.GroupType = scenario.GroupTypeShare
	sc.Consumer.Instances, sc.Consumer.Concurrency = 2, 2
	sc.Consumer.ProcessingMs = 2
	edit(&sc)
	r, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	if r.Group.Totals.Share == nil {
		t.Fatal("a share group's result has no share totals")
	}
	return r
}

func causeCount(r *Result, cause string) int64 {
	for _, c := range r.Ordering.Scopes.Key.ByCause {
		if c.Cause == cause {
			return c.Violations
		}
	}
	return 0
}

// More members than partitions: the SimpleAssignor shares each partition
// and two consumers process records of one partition at once.
func TestShareGroupSharesPartitionsWhenMembersOutnumberThem(t *testing.T) {
	r := runShare(t, func(*scenario.Scenario) {})
	if n := causeCount(r, "shared partition"); n == 0 {
		t.Errorf("no violation caused by a shared partition: %+v", r.Ordering.Scopes.Key.ByCause)
	}
	if r.Lost != 0 || r.Duplicates != 0 {
		t.Errorf("lost %d, duplicates %d; want none", r.Lost, r.Duplicates)
	}
	if r.Group.Protocol != "share" {
		t.Errorf("protocol %q, want share", r.Group.Protocol)
	}
}

// Explicit RELEASE on failure: the released record is delivered again,
// after later records of its key (SharePartitionTest
// testAcknowledgeSingleRecordBatch's RELEASE case, in the engine).
func TestShareReleasedRecordIsRedelivered(t *testing.T) {
	r := runShare(t, func(sc *scenario.Scenario) {
		sc.Consumer.FailureRate = 0.1
		sc.Consumer.Share.AcknowledgementMode = "explicit"
		sc.Consumer.Share.DeliveryCountLimit = 10
	})
	tot := r.Group.Totals.Share
	if tot.Released == 0 || tot.Redelivered == 0 {
		t.Fatalf("released %d, redelivered %d; want both", tot.Released, tot.Redelivered)
	}
	if causeCount(r, "redelivery") == 0 {
		t.Errorf("no violation caused by a redelivery: %+v", r.Ordering.Scopes.Key.ByCause)
	}
}

// A record that keeps failing is archived after share.delivery.count.limit
// deliveries and counted as lost (SharePartitionTest
// testAcquireRecordsHalvesBatchSizeOnEachFailureUntilSingleRecordOnLastAttempt
// for the last attempt; InFlightState.tryUpdateState for the archive).
func TestShareRecordGivenUpAfterDeliveryCountLimit(t *testing.T) {
	r := runShare(t, func(sc *scenario.Scenario) {
		sc.Consumer.FailureRate = 0.5
		sc.Consumer.Share.AcknowledgementMode = "explicit"
		sc.Consumer.Share.DeliveryCountLimit = 2
	})
	tot := r.Group.Totals.Share
	if tot.Archived == 0 || r.Lost != tot.Archived {
		t.Errorf("archived %d, lost %d; want the same, above 0", tot.Archived, r.Lost)
	}
	if causeCount(r, "given up") == 0 {
		t.Errorf("no violation caused by a last delivery: %+v", r.Ordering.Scopes.Key.ByCause)
	}
}

// REJECT archives the record at once.
func TestShareRejectArchives(t *testing.T) {
	r := runShare(t, func(sc *scenario.Scenario) {
		sc.Consumer.FailureRate = 0.05
		sc.Consumer.Share.AcknowledgementMode = "explicit"
		sc.Consumer.Share.OnFailure = "reject"
	})
	tot := r.Group.Totals.Share
	if tot.Rejected == 0 || tot.Redelivered != 0 || r.Lost != tot.Rejected {
		t.Errorf("rejected %d, redelivered %d, lost %d", tot.Rejected, tot.Redelivered, r.Lost)
	}
}

// A crashed member's records stay locked until the lock expires, then
// come back (SharePartitionTest testAcquisitionLockOnAcquiringSingleRecord
// for the expiry).
func TestShareCrashedMembersRecordsComeBackAfterTheLock(t *testing.T) {
	r := runShare(t, func(sc *scenario.Scenario) {
		sc.DurationS = 60
		sc.Workload.OrdersPerS = 300
		sc.Consumer.ProcessingMs = 5
		sc.Consumer.Share.RecordLockDurationMs = 15000
		sc.Timeline = []scenario.Action{{AtS: 20, Action: scenario.ActionCrashConsumer, Instance: 1}}
	})
	if tot := r.Group.Totals.Share; tot.LockExpiries == 0 || tot.Redelivered == 0 {
		t.Errorf("lock expiries %d, redelivered %d; want both", tot.LockExpiries, tot.Redelivered)
	}
}

// A clean shutdown releases what the member holds and leaves the group.
func TestShareRemovedMemberLeaves(t *testing.T) {
	r := runShare(t, func(sc *scenario.Scenario) {
		sc.Timeline = []scenario.Action{{AtS: 10, Action: scenario.ActionRemoveConsumer, Instance: 1}}
	})
	left := false
	for _, e := range r.Group.Events {
		left = left || e.Event == "left"
	}
	if !left || r.Lost != 0 {
		t.Errorf("left %v, lost %d", left, r.Lost)
	}
}

// group_type consumer, said or not, is the run it always was.
func TestGroupTypeConsumerIsTheDefault(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.DurationS = 5
	a, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	if a.Group.Totals.Share != nil {
		t.Error("a consumer group has share totals")
	}
}

// The records a crashed consumer held come back once their locks expire
// (SharePartition.releaseAcquisitionLockOnTimeout), after later records of
// their keys: those violations are the redelivery's, not the shared
// partition's. Without the crash no record is delivered twice.
func TestShareCrashedMembersRecordsExplainLaterOnesAsRedelivery(t *testing.T) {
	sc, err := scenario.Preset("share-crash-locks")
	if err != nil {
		t.Fatal(err)
	}
	run := func(sc scenario.Scenario) *Result {
		r, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if n := causeCount(run(sc), "redelivery"); n == 0 {
		t.Errorf("share-crash-locks: no key violation explained by a redelivery")
	}
	sc.Timeline = nil
	if n := causeCount(run(sc), "redelivery"); n != 0 {
		t.Errorf("share-crash-locks without the crash: %d key violations explained by a redelivery, want 0", n)
	}
}
