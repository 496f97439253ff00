package sim

import (
	"fmt"
	"slices"
)

// ClassicAssignors are the partition.assignment.strategy names the engine
// models for the classic group protocol.
var classicAssignors = []string{"range", "roundrobin", "sticky", "cooperative-sticky"}

func validateAssignorList(c *checker, field string, list []string, optional bool) {
	if len(list) == 0 && !optional {
		c.add(field, "must list at least one assignor")
	}
	for i, a := range list {
		f := fmt.Sprintf("%s[%d]", field, i)
		c.oneOf(f, a, classicAssignors...)
		if slices.Index(list, a) < i {
			c.add(f, "%q is listed twice", a)
		}
	}
}

func validateGroup(c *checker, g Group) {
	validateAssignorList(c, "consumer.assignors", g.Assignors, false)
	c.oneOf("consumer.on_revoke", g.OnRevoke, "keep_running", "drop_queued")
	c.oneOf("consumer.group_protocol", g.GroupProtocol, "classic", "consumer")
	// The broker's group.min/max.session.timeout.ms bound the session.
	c.floatIn("consumer.session_timeout_ms", g.SessionTimeoutMs, 6000, 1_800_000)
	// group.consumer.min/max.session.timeout.ms (45 s and 60 s by default)
	// bound the broker's own setting for the consumer protocol.
	c.floatIn("consumer.group_consumer_session_timeout_ms", g.ConsumerSessionTimeoutMs, 45000, 60000)
	if g.GroupProtocol == "consumer" && g.SessionTimeoutMs != DefaultConsumer().SessionTimeoutMs {
		c.add("consumer.session_timeout_ms", "%s is not used with group_protocol consumer: the broker's group.consumer.session.timeout.ms governs "+
			"(Kafka 4.0 clients refuse session.timeout.ms with this protocol); set consumer.group_consumer_session_timeout_ms (45000..60000) instead",
			fmtFloat(g.SessionTimeoutMs))
	}
	c.floatIn("consumer.heartbeat_interval_ms", g.HeartbeatIntervalMs, 1, 1_800_000)
	if g.HeartbeatIntervalMs >= g.SessionTimeoutMs {
		c.add("consumer.heartbeat_interval_ms", "%s must be lower than session_timeout_ms (%s)",
			fmtFloat(g.HeartbeatIntervalMs), fmtFloat(g.SessionTimeoutMs))
	}
	c.floatIn("consumer.max_poll_interval_ms", g.MaxPollIntervalMs, 1, 24*3600_000)
	c.floatIn("consumer.auto_commit_interval_ms", g.AutoCommitIntervalMs, 1, 24*3600_000)
	c.oneOf("consumer.auto_offset_reset", g.AutoOffsetReset, "latest", "earliest")
	c.floatIn("consumer.metadata_max_age_ms", g.MetadataMaxAgeMs, 1, 24*3600_000)
	c.floatIn("consumer.initial_rebalance_delay_ms", g.InitialRebalanceDelayMs, 0, 300_000)
}

func validateAction(c *checker, f func(string) string, a Action, sc Scenario, partitions *int) {
	c.oneOf(f("action"), a.Action, Actions()...)
	k := sc.Consumer
	switch a.Action {
	case ActionSetPartitions:
		if a.Partitions <= *partitions {
			c.add(f("partitions"), "%d is not in %d..%d: the topic has %d partitions by then and Kafka only increases the count (InvalidPartitionsException)",
				a.Partitions, *partitions+1, MaxPartitions, *partitions)
			return
		}
		c.intIn(f("partitions"), a.Partitions, 1, MaxPartitions)
		*partitions = a.Partitions
	case ActionAddConsumer:
		c.intIn(f("instances"), a.Instances, 0, MaxInstances)
		if a.SameInstanceIDsAs != 0 {
			c.intIn(f("same_instance_ids_as"), a.SameInstanceIDsAs, 1, k.Instances)
			if !k.StaticMembership {
				c.add(f("same_instance_ids_as"), "needs consumer.static_membership: dynamic members have no group.instance.id")
			}
		}
		validateAssignorList(c, f("assignors"), a.Assignors, true)
	case ActionRemoveConsumer, ActionCrashConsumer, ActionGCPause:
		c.intIn(f("instance"), a.Instance, 0, MaxInstances)
		if a.Action != ActionRemoveConsumer {
			c.floatIn(f("duration_s"), a.DurationS, 0, MaxDurationS)
		}
		if a.Action == ActionGCPause && a.DurationS <= 0 {
			c.add(f("duration_s"), "a GC pause needs a duration above 0")
		}
	case ActionRollingRestart:
		c.floatIn(f("downtime_s"), a.DowntimeS, 0.001, MaxDurationS)
		c.floatIn(f("interval_s"), a.IntervalS, 0, MaxDurationS)
		validateAssignorList(c, f("assignors"), a.Assignors, true)
	case ActionSlowProcessing:
		c.intIn(f("instance"), a.Instance, 0, 0)
		c.floatIn(f("duration_s"), a.DurationS, 0.001, MaxDurationS)
		c.floatIn(f("processing_ms"), a.ProcessingMs, 0, 600_000)
	}
}
