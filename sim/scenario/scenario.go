package scenario

// Scenario is a version-1 scenario document: the topic, the workload, the
// producers, the consumer group and the planned changes. Its JSON form is what
// the command line reads, what a shareable link encodes and what the browser
// edits. Field names are snake_case; every field has a default (see
// DefaultScenario), so a document need only say what differs.
type Scenario struct {
	Version int    `json:"version"`
	Name    string `json:"name,omitempty"`
	// Description says in a sentence or two what the scenario shows.
	Description string     `json:"description,omitempty"`
	Seed        uint64     `json:"seed"`
	DurationS   float64    `json:"duration_s"`
	Topic       Topic      `json:"topic"`
	Workload    Workload   `json:"workload"`
	Producers   []Producer `json:"producers"`
	Consumer    Consumer   `json:"consumer"`
	Timeline    []Action   `json:"timeline,omitempty"`
}

// Topic is the topic the orders go to.
type Topic struct {
	// Partitions is the partition count at the start of the run.
	Partitions int `json:"partitions"`
	// RecordBytes is the size of one record as the producer's accumulator
	// counts it toward batch.size (key, value and record overhead).
	RecordBytes int `json:"record_bytes"`
}

// Workload is the stream of orders. Each order belongs to a customer, has a
// SKU and a country, and emits EventsPerOrder in that order, EventGapMs apart.
type Workload struct {
	OrdersPerS     float64  `json:"orders_per_s"`
	Customers      int      `json:"customers"`
	CustomerSkew   Skew     `json:"customer_skew"`
	EventsPerOrder []string `json:"events_per_order"`
	EventGapMs     float64  `json:"event_gap_ms"`
	Skus           int      `json:"skus"`
	Countries      int      `json:"countries"`
	// KeyDistribution, when set, makes the customers a team's own keys
	// with their counts (see KeyDistribution).
	KeyDistribution *KeyDistribution `json:"key_distribution,omitempty"`
}

// Skew is how orders are spread over customers. Customer ids run from 1; the
// most active customers have the smallest ids (customer 1 is the hottest).
type Skew struct {
	// Kind is uniform, zipf (weight 1/rank^S) or hot (HotCustomers share
	// HotShare of all orders, the rest spread evenly).
	Kind         string  `json:"kind"`
	S            float64 `json:"s,omitempty"`
	HotCustomers int     `json:"hot_customers,omitempty"`
	HotShare     float64 `json:"hot_share,omitempty"`
}

// Producer is one service that sends order events, with its own key choice,
// client library and serializer.
type Producer struct {
	Name      string `json:"name"`
	Instances int    `json:"instances"`
	// Key is order_id, customer_id, sku, country, null or salted_customer_id.
	Key string `json:"key"`
	// Client is the client library whose default partitioner is used:
	// java, librdkafka or sarama.
	Client string `json:"client"`
	// Serializer is string (UTF-8) or long (8 bytes big-endian; numeric ids).
	Serializer string `json:"serializer"`
	// Events are the event types this producer sends; empty means all types
	// no other producer claims.
	Events  []string `json:"events,omitempty"`
	Salting *Salting `json:"salting,omitempty"`
	// VIP, when set, is a custom partitioner that reserves partitions for
	// listed customers.
	VIP *VIP `json:"vip,omitempty"`
	// Keyless is the partitioner for records without a key:
	// uniform_sticky (KIP-794, Kafka 3.3+), sticky (KIP-480) or round_robin.
	Keyless string `json:"keyless"`
	// BatchSize is batch.size in bytes: the sticky partitioners switch after it.
	BatchSize int `json:"batch_size"`
	// LingerMs is linger.ms; with the KIP-480 sticky partitioner a batch also
	// closes (and the partition switches) when it has waited this long.
	LingerMs float64 `json:"linger_ms"`
	// FailureRate is the share of produce requests that fail and are retried.
	FailureRate float64 `json:"failure_rate"`
	// MaxInFlight is max.in.flight.requests.per.connection.
	MaxInFlight int `json:"max_in_flight"`
	// Idempotence is enable.idempotence (true by default since Kafka 3.0).
	Idempotence bool `json:"enable_idempotence"`
	// RetryBackoffMs is retry.backoff.ms.
	RetryBackoffMs float64 `json:"retry_backoff_ms"`
	// MetadataMaxAgeMs is metadata.max.age.ms: how long the producer may
	// keep using a partition count before it refreshes its metadata.
	MetadataMaxAgeMs float64 `json:"metadata_max_age_ms"`
}

// Salting spreads hot customers over several keys: customerId#bucket.
type Salting struct {
	// HotCustomers is how many customers (the hottest ids) are salted.
	HotCustomers int `json:"hot_customers"`
	Buckets      int `json:"buckets"`
	// BucketSource is order_id (bucket = floorMod(hashCode(orderId),
	// buckets), so one order keeps one key) or random (a new bucket for every
	// event: the trap that breaks per-order order too).
	BucketSource string `json:"bucket_source"`
}

// VIP is a custom partitioner: the listed customers' records go to the
// reserved partitions, every other key is hashed over the remaining ones.
type VIP struct {
	Customers  []int `json:"customers"`
	Partitions []int `json:"partitions"`
}

