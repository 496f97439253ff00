package sim

import (
	"fmt"
	"slices"
)

// ClassicAssignors are the partition.assignment.strategy names the engine
// models for the classic group protocol.
var classicAssignors = []string{"range", "roundrobin", "sticky", "cooperative-sticky"}

func validateGroup(c *checker, g Group) {
	if len(g.Assignors) == 0 {
		c.add("consumer.assignors", "must list at least one assignor")
	}
	for i, a := range g.Assignors {
		f := fmt.Sprintf("consumer.assignors[%d]", i)
		c.oneOf(f, a, classicAssignors...)
		if slices.Index(g.Assignors, a) < i {
			c.add(f, "%q is listed twice", a)
		}
	}
	c.oneOf("consumer.group_protocol", g.GroupProtocol, "classic", "consumer")
	// The broker's group.min/max.session.timeout.ms bound the session.
	c.floatIn("consumer.session_timeout_ms", g.SessionTimeoutMs, 6000, 1_800_000)
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

// Timeline actions.
const (
	ActionSetPartitions = "set_partitions"
)

func validateAction(c *checker, f func(string) string, a Action, sc Scenario, partitions *int) {
	c.oneOf(f("action"), a.Action, ActionSetPartitions)
	switch a.Action {
	case ActionSetPartitions:
		if a.Partitions <= *partitions {
			c.add(f("partitions"), "%d is not more than the %d partitions the topic has by then: Kafka only increases the count (InvalidPartitionsException)",
				a.Partitions, *partitions)
			return
		}
		c.intIn(f("partitions"), a.Partitions, 1, MaxPartitions)
		*partitions = a.Partitions
	}
}
