package report

// Simplifications are the simulator's departures from Kafka, the same
// list the README's "What is exact and what is simplified" gives in full.
func Simplifications() [][2]string {
	return [][2]string{
		{"Time and the network.",
			"Every request takes no time, except 5 ms for the JoinGroup response, the leader's assignment and SyncGroup. " +
				"A fetch returns every record already appended, at once. There are no brokers to fail, no replication, no leader elections."},
		{"One record per produce request.",
			"A failed request fails one record, and its retry is that record alone (real batches fail and retry together: " +
				"that changes how many records move, not whether order breaks). Timeouts that write a record twice are not modelled."},
		{"Sticky partitioners, simply.",
			"KIP-794 switches after batch.size bytes, without the \"batch is full\" subtlety and without adaptive partitioning; " +
				"KIP-480 opens a new batch when the last is full or older than linger.ms."},
		{"Consumers.",
			"One partition is processed by one thread of its member. The thread pool is unbounded. A blocking retry retries forever; " +
				"the retry topic has one partition and one consumer thread."},
		{"Exact heartbeats.",
			"Members heartbeat exactly every heartbeat.interval.ms, learn of a rebalance at their next heartbeat and rejoin at their next poll(); " +
				"the heartbeat thread checks max.poll.interval.ms every retry.backoff.ms (100 ms). Only the group leader's metadata refresh notices new partitions, " +
				"and it rejoins at its next poll()."},
		{"The group coordinator is Kafka's, without the network.",
			"Joins, static rejoins (checked against every member's assignors, their own old entry included), leaves, the rebalance timeout " +
				"and an emptied group waiting the initial delay again (once more for each delay in which a member joined) follow Kafka's coordinator. Eager members report no owned partitions. " +
				"A fenced static member learns it at its next heartbeat or commit, but does not fetch again meanwhile. " +
				"Under KIP-848 the broker's group.consumer.session.timeout.ms applies; session_timeout_ms is refused there."},
		{"Lag counts records not yet processed.",
			"Kafka's tools (kafka-consumer-groups, the lag metrics) count from the committed offset, which also counts records processed but not yet committed."},
		{"Latency percentiles.",
			"Latency runs from send() to the end of processing; p50 and p99 come from a histogram with about 1.5 % resolution; the maximum is exact."},
		{"Default partitioners only.",
			"Each client's default keyed partitioner is exact; a custom partitioner.class (other than the VIP one), explicit partitions on records " +
				"and partitioner.ignore.keys are not modelled."},
		{"Share groups (Kafka 4.3.1).",
			"Records are acquired one by one, not in producer batches (as share.acquire.mode=record_limit does). " +
				"The share state needs no initialisation and its writes never fail (no persister). " +
				"A crashed consumer's records stay locked until share.record.lock.duration.ms runs out or its session expires; " +
				"Kafka releases them as soon as the broker sees the connection close. There is no dead-letter queue: Kafka 4.3.1 has none."},
	}
}
