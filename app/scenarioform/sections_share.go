package scenarioform

// shareFields are a share group's settings (KIP-932), shown when the group
// type is share; their defaults and ranges are Kafka 4.3.1's.
func shareFields() []Field {
	share := is("consumer.group_type", "share")
	explicit := func(v Values) bool { return share(v) && v("consumer.share.acknowledgement_mode") == "explicit" }
	return []Field{
		{Key: "consumer.share.acknowledgement_mode", Label: "Acknowledgement mode", Setting: "share.acknowledgement.mode", Kind: Choice, Show: share,
			Options: options("implicit", "explicit"),
			Hint:    "Implicit: the next poll() accepts the last batch. Explicit: each record is acknowledged when it is processed."},
		{Key: "consumer.share.on_failure", Label: "A failed record", Kind: Choice, Show: explicit,
			Options: []Option{{"release", "release: delivered again at once"}, {"reject", "reject: never delivered again"}, {"lock_expiry", "lock_expiry: delivered again when its lock runs out"}},
			Hint:    "What the application acknowledges when processing fails (explicit mode only)."},
		{Key: "consumer.share.record_lock_duration_ms", Label: "Record lock duration", Unit: "ms", Setting: "share.record.lock.duration.ms", Kind: Float, Show: share,
			Hint: "How long a consumer holds a record it acquired before it goes to another."},
		{Key: "consumer.share.delivery_count_limit", Label: "Delivery count limit", Setting: "share.delivery.count.limit", Kind: Int, Show: share,
			Hint: "After this many deliveries a record is given up (archived)."},
		{Key: "consumer.share.partition_max_record_locks", Label: "Records locked per partition", Setting: "share.partition.max.record.locks", Kind: Int, Show: share,
			Hint: "At most this many records of a partition are in flight at once."},
		{Key: "consumer.share.auto_offset_reset", Label: "Offset reset", Setting: "share.auto.offset.reset", Kind: Choice, Show: share,
			Options: options("latest", "earliest"),
			Hint:    "Where a share partition starts when the group first reads it."},
		{Key: "consumer.share.session_timeout_ms", Label: "Session timeout (broker)", Unit: "ms", Setting: "group.share.session.timeout.ms", Kind: Float, Show: share,
			Hint: "Without a heartbeat this long, the group removes the member and its records come back."},
		{Key: "consumer.share.heartbeat_interval_ms", Label: "Heartbeat interval (broker)", Unit: "ms", Setting: "group.share.heartbeat.interval.ms", Kind: Float, Show: share,
			Hint: "How often a share consumer heartbeats."},
		{Key: "consumer.share.assignment_interval_ms", Label: "Assignment interval", Unit: "ms", Setting: "share.assignment.interval.ms", Kind: Float, Show: share,
			Hint: "How often the coordinator computes a new target assignment."},
	}
}
