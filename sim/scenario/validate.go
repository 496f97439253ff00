package scenario

import (
	"fmt"
	"slices"
)

// Key strategies a producer can use.
const (
	KeyOrderID          = "order_id"
	KeyCustomerID       = "customer_id"
	KeySKU              = "sku"
	KeyCountry          = "country"
	KeyNull             = "null"
	KeySaltedCustomerID = "salted_customer_id"
)

// Consumer processing modes.
const (
	ModeSequential   = "sequential"
	ModeThreadPool   = "thread_pool"
	ModePerKeyQueues = "per_key_queues"
)

// Validate checks every field of a complete scenario (defaults filled) and
// the work it asks for (within the command line's limits, see budget.go),
// and returns FieldErrors naming each problem, or nil.
func Validate(sc Scenario) error { return ValidateWithin(sc, CommandLineLimits()) }

func validateFields(sc Scenario) error {
	var c checker
	c.intIn("version", sc.Version, 1, 1)
	c.floatIn("duration_s", sc.DurationS, 0.001, MaxDurationS)
	c.intIn("topic.partitions", sc.Topic.Partitions, 1, MaxPartitions)
	c.intIn("topic.record_bytes", sc.Topic.RecordBytes, 1, 1<<20)
	validateWorkload(&c, sc.Workload)
	validateKeyDistribution(&c, sc)
	validateProducers(&c, sc)
	validateConsumer(&c, sc.Consumer)
	validateTimeline(&c, sc)
	return c.err()
}

func validateWorkload(c *checker, w Workload) {
	c.floatIn("workload.orders_per_s", w.OrdersPerS, 0.001, MaxOrdersPerS)
	c.intIn("workload.customers", w.Customers, 1, MaxCustomers)
	c.intIn("workload.skus", w.Skus, 1, MaxCustomers)
	c.intIn("workload.countries", w.Countries, 1, MaxCountries)
	c.floatIn("workload.event_gap_ms", w.EventGapMs, 0, 3600_000)
	if n := len(w.EventsPerOrder); n < 1 || n > MaxEventsPerOrder {
		c.add("workload.events_per_order", "events_per_order.count", argInt("count", n), argInt("max", MaxEventsPerOrder))
	}
	for i, e := range w.EventsPerOrder {
		f := fmt.Sprintf("workload.events_per_order[%d]", i)
		if e == "" {
			c.add(f, "empty")
		} else if slices.Index(w.EventsPerOrder, e) < i {
			c.add(f, "listed_twice", argQuoted("value", e))
		}
	}
	s := w.CustomerSkew
	c.oneOf("workload.customer_skew.kind", s.Kind, "uniform", "zipf", "hot")
	switch s.Kind {
	case "zipf":
		c.floatIn("workload.customer_skew.s", s.S, 0.01, 5)
	case "hot":
		c.intIn("workload.customer_skew.hot_customers", s.HotCustomers, 1, max(1, w.Customers))
		c.floatIn("workload.customer_skew.hot_share", s.HotShare, 0, 1)
		if s.HotCustomers == w.Customers && s.HotShare < 1 && w.Customers >= 1 {
			c.add("workload.customer_skew.hot_customers", "hot_customers.all",
				argInt("value", s.HotCustomers), argFloat("share", 1-s.HotShare))
		}
	}
}

func validateProducers(c *checker, sc Scenario) {
	ps := sc.Producers
	if len(ps) < 1 || len(ps) > MaxProducers {
		c.add("producers", "producers.count", argInt("count", len(ps)), argInt("max", MaxProducers))
		return
	}
	claimed := map[string]int{}
	catchAll := -1
	for i, p := range ps {
		f := func(name string) string { return fmt.Sprintf("producers[%d].%s", i, name) }
		if p.Name == "" {
			c.add(f("name"), "empty")
		}
		for j := 0; j < i; j++ {
			if ps[j].Name == p.Name && p.Name != "" {
				c.add(f("name"), "producer.name_taken", argQuoted("value", p.Name), argIndex("index", j))
			}
		}
		c.intIn(f("instances"), p.Instances, 1, MaxInstances)
		c.oneOf(f("key"), p.Key, KeyOrderID, KeyCustomerID, KeySKU, KeyCountry, KeyNull, KeySaltedCustomerID)
		c.oneOf(f("client"), p.Client, "java", "librdkafka", "sarama")
		c.oneOf(f("serializer"), p.Serializer, "string", "long")
		if p.Serializer == "long" && p.Key != KeyOrderID && p.Key != KeyCustomerID && p.Key != KeyNull {
			c.add(f("serializer"), "serializer.long_key", argText("key", p.Key))
		}
		c.oneOf(f("keyless"), p.Keyless, "uniform_sticky", "sticky", "round_robin")
		c.intIn(f("batch_size"), p.BatchSize, 1, 64<<20)
		c.floatIn(f("linger_ms"), p.LingerMs, 0, 60_000)
		c.floatIn(f("failure_rate"), p.FailureRate, 0, 0.9)
		c.intIn(f("max_in_flight"), p.MaxInFlight, 1, 100)
		if p.Idempotence && p.MaxInFlight > 5 {
			c.add(f("max_in_flight"), "idempotence.in_flight", argInt("value", p.MaxInFlight))
		}
		c.floatIn(f("retry_backoff_ms"), p.RetryBackoffMs, 0, 600_000)
		c.floatIn(f("metadata_max_age_ms"), p.MetadataMaxAgeMs, 1, 24*3600_000)
		validateSalting(c, f, p, sc.Workload)
		validateVIP(c, f, p, sc)
		if len(p.Events) == 0 {
			if catchAll >= 0 {
				c.add(f("events"), "events.catch_all_twice", argIndex("index", catchAll))
			}
			catchAll = i
		}
		for j, e := range p.Events {
			if !slices.Contains(sc.Workload.EventsPerOrder, e) {
				c.add(fmt.Sprintf("producers[%d].events[%d]", i, j), "events.unknown", argQuoted("value", e))
			} else if prev, dup := claimed[e]; dup {
				c.add(fmt.Sprintf("producers[%d].events[%d]", i, j), "events.claimed", argQuoted("value", e), argIndex("index", prev))
			} else {
				claimed[e] = i
			}
		}
	}
	unclaimed := 0
	for _, e := range sc.Workload.EventsPerOrder {
		if _, ok := claimed[e]; !ok {
			unclaimed++
			if catchAll < 0 {
				c.add("producers", "events.unsent", argQuoted("value", e))
			}
		}
	}
	if catchAll >= 0 && unclaimed == 0 && len(sc.Workload.EventsPerOrder) > 0 {
		c.add(fmt.Sprintf("producers[%d].events", catchAll), "events.catch_all_idle")
	}
}

