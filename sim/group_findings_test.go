package sim

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// Consumer-group behaviour checked against Kafka's coordinator and client
// (ConsumerCoordinator, AbstractCoordinator, GroupMetadataManager), each on
// the scenario a person would open to see it.

// unowned lists, at times outside rebalances (and a second after each, for
// members to apply what they got), the partitions no member holds.
func unowned(r *Result, partitions int) []string {
	var out []string
	for t := 0.25; t < r.DurationS; t += 0.25 {
		busy := slices.ContainsFunc(r.Group.Rebalances, func(rb RebalanceResult) bool { return t >= rb.StartS && t <= rb.EndS+1 })
		if busy {
			continue
		}
		held := make([]bool, partitions)
		for _, m := range r.Consumers.Members {
			var now []int
			for _, a := range m.Assignments {
				if a.AtS <= t {
					now = a.Partitions
				}
			}
			for _, p := range now {
				held[p] = true
			}
		}
		for p, h := range held {
			if !h {
				out = append(out, fmt.Sprintf("p%d at %.2f s", p, t))
			}
		}
	}
	return out
}

// Finding 1: eager members ([cooperative-sticky, range] runs EAGER) revoke
// everything in onJoinPrepare and send ownedPartitions=[]; the simulator
// passed their last assignment, so CooperativeStickyAssignor held back the
// partitions that should move and no follow-up round ever came.
func TestMigrationStepKeepsEveryPartitionOwned(t *testing.T) {
	r := runPreset(t, "migration-safe")
	if lost := unowned(r, 12); len(lost) > 0 {
		t.Errorf("outside rebalances, %d samples with a partition nobody holds, first %v", len(lost), lost[:min(3, len(lost))])
	}
	if r.Group.Assignor != "cooperative-sticky" {
		t.Errorf("the migration ends on %q, want cooperative-sticky", r.Group.Assignor)
	}
	// 3 → 4 members on 12 partitions under [cooperative-sticky, range]:
	// Kafka gives every member three (groups-cases.md).
	doc := `{"version":1,"seed":1,"duration_s":40,"topic":{"partitions":12},
	  "consumer":{"instances":3,"concurrency":1,"assignors":["cooperative-sticky","range"]},
	  "timeline":[{"at_s":10,"action":"add_consumer"}]}`
	r = runDoc(t, doc)
	for _, m := range r.Consumers.Members {
		if len(m.Partitions) != 3 {
			t.Errorf("%s ends with %v; four eager members on 12 partitions hold three each", m.Name, m.Partitions)
		}
	}
	if lost := unowned(r, 12); len(lost) > 0 {
		t.Errorf("partitions without a consumer: %v", lost[:min(3, len(lost))])
	}
}

func runDoc(t *testing.T, doc string, sets ...string) *Result {
	t.Helper()
	sc, err := scenario.ParseScenarioWithSets([]byte(doc), sets)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Finding 2: a static member's rejoin goes through the coordinator's
// checks (GroupMetadataManager.classicGroupJoinNewMember, then
// updateStaticMemberThenRebalanceOrCompleteJoin).
func TestStaticRollingRestartProtocolChecks(t *testing.T) {
	const doc = `{"version":1,"seed":1,"duration_s":60,"topic":{"partitions":8},
	  "consumer":{"instances":4,"concurrency":1,"static_membership":true,"assignors":["range"]},
	  "timeline":[{"at_s":10,"action":"rolling_restart","downtime_s":2,"interval_s":5,"assignors":%s}]}`
	cases := []struct {
		name       string
		assignors  string
		refused    int
		rebalances int
		assignor   string
		want       [][]int
	}{
		// supportsProtocols counts the member's own old entry: nobody
		// else lists cooperative-sticky, so the first restarted instance
		// is refused, and so is every one after it.
		{"[range] → [cooperative-sticky] in one roll", `["cooperative-sticky"]`, 4, 0, "range", nil},
		// The last rejoin changes what selectProtocol picks: a rebalance.
		{"[range] → [roundrobin, range]", `["roundrobin","range"]`, 0, 1, "roundrobin", [][]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runDoc(t, fmt.Sprintf(doc, c.assignors))
			if got := r.Group.Totals.Refused; got != c.refused {
				t.Errorf("%d members refused, want %d", got, c.refused)
			}
			if got := r.Group.Totals.Rebalances; got != c.rebalances {
				t.Errorf("%d rebalances, want %d: %+v", got, c.rebalances, r.Group.Rebalances)
			}
			if r.Group.Assignor != c.assignor {
				t.Errorf("the group runs %q, want %q", r.Group.Assignor, c.assignor)
			}
			for i, want := range c.want {
				if got := r.Consumers.Members[i].Partitions; !slices.Equal(got, want) {
					t.Errorf("%s holds %v, want %v", r.Consumers.Members[i].Name, got, want)
				}
			}
		})
	}
}