// Consumer is the consumer group: instances of the service, each running
// Concurrency consumer threads (KafkaConsumers, so group members).
type Consumer struct {
	Instances   int `json:"instances"`
	Concurrency int `json:"concurrency"`
	// ProcessingMs is the mean processing time of one record.
	ProcessingMs float64 `json:"processing_ms"`
	// ProcessingDist is constant, uniform (mean ± 50 %) or exponential.
	ProcessingDist string `json:"processing_dist"`
	// Mode is sequential, thread_pool or per_key_queues.
	Mode string `json:"mode"`
	// PoolThreads is the size of each member's executor in thread_pool and
	// per_key_queues modes.
	PoolThreads int `json:"pool_threads"`
	// MaxPollRecords is max.poll.records.
	MaxPollRecords int `json:"max_poll_records"`
	// FailureRate is the share of processing attempts that fail.
	FailureRate float64 `json:"failure_rate"`
	// Retry is blocking (retry in place, the partition waits) or
	// retry_topic (send to a retry topic processed later; the partition
	// moves on).
	Retry string `json:"retry"`
	// RetryBackoffMs is the wait before a blocking retry, or the delay of
	// the retry topic.
	RetryBackoffMs float64 `json:"retry_backoff_ms"`

	Group
}

// Group holds the consumer-group settings, Kafka's defaults unless changed.
type Group struct {
	// Assignors is partition.assignment.strategy, most preferred first.
	Assignors []string `json:"assignors"`
	// GroupProtocol is group.protocol: classic or consumer (KIP-848).
	GroupProtocol string `json:"group_protocol"`
	// StaticMembership gives every member a group.instance.id.
	StaticMembership     bool    `json:"static_membership"`
	SessionTimeoutMs     float64 `json:"session_timeout_ms"`
	HeartbeatIntervalMs  float64 `json:"heartbeat_interval_ms"`
	MaxPollIntervalMs    float64 `json:"max_poll_interval_ms"`
	EnableAutoCommit     bool    `json:"enable_auto_commit"`
	AutoCommitIntervalMs float64 `json:"auto_commit_interval_ms"`
	// CommitAfterBatch commits synchronously after each poll's records
	// have been handed to the listener.
	CommitAfterBatch bool `json:"commit_after_batch"`
	// CommitOnRevoke commits in onPartitionsRevoked.
	CommitOnRevoke bool `json:"commit_on_revoke"`
	// AutoOffsetReset is auto.offset.reset: latest or earliest.
	AutoOffsetReset  string  `json:"auto_offset_reset"`
	MetadataMaxAgeMs float64 `json:"metadata_max_age_ms"`
	// ConsumerSessionTimeoutMs is the broker's
	// group.consumer.session.timeout.ms, which governs under the consumer
	// protocol (KIP-848) instead of the client's session.timeout.ms.
	ConsumerSessionTimeoutMs float64 `json:"group_consumer_session_timeout_ms"`
	// InitialRebalanceDelayMs is the broker's group.initial.rebalance.delay.ms.
	InitialRebalanceDelayMs float64 `json:"initial_rebalance_delay_ms"`
	// NewGroup starts the run with an empty group that the members join
	// (waiting initial_rebalance_delay_ms); by default the group was
	// already running, with offsets committed at the start.
	NewGroup bool `json:"new_group"`
	// OnRevoke is what happens to records queued in a member's executor
	// when their partition is revoked: keep_running (they are processed
	// anyway) or drop_queued (discarded: lost if already committed).
	OnRevoke string `json:"on_revoke"`
}

// Action is a planned change at a point in the run.
type Action struct {
	AtS    float64 `json:"at_s"`
	Action string  `json:"action"`
	// Partitions is the new partition count of set_partitions.
	Partitions int `json:"partitions,omitempty"`
	// DrainFirst makes set_partitions the safe procedure: pause the
	// producers, wait until the consumers have caught up, increase, resume.
	DrainFirst bool `json:"drain_first,omitempty"`
	// Instance is the consumer instance (1-based) an action is about:
	// remove_consumer, crash_consumer, gc_pause, slow_processing (0: all).
	Instance int `json:"instance,omitempty"`
	// Instances is how many instances add_consumer starts (default 1).
	Instances int `json:"instances,omitempty"`
	// SameInstanceIDsAs makes add_consumer start copies of that instance
	// (1-based), with the same group.instance.ids: the old ones get fenced.
	SameInstanceIDsAs int `json:"same_instance_ids_as,omitempty"`
	// DurationS is how long: a GC pause, slow processing, or a crashed
	// instance's downtime before it restarts (0: it stays down).
	DurationS float64 `json:"duration_s,omitempty"`
	// DowntimeS is each instance's time down in a rolling_restart.
	DowntimeS float64 `json:"downtime_s,omitempty"`
	// IntervalS is the time between two instances going down in a
	// rolling_restart (default: downtime_s + 10 s, the next one goes once
	// the previous one has been back for a while).
	IntervalS float64 `json:"interval_s,omitempty"`
	// ProcessingMs is the mean processing time during slow_processing.
	ProcessingMs float64 `json:"processing_ms,omitempty"`
	// Assignors is the partition.assignment.strategy of instances started
	// by add_consumer or restarted by rolling_restart.
	Assignors []string `json:"assignors,omitempty"`
}

// Timeline actions.
const (
	ActionSetPartitions  = "set_partitions"
	ActionAddConsumer    = "add_consumer"
	ActionRemoveConsumer = "remove_consumer"
	ActionCrashConsumer  = "crash_consumer"
	ActionRollingRestart = "rolling_restart"
	ActionSlowProcessing = "slow_processing"
	ActionGCPause        = "gc_pause"
)

// Actions lists every timeline action.
func Actions() []string {
	return []string{ActionSetPartitions, ActionAddConsumer, ActionRemoveConsumer, ActionCrashConsumer,
		ActionRollingRestart, ActionSlowProcessing, ActionGCPause}
}