func validateSalting(c *checker, f func(string) string, p Producer, w Workload) {
	if p.Key != KeySaltedCustomerID {
		if p.Salting != nil {
			c.add(f("salting"), "salting.unused", argText("key", p.Key))
		}
		return
	}
	if p.Salting == nil {
		c.add(f("salting"), "salting.missing")
		return
	}
	c.intIn(f("salting.hot_customers"), p.Salting.HotCustomers, 1, w.Customers)
	c.intIn(f("salting.buckets"), p.Salting.Buckets, 1, 1024)
	c.oneOf(f("salting.bucket_source"), p.Salting.BucketSource, "order_id", "random")
	// Every salted key has its state in the ordering checker and its
	// partition in the producer's cache, so their number is bounded.
	if n := p.Salting.HotCustomers * p.Salting.Buckets; n > MaxSaltedKeys {
		c.add(f("salting.hot_customers"), "salting.too_many", argInt("hot", p.Salting.HotCustomers),
			argInt("buckets", p.Salting.Buckets), argInt("keys", n), argInt("max", MaxSaltedKeys))
	}
}

func validateVIP(c *checker, f func(string) string, p Producer, sc Scenario) {
	if p.VIP == nil {
		return
	}
	if p.Key == KeyNull {
		c.add(f("vip"), "vip.keyless")
	}
	if len(p.VIP.Customers) == 0 {
		c.add(f("vip.customers"), "vip.no_customers")
	}
	for i, id := range p.VIP.Customers {
		c.intIn(fmt.Sprintf("%s[%d]", f("vip.customers"), i), id, 1, sc.Workload.Customers)
	}
	if n := len(p.VIP.Partitions); n == 0 || n >= sc.Topic.Partitions {
		c.add(f("vip.partitions"), "vip.partitions.count", argInt("count", n), argInt("max", sc.Topic.Partitions-1))
	}
	for i, q := range p.VIP.Partitions {
		fi := fmt.Sprintf("%s[%d]", f("vip.partitions"), i)
		c.intIn(fi, q, 0, sc.Topic.Partitions-1)
		if slices.Index(p.VIP.Partitions, q) < i {
			c.add(fi, "vip.partition_twice", argInt("partition", q))
		}
	}
}

func validateConsumer(c *checker, k Consumer) {
	c.intIn("consumer.instances", k.Instances, 1, MaxInstances)
	c.intIn("consumer.concurrency", k.Concurrency, 1, 1000)
	if k.Instances*k.Concurrency > MaxThreads {
		c.add("consumer.concurrency", "consumer.threads", argInt("instances", k.Instances), argInt("threads", k.Concurrency), argInt("max", MaxThreads))
	}
	c.floatIn("consumer.processing_ms", k.ProcessingMs, 0, 600_000)
	c.oneOf("consumer.processing_dist", k.ProcessingDist, "constant", "uniform", "exponential")
	c.oneOf("consumer.mode", k.Mode, ModeSequential, ModeThreadPool, ModePerKeyQueues)
	c.intIn("consumer.pool_threads", k.PoolThreads, 1, 1000)
	c.intIn("consumer.max_poll_records", k.MaxPollRecords, 1, 100_000)
	c.floatIn("consumer.failure_rate", k.FailureRate, 0, 0.9)
	c.oneOf("consumer.retry", k.Retry, "blocking", "retry_topic")
	c.floatIn("consumer.retry_backoff_ms", k.RetryBackoffMs, 0, 3600_000)
	validateGroup(c, k.Group)
}

func validateTimeline(c *checker, sc Scenario) {
	if len(sc.Timeline) > MaxTimeline {
		c.add("timeline", "timeline.count", argInt("count", len(sc.Timeline)), argInt("max", MaxTimeline))
		return
	}
	partitions := sc.Topic.Partitions
	for i, a := range sc.Timeline {
		f := func(name string) string { return fmt.Sprintf("timeline[%d].%s", i, name) }
		c.floatIn(f("at_s"), a.AtS, 0, sc.DurationS)
		if i > 0 && a.AtS < sc.Timeline[i-1].AtS {
			c.add(f("at_s"), "timeline.order", argFloat("value", a.AtS), argFloat("previous", sc.Timeline[i-1].AtS))
		}
		validateAction(c, f, a, sc, &partitions)
	}
}