// Finding 3: under group.protocol=consumer the broker's
// group.consumer.session.timeout.ms governs.
func TestKIP848SessionTimeoutIsTheBrokers(t *testing.T) {
	const doc = `{"version":1,"seed":1,"duration_s":120,
	  "consumer":{"instances":2,"concurrency":1,"group_protocol":"consumer"%s},
	  "timeline":[{"at_s":10,"action":"crash_consumer","instance":1}]}`
	_, err := scenario.ParseScenario([]byte(fmt.Sprintf(doc, `,"session_timeout_ms":10000`)))
	if err == nil || !strings.Contains(err.Error(), "consumer.session_timeout_ms") || !strings.Contains(err.Error(), "group.consumer.session.timeout.ms") {
		t.Errorf("session_timeout_ms with the consumer protocol: %v; want it refused, naming the broker's setting", err)
	}
	for _, c := range []struct {
		set  string
		want float64
	}{{"", 45}, {`,"group_consumer_session_timeout_ms":60000`, 60}} {
		r := runDoc(t, fmt.Sprintf(doc, c.set))
		if len(r.Group.Rebalances) == 0 {
			t.Fatalf("%s: the crashed member was never removed", c.set)
		}
		rb := r.Group.Rebalances[0]
		if wait := rb.StartS - 10; wait < c.want-5 || wait > c.want || !strings.Contains(rb.Cause, "group.consumer.session.timeout.ms") {
			t.Errorf("%s: removed %.1f s after the crash (%q); want group.consumer.session.timeout.ms, %g s less up to a heartbeat", c.set, wait, rb.Cause, c.want)
		}
	}
}

// Finding 4: the heartbeat thread checks max.poll.interval.ms every
// retry.backoff.ms (AbstractCoordinator.HeartbeatThread), not only when a
// heartbeat is due.
func TestPollTimeoutNoticedWithinRetryBackoff(t *testing.T) {
	r := runPreset(t, "poll-timeout-loop")
	n := 0
	for _, e := range r.Group.Events {
		if strings.Contains(e.Detail, "poll() not called for") {
			n++
			if !strings.Contains(e.Detail, "poll() not called for 300 s") {
				t.Errorf("%s at %.2f s: %q; want it noticed within 100 ms of the 300 s limit", e.Member, e.AtS, e.Detail)
			}
		}
	}
	if n == 0 {
		t.Fatal("no poll time-out")
	}
}

// rebalancesJSON is the rebalances as JSON objects, to read fields a
// reader of --json sees.
func rebalancesJSON(t *testing.T, r *Result) []map[string]any {
	b, err := json.Marshal(r.Group.Rebalances)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// Finding 5: what the result says about rebalances.
func TestRebalanceReporting(t *testing.T) {
	coop := runPreset(t, "scale-out-cooperative")
	rbs := rebalancesJSON(t, coop)
	if len(rbs) != 2 || rbs[0]["revoked"] == nil {
		t.Errorf("the first cooperative round revokes three partitions; the result should list them: %v", rbs)
	}
	for _, mv := range coop.Group.Rebalances[len(coop.Group.Rebalances)-1].Moves {
		if mv.From == "" {
			t.Errorf("follow-up: p%d moves from nobody; it was revoked by a member", mv.Partition)
		}
	}
	// A member removed (poll time-out) and rejoining within one rebalance
	// does not move its own partitions from nobody to itself.
	loop := runPreset(t, "poll-timeout-loop")
	for _, rb := range loop.Group.Rebalances {
		for _, mv := range rb.Moves {
			if mv.From == "" {
				t.Errorf("rebalance at %.2f s: p%d moves from nobody to %s; every partition had an owner", rb.StartS, mv.Partition, mv.To)
			}
		}
	}
	// Auto-commits are asynchronous: a failure is logged, not thrown.
	for _, e := range runPreset(t, "gc-pause").Group.Events {
		if e.Event == "CommitFailedException" {
			t.Errorf("%s at %.2f s: CommitFailedException from an auto-commit", e.Member, e.AtS)
		}
	}
	// A lone member leaving empties the group; when it comes back the join
	// waits group.initial.rebalance.delay.ms (3 s).
	lone := runDoc(t, `{"version":1,"seed":1,"duration_s":30,"consumer":{"instances":1,"concurrency":1},
	  "timeline":[{"at_s":10,"action":"rolling_restart","downtime_s":5}]}`)
	if rb := lone.Group.Rebalances; len(rb) != 2 || rb[0].EndS-rb[0].StartS > 0.01 || rb[1].EndS-rb[1].StartS < 3 {
		t.Errorf("lone member leaving and coming back: %+v; want the group emptied at once, then a rejoin waiting the 3 s initial delay", rb)
	}
}

// Finding 6: classic fencing is not instantaneous: the old copy finds out
// at its next heartbeat or commit (FENCED_INSTANCE_ID).
func TestClassicFencingReachesTheOldCopyAtItsNextHeartbeat(t *testing.T) {
	r := runPreset(t, "fenced-instance")
	n := 0
	for _, e := range r.Group.Events {
		if e.Event == "FencedInstanceIdException" {
			n++
			if e.AtS <= 20 || e.AtS > 23 {
				t.Errorf("%s fenced at %.2f s; the takeover is at 20 s, its next heartbeat within 3 s", e.Member, e.AtS)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d members fenced, want 2", n)
	}
}
