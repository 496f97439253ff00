package scenarioform

import "partitionlab/sim/scenario"

// assignorHint lists the classic assignors the engine models.
const assignorHint = "Comma-separated, most preferred first: range, roundrobin, sticky, cooperative-sticky."

func consumersSection() Section {
	return Section{ID: "consumers", Title: "Consumers", Open: true,
		Intro: "The consuming service: instances, each running consumer threads (one KafkaConsumer, so one group member, each), and how they process records.",
		Fields: []Field{
			{Key: "consumer.instances", Label: "Instances", Unit: "instances", Kind: Int,
				Hint: "Copies of the service (pods) at the start."},
			{Key: "consumer.concurrency", Label: "Consumer threads per instance", Unit: "threads", Setting: "concurrency (Spring Kafka)", Kind: Int,
				Hint: "Each thread is a group member; threads beyond the partition count sit idle."},
			{Key: "consumer.processing_ms", Label: "Processing time", Unit: "ms per record", Kind: Float,
				Hint: "Mean time to process one record."},
			{Key: "consumer.processing_dist", Label: "Processing time varies", Kind: Choice,
				Options: []Option{{"constant", "constant"}, {"uniform", "uniform: mean ± 50 %"}, {"exponential", "exponential: mostly fast, some slow"}},
				Hint:    "How the processing time of one record varies."},
			{Key: "consumer.mode", Label: "Processing mode", Kind: Choice,
				Options: []Option{{scenario.ModeSequential, "sequential: the polling thread processes"},
					{scenario.ModeThreadPool, "thread_pool: hand records to an executor"},
					{scenario.ModePerKeyQueues, "per_key_queues: an executor, one queue per key"}},
				Hint: "A thread pool processes one key's records side by side, and so out of order."},
			{Key: "consumer.pool_threads", Label: "Executor threads", Unit: "threads per member", Kind: Int, Show: is("consumer.mode", scenario.ModeThreadPool, scenario.ModePerKeyQueues),
				Hint: "Size of each member's executor."},
			{Key: "consumer.max_poll_records", Label: "Records per poll", Unit: "records", Setting: "max.poll.records", Kind: Int,
				Hint: "How many records one poll() returns at most."},
			{Key: "consumer.failure_rate", Label: "Failed processing", Unit: "share, 0..0.9", Kind: Float,
				Hint: "Attempts that fail and are retried (0.01 = 1 %)."},
			{Key: "consumer.retry", Label: "Retries", Kind: Choice,
				Options: []Option{{"blocking", "blocking: retry in place, the partition waits"}, {"retry_topic", "retry_topic: send to a retry topic and move on"}},
				Setting: "DefaultErrorHandler / @RetryableTopic (Spring Kafka)",
				Hint:    "A retry topic keeps the partition moving but lets later events overtake."},
			{Key: "consumer.retry_backoff_ms", Label: "Retry back-off", Unit: "ms", Kind: Float,
				Hint: "Wait before a blocking retry, or the retry topic's delay."},
		}}
}

func groupSection() Section {
	classic := func(v Values) bool { return v("consumer.group_protocol") != "consumer" }
	autoCommit := func(v Values) bool { return v("consumer.enable_auto_commit") == "true" }
	return Section{ID: "group", Title: "Consumer group",
		Intro: "Group membership, rebalances and commits, with Kafka's defaults.",
		Fields: append([]Field{
			{Key: "consumer.group_type", Label: "Group type", Setting: "KafkaConsumer / KafkaShareConsumer", Kind: Choice,
				Options: []Option{{"consumer", "consumer: each partition to one member, in order"}, {"share", "share (KIP-932): members share partitions, record by record"}},
				Hint:    "A share group balances records over its members but gives up the order of a partition."},
			{Key: "consumer.group_protocol", Label: "Group protocol", Setting: "group.protocol", Kind: Choice,
				Options: []Option{{"classic", "classic (JoinGroup/SyncGroup)"}, {"consumer", "consumer (KIP-848, broker-side assignment)"}},
				Hint:    "KIP-848 reconciles members one by one, without a stop-the-world barrier."},
			{Key: "consumer.assignors", Label: "Assignors", Setting: "partition.assignment.strategy", Kind: List, Show: classic,
				Hint: assignorHint},
			{Key: "consumer.static_membership", Label: "Static membership", Setting: "group.instance.id", Kind: Bool,
				Hint: "A restarted member gets its partitions back without a rebalance, within the session timeout."},
			{Key: "consumer.session_timeout_ms", Label: "Session timeout", Unit: "ms", Setting: "session.timeout.ms", Kind: Float,
				Hint: "Without a heartbeat this long, the group removes the member."},
			{Key: "consumer.group_consumer_session_timeout_ms", Label: "Session timeout (broker)", Unit: "ms",
				Setting: "group.consumer.session.timeout.ms", Kind: Float, Show: func(v Values) bool { return !classic(v) },
				Hint: "Under KIP-848 the broker sets the session timeout (45 s at least); the client's session.timeout.ms is refused."},
			{Key: "consumer.heartbeat_interval_ms", Label: "Heartbeat interval", Unit: "ms", Setting: "heartbeat.interval.ms", Kind: Float,
				Hint: "How often the background thread heartbeats."},
			{Key: "consumer.max_poll_interval_ms", Label: "Max poll interval", Unit: "ms", Setting: "max.poll.interval.ms", Kind: Float,
				Hint: "A member that does not poll for this long leaves the group."},
			{Key: "consumer.enable_auto_commit", Label: "Auto-commit", Setting: "enable.auto.commit", Kind: Bool,
				Hint: "Commit consumed offsets from poll() every interval."},
			{Key: "consumer.auto_commit_interval_ms", Label: "Auto-commit interval", Unit: "ms", Setting: "auto.commit.interval.ms", Kind: Float, Show: autoCommit,
				Hint: "Records processed since the last commit are processed again after a crash."},
			{Key: "consumer.commit_after_batch", Label: "Commit after each batch", Setting: "commitSync() after poll's records", Kind: Bool,
				Hint: "Commit once the records of a poll have been handed to the listener."},
			{Key: "consumer.commit_on_revoke", Label: "Commit on revoke", Setting: "onPartitionsRevoked → commitSync()", Kind: Bool,
				Hint: "Commit before giving partitions up in a rebalance."},
			{Key: "consumer.on_revoke", Label: "Queued records on revoke", Kind: Choice,
				Options: []Option{{"keep_running", "keep_running: processed anyway"}, {"drop_queued", "drop_queued: discarded"}},
				Hint:    "What the executor does with queued records of a revoked partition."},
			{Key: "consumer.auto_offset_reset", Label: "Offset reset", Setting: "auto.offset.reset", Kind: Choice,
				Options: options("latest", "earliest"),
				Hint:    "Where a member starts on a partition with no committed offset."},
			{Key: "consumer.metadata_max_age_ms", Label: "Metadata age", Unit: "ms", Setting: "metadata.max.age.ms", Kind: Float,
				Hint: "How soon the group leader notices new partitions."},
			{Key: "consumer.initial_rebalance_delay_ms", Label: "Initial rebalance delay", Unit: "ms", Setting: "group.initial.rebalance.delay.ms (broker)", Kind: Float,
				Hint: "A new group waits this long for more members, and again whenever one joined meanwhile (up to the rebalance timeout), before the first assignment."},
			{Key: "consumer.new_group", Label: "Start as a new group", Kind: Bool,
				Hint: "Members join an empty group; otherwise the group was already running."},
		}, shareFields()...)}
}
