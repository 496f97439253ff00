package scenarioform

import "partitionlab/sim/scenario"

func producersSection() Section {
	return Section{ID: "producers", Title: "Producers", Array: "producers", Open: true,
		Intro: "The services that send the order events: how each one keys, partitions and serializes them.",
		Fields: []Field{
			{Key: "name", Label: "Name", Kind: Text, Hint: "The service's name, shown in the evidence."},
			{Key: "instances", Label: "Instances", Unit: "producers", Kind: Int,
				Hint: "Copies of the service; each has its own metadata and sticky partition."},
			{Key: "key", Label: "Record key", Setting: "ProducerRecord key", Kind: Choice, set: setKey,
				Options: []Option{
					{scenario.KeyCustomerID, "customer_id"}, {scenario.KeyOrderID, "order_id"}, {scenario.KeySKU, "sku"},
					{scenario.KeyCountry, "country"}, {scenario.KeyNull, "null (no key)"},
					{scenario.KeySaltedCustomerID, "salted_customer_id (customerId#bucket)"}},
				Hint: "What the record is keyed by: the key decides the partition, and so what stays in order."},
			{Key: "client", Label: "Client library", Setting: "the client's default partitioner", Kind: Choice,
				Options: []Option{{"java", "java (murmur2)"}, {"librdkafka", "librdkafka (consistent_random, CRC32)"}, {"sarama", "sarama (FNV-1a)"}},
				Hint:    "Clients hash keys differently: one key can land on different partitions."},
			{Key: "serializer", Label: "Key serializer", Setting: "key.serializer", Kind: Choice,
				Options: []Option{{"string", "string (UTF-8)"}, {"long", "long (8 bytes, big-endian)"}},
				Hint:    "The key's bytes, which are what gets hashed."},
			{Key: "events", Label: "Event types sent", Kind: List,
				Hint: "Comma-separated; empty sends every type no other producer lists."},
			{Key: "salting.hot_customers", Label: "Salted customers", Unit: "customers", Kind: Int, Show: is("key", scenario.KeySaltedCustomerID),
				Hint: "The busiest customers (ids 1, 2, …) whose key gets a #bucket suffix."},
			{Key: "salting.buckets", Label: "Salt buckets", Unit: "buckets", Kind: Int, Show: is("key", scenario.KeySaltedCustomerID),
				Hint: "How many keys one salted customer is spread over."},
			{Key: "salting.bucket_source", Label: "Bucket from", Kind: Choice, Show: is("key", scenario.KeySaltedCustomerID),
				Options: []Option{{"order_id", "order_id: one order keeps one key"}, {"random", "random: a new bucket per event (the trap)"}},
				Hint:    "floorMod(orderId.hashCode(), buckets), or a random bucket per event."},
			{Key: "vip", Label: "VIP partitioner", Setting: "partitioner.class (custom)", Kind: Present,
				Show: func(v Values) bool { return v("key") != scenario.KeyNull }, makeDefault: defaultVIP,
				Hint: "A custom partitioner that reserves partitions for listed customers."},
			{Key: "vip.customers", Label: "VIP customers", Unit: "customer ids", Kind: IntList, Show: hasVIP,
				Hint: "Comma-separated customer ids sent to the reserved partitions."},
			{Key: "vip.partitions", Label: "Reserved partitions", Unit: "partition numbers", Kind: IntList, Show: hasVIP,
				Hint: "Comma-separated; every other key is hashed over the rest."},
			{Key: "keyless", Label: "Keyless partitioner", Kind: Choice,
				Options: []Option{{"uniform_sticky", "uniform sticky (KIP-794, Kafka 3.3+)"}, {"sticky", "sticky (KIP-480, Kafka 2.4–3.2)"}, {"round_robin", "round robin (RoundRobinPartitioner)"}},
				Hint:    "Where records without a key go."},
			{Key: "batch_size", Label: "Batch size", Unit: "bytes", Setting: "batch.size", Kind: Int,
				Hint: "The sticky partitioners move on after this many bytes."},
			{Key: "linger_ms", Label: "Linger", Unit: "ms", Setting: "linger.ms", Kind: Float,
				Hint: "How long a batch waits for more records (5 ms from Kafka 4.0)."},
			{Key: "failure_rate", Label: "Failed produce requests", Unit: "share, 0..0.9", Kind: Float,
				Hint: "Requests that fail and are retried (0.02 = 2 %)."},
			{Key: "max_in_flight", Label: "Requests in flight", Unit: "requests", Setting: "max.in.flight.requests.per.connection", Kind: Int,
				Hint: "Without idempotence, a retried request can land after a later one."},
			{Key: "enable_idempotence", Label: "Idempotent producer", Setting: "enable.idempotence", Kind: Bool,
				Hint: "The broker keeps each partition's sequence, so retries keep order (default since 3.0)."},
			{Key: "retry_backoff_ms", Label: "Retry back-off", Unit: "ms", Setting: "retry.backoff.ms", Kind: Float,
				Hint: "Wait before a failed request is sent again."},
			{Key: "metadata_max_age_ms", Label: "Metadata age", Unit: "ms", Setting: "metadata.max.age.ms", Kind: Float,
				Hint: "How long the producer may use an old partition count before it refreshes."},
		}}
}

// setKey changes a producer's key, adding the salting a salted key needs
// and removing it from any other key (the engine refuses both mismatches).
func setKey(d *Doc, path, text string) {
	d.Set(path, text)
	salting := path[:len(path)-len("key")] + "salting"
	switch {
	case text == scenario.KeySaltedCustomerID && !d.Has(salting):
		d.Set(salting, treeOf(scenario.DefaultSalting()))
	case text != scenario.KeySaltedCustomerID:
		d.Delete(salting)
	}
}

func hasVIP(v Values) bool { return v("vip") != "" }

func defaultVIP() any {
	return treeOf(scenario.VIP{Customers: []int{1}, Partitions: []int{0}})
}
