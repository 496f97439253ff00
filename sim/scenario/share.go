package scenario

// Group types (consumer.group_type).
const (
	GroupTypeConsumer = "consumer"
	GroupTypeShare    = "share"
)

// Share is a share group's settings (KIP-932, Kafka 4.3.1): the group's own
// share.* configs and the share consumer's acknowledgement mode. Kafka's
// defaults unless changed; the ranges are the broker's group.share.min/max
// bounds.
type Share struct {
	// AcknowledgementMode is share.acknowledgement.mode: implicit (the next
	// poll accepts every record of the previous one) or explicit (the
	// application acknowledges each record).
	AcknowledgementMode string `json:"acknowledgement_mode"`
	// OnFailure is what the application does with a record whose
	// processing failed, in explicit mode only: release (it is delivered
	// again), reject (archived, never delivered again) or lock_expiry (not
	// acknowledged: delivered again once its lock expires). In implicit mode
	// Kafka has no way to release or reject, so a failed record is retried
	// in place, as the blocking retry does, and then accepted.
	OnFailure string `json:"on_failure"`
	// RecordLockDurationMs is share.record.lock.duration.ms.
	RecordLockDurationMs float64 `json:"record_lock_duration_ms"`
	// DeliveryCountLimit is share.delivery.count.limit: a record delivered
	// this many times is archived instead of made available again.
	DeliveryCountLimit int `json:"delivery_count_limit"`
	// PartitionMaxRecordLocks is share.partition.max.record.locks.
	PartitionMaxRecordLocks int `json:"partition_max_record_locks"`
	// AutoOffsetReset is share.auto.offset.reset: latest or earliest.
	AutoOffsetReset string `json:"auto_offset_reset"`
	// SessionTimeoutMs is share.session.timeout.ms.
	SessionTimeoutMs float64 `json:"session_timeout_ms"`
	// HeartbeatIntervalMs is share.heartbeat.interval.ms.
	HeartbeatIntervalMs float64 `json:"heartbeat_interval_ms"`
	// AssignmentIntervalMs is share.assignment.interval.ms.
	AssignmentIntervalMs float64 `json:"assignment_interval_ms"`
}

// DefaultShare is Kafka 4.3.1's share group defaults.
func DefaultShare() Share {
	return Share{
		AcknowledgementMode:     "implicit",
		OnFailure:               "release",
		RecordLockDurationMs:    30000,
		DeliveryCountLimit:      5,
		PartitionMaxRecordLocks: 2000,
		AutoOffsetReset:         "latest",
		SessionTimeoutMs:        45000,
		HeartbeatIntervalMs:     5000,
		AssignmentIntervalMs:    1000,
	}
}

// IsShare says whether the consumers form a share group.
func (k Consumer) IsShare() bool { return k.GroupType == GroupTypeShare }

// validateShare checks the share settings, and refuses what a
// KafkaShareConsumer refuses (ShareConsumerConfig): static membership,
// assignors, group.protocol, commit settings and auto.offset.reset, which
// the group's share.* settings replace. The thread_pool and per_key_queues
// modes are refused too: a share consumer acknowledges from the thread
// that polls, so records handed to other threads could not be acknowledged.
func validateShare(c *checker, k Consumer) {
	c.oneOf("consumer.group_type", k.GroupType, GroupTypeConsumer, GroupTypeShare)
	s := k.Share
	c.oneOf("consumer.share.acknowledgement_mode", s.AcknowledgementMode, "implicit", "explicit")
	c.oneOf("consumer.share.on_failure", s.OnFailure, "release", "reject", "lock_expiry")
	if s.AcknowledgementMode == "implicit" && s.OnFailure != "release" {
		c.add("consumer.share.on_failure", "share.on_failure.implicit", argQuoted("value", s.OnFailure))
	}
	c.floatIn("consumer.share.record_lock_duration_ms", s.RecordLockDurationMs, 15000, 60000)
	c.intIn("consumer.share.delivery_count_limit", s.DeliveryCountLimit, 2, 10)
	c.intIn("consumer.share.partition_max_record_locks", s.PartitionMaxRecordLocks, 100, 4000)
	c.oneOf("consumer.share.auto_offset_reset", s.AutoOffsetReset, "latest", "earliest")
	c.floatIn("consumer.share.session_timeout_ms", s.SessionTimeoutMs, 45000, 60000)
	c.floatIn("consumer.share.heartbeat_interval_ms", s.HeartbeatIntervalMs, 5000, 15000)
	c.floatIn("consumer.share.assignment_interval_ms", s.AssignmentIntervalMs, 0, 15000)
	if s.HeartbeatIntervalMs >= s.SessionTimeoutMs {
		c.add("consumer.share.heartbeat_interval_ms", "heartbeat.above_session",
			argFloat("value", s.HeartbeatIntervalMs), argFloat("session", s.SessionTimeoutMs))
	}
	if !k.IsShare() {
		return
	}
	d := DefaultConsumer()
	if k.Mode != ModeSequential {
		c.add("consumer.mode", "share.mode", argQuoted("value", k.Mode))
	}
	if k.Retry != d.Retry {
		c.add("consumer.retry", "share.refused", argQuoted("value", k.Retry))
	}
	g, dg := k.Group, d.Group
	if g.StaticMembership {
		c.add("consumer.static_membership", "share.refused", argText("value", "true"))
	}
	if !equalStrings(g.Assignors, dg.Assignors) {
		c.add("consumer.assignors", "share.refused", argText("value", "["+joinQuoted(g.Assignors)+"]"))
	}
	if g.GroupProtocol != dg.GroupProtocol {
		c.add("consumer.group_protocol", "share.refused", argQuoted("value", g.GroupProtocol))
	}
	if g.EnableAutoCommit != dg.EnableAutoCommit {
		c.add("consumer.enable_auto_commit", "share.refused", argText("value", "false"))
	}
	if g.CommitAfterBatch {
		c.add("consumer.commit_after_batch", "share.refused", argText("value", "true"))
	}
	if g.CommitOnRevoke {
		c.add("consumer.commit_on_revoke", "share.refused", argText("value", "true"))
	}
	if g.AutoOffsetReset != dg.AutoOffsetReset {
		c.add("consumer.auto_offset_reset", "share.refused", argQuoted("value", g.AutoOffsetReset))
	}
	if g.SessionTimeoutMs != dg.SessionTimeoutMs {
		c.add("consumer.session_timeout_ms", "share.refused", argFloat("value", g.SessionTimeoutMs))
	}
	if g.HeartbeatIntervalMs != dg.HeartbeatIntervalMs {
		c.add("consumer.heartbeat_interval_ms", "share.refused", argFloat("value", g.HeartbeatIntervalMs))
	}
}

// validateShareAction refuses the timeline actions share groups do not
// model: a rolling restart (no static membership to keep identities) and
// add_consumer copying instance ids.
func validateShareAction(c *checker, f func(string) string, a Action) {
	switch {
	case a.Action == ActionRollingRestart:
		c.add(f("action"), "share.action", argQuoted("value", a.Action))
	case a.SameInstanceIDsAs != 0:
		c.add(f("same_instance_ids_as"), "share.refused", argInt("value", a.SameInstanceIDsAs))
	case len(a.Assignors) > 0:
		c.add(f("assignors"), "share.refused", argText("value", "["+joinQuoted(a.Assignors)+"]"))
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func joinQuoted(list []string) string {
	out := ""
	for i, s := range list {
		if i > 0 {
			out += ", "
		}
		out += `"` + s + `"`
	}
	return out
}
