package scenario

import (
	"fmt"
	"slices"
)

// ClassicAssignors are the partition.assignment.strategy names the engine
// models for the classic group protocol.
var classicAssignors = []string{"range", "roundrobin", "sticky", "cooperative-sticky"}

func validateAssignorList(c *checker, field string, list []string, optional bool) {
	if len(list) == 0 && !optional {
		c.add(field, "assignors.empty")
	}
	for i, a := range list {
		f := fmt.Sprintf("%s[%d]", field, i)
		c.oneOf(f, a, classicAssignors...)
		if slices.Index(list, a) < i {
			c.add(f, "listed_twice", argQuoted("value", a))
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
		c.add("consumer.session_timeout_ms", "session_timeout.kip848", argFloat("value", g.SessionTimeoutMs))
	}
	c.floatIn("consumer.heartbeat_interval_ms", g.HeartbeatIntervalMs, 1, 1_800_000)
	if g.HeartbeatIntervalMs >= g.SessionTimeoutMs {
		c.add("consumer.heartbeat_interval_ms", "heartbeat.above_session",
			argFloat("value", g.HeartbeatIntervalMs), argFloat("session", g.SessionTimeoutMs))
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
			c.add(f("partitions"), "partitions.decrease", argInt("value", a.Partitions), argInt("min", *partitions+1),
				argInt("max", MaxPartitions), argInt("current", *partitions))
			return
		}
		c.intIn(f("partitions"), a.Partitions, 1, MaxPartitions)
		*partitions = a.Partitions
	case ActionAddConsumer:
		c.intIn(f("instances"), a.Instances, 0, MaxInstances)
		if a.SameInstanceIDsAs != 0 {
			c.intIn(f("same_instance_ids_as"), a.SameInstanceIDsAs, 1, k.Instances)
			if !k.StaticMembership {
				c.add(f("same_instance_ids_as"), "static.needed")
			}
		}
		validateAssignorList(c, f("assignors"), a.Assignors, true)
	case ActionRemoveConsumer, ActionCrashConsumer, ActionGCPause:
		c.intIn(f("instance"), a.Instance, 0, MaxInstances)
		if a.Action != ActionRemoveConsumer {
			c.floatIn(f("duration_s"), a.DurationS, 0, MaxDurationS)
		}
		if a.Action == ActionGCPause && a.DurationS <= 0 {
			c.add(f("duration_s"), "gc_pause.duration")
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
