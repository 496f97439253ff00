package scenario

// Limits on scenario values. They keep a run inside what a browser tab can
// hold; Kafka itself allows more partitions, but a design review rarely needs
// them and every partition costs arrays in the engine.
const (
	MaxPartitions     = 10000
	MaxDurationS      = 24 * 3600
	MaxOrdersPerS     = 1_000_000
	MaxCustomers      = 10_000_000
	MaxEventsPerOrder = 16
	MaxProducers      = 16
	MaxInstances      = 1000
	MaxThreads        = 10000
	MaxTimeline       = 200
	MaxSaltedKeys     = 1 << 20 // salting.hot_customers × salting.buckets
	MaxCountries      = 16      // the engine's country codes
)

// DefaultScenario is the scenario every document starts from: one Java
// order-service keyed by customer id, twelve partitions, one consumer
// instance with six threads, and Kafka's own defaults everywhere else.
func DefaultScenario() Scenario {
	return Scenario{
		Version:   1,
		Seed:      1,
		DurationS: 60,
		Topic:     Topic{Partitions: 12, RecordBytes: 256},
		Workload: Workload{
			OrdersPerS:     1000,
			Customers:      10000,
			CustomerSkew:   Skew{Kind: "uniform"},
			EventsPerOrder: []string{"CREATED", "PAID", "SHIPPED"},
			EventGapMs:     50,
			Skus:           500,
			Countries:      5,
		},
		Producers: []Producer{DefaultProducer()},
		Consumer:  DefaultConsumer(),
	}
}

// DefaultProducer is a Java producer with Kafka 4.0's defaults.
func DefaultProducer() Producer {
	return Producer{
		Name:             "order-service",
		Instances:        1,
		Key:              "customer_id",
		Client:           "java",
		Serializer:       "string",
		Keyless:          "uniform_sticky",
		BatchSize:        16384,
		LingerMs:         5, // KIP-1030: 5 ms from Kafka 4.0 (0 before)
		MaxInFlight:      5,
		Idempotence:      true,
		RetryBackoffMs:   100,
		MetadataMaxAgeMs: 300000,
	}
}

// DefaultConsumer is one instance with six sequential consumer threads and
// Kafka's consumer and group defaults.
func DefaultConsumer() Consumer {
	return Consumer{
		Instances:      1,
		Concurrency:    6,
		ProcessingMs:   1,
		ProcessingDist: "exponential",
		Mode:           "sequential",
		PoolThreads:    8,
		MaxPollRecords: 500,
		Retry:          "blocking",
		RetryBackoffMs: 1000,
		Group: Group{
			Assignors:               []string{"range", "cooperative-sticky"},
			GroupProtocol:           "classic",
			SessionTimeoutMs:        45000,
			HeartbeatIntervalMs:     3000,
			MaxPollIntervalMs:       300000,
			EnableAutoCommit:        true,
			AutoCommitIntervalMs:    5000,
			AutoOffsetReset:         "latest",
			MetadataMaxAgeMs:        300000,
			InitialRebalanceDelayMs: 3000,
			// group.consumer.session.timeout.ms
			ConsumerSessionTimeoutMs: 45000,
			OnRevoke:                 "keep_running",
		},
	}
}

// DefaultSalting is used for a salting object whose fields are left out.
func DefaultSalting() Salting {
	return Salting{HotCustomers: 1, Buckets: 8, BucketSource: "order_id"}
}
