package importconfig

import "strings"

// noEffect are settings the simulator knows and does not need, with why.
// A prefix ends in a dot.
var noEffect = map[string]string{
	"bootstrap.servers":                        "the simulator has no brokers to connect to",
	"client.id":                                "a name only",
	"group.id":                                 "a name only: the simulated group is one group",
	"acks":                                     "every record is appended once it is sent; there is no replication to wait for",
	"compression.type":                         "record sizes are topic.record_bytes",
	"buffer.memory":                            "the producer never blocks on memory",
	"value.serializer":                         "only the key decides the partition",
	"key.deserializer":                         "consumers do not read the key",
	"value.deserializer":                       "consumers do not read the value",
	"retries":                                  "a failed request is retried until it succeeds (producers[].failure_rate sets how often one fails)",
	"delivery.timeout.ms":                      "requests take no time, so none times out",
	"request.timeout.ms":                       "requests take no time, so none times out",
	"max.block.ms":                             "the producer never blocks",
	"max.request.size":                         "every produce request holds one record",
	"batch.num.messages":                       "every produce request holds one record; batch.size decides the sticky partition",
	"retry.backoff.max.ms":                     "retry.backoff.ms is the backoff",
	"transactional.id":                         "transactions are not modelled",
	"transaction.timeout.ms":                   "transactions are not modelled",
	"spring.transaction-id-prefix":             "transactions are not modelled",
	"isolation.level":                          "transactions are not modelled",
	"fetch.min.bytes":                          "a fetch returns every record already appended, at once",
	"fetch.max.bytes":                          "a fetch returns every record already appended, at once",
	"fetch.max.wait.ms":                        "a fetch returns every record already appended, at once",
	"max.partition.fetch.bytes":                "a fetch returns every record already appended, at once",
	"allow.auto.create.topics":                 "the topic exists",
	"check.crcs":                               "records are never corrupt",
	"exclude.internal.topics":                  "one topic only",
	"client.rack":                              "no racks",
	"enable.partition.eof":                     "an event the simulator does not need",
	"connections.max.idle.ms":                  "no connections",
	"reconnect.backoff.ms":                     "no connections",
	"reconnect.backoff.max.ms":                 "no connections",
	"socket.connection.setup.timeout.ms":       "no connections",
	"receive.buffer.bytes":                     "no sockets",
	"send.buffer.bytes":                        "no sockets",
	"security.protocol":                        "no network",
	"statistics.interval.ms":                   "no metrics are sampled",
	"metrics.recording.level":                  "no metrics are sampled",
	"debug":                                    "no logs",
	"interceptor.classes":                      "no interceptors",
	"default.api.timeout.ms":                   "requests take no time",
	"retry.topic.attempts":                     "the retry topic retries a record until it succeeds",
	"partitioner.adaptive.partitioning.enable": "adaptive partitioning is not modelled; the sticky partitioner switches after batch.size bytes",
	"partitioner.availability.timeout.ms":      "brokers never become unavailable",
	"group.remote.assignor":                    "under KIP-848 the simulator runs the broker's uniform assignor",
	// Prefixes.
	"ssl.":                  "no network",
	"sasl.":                 "no network",
	"metric.reporters":      "no metrics",
	"metrics.":              "no metrics",
	"spring.ssl.":           "no network",
	"spring.security.":      "no network",
	"spring.jaas.":          "no network",
	"spring.admin.":         "the topic exists",
	"spring.template.":      "the template only sends",
	"spring.streams.":       "Kafka Streams is not modelled",
	"spring.bootstrap.":     "the simulator has no brokers to connect to",
	"spring.client.id":      "a name only",
	"listener.type":         "single records or batches are processed alike",
	"listener.poll-timeout": "a poll returns at once when records are waiting",
	"listener.":             "a listener container setting the simulator does not model",
}

// noEffectWhy is why a setting has no effect, or "" when it is not one
// the simulator knows.
func noEffectWhy(name string) string {
	if why, ok := noEffect[name]; ok {
		return why
	}
	best := ""
	for k := range noEffect {
		if strings.HasSuffix(k, ".") && strings.HasPrefix(name, k) && len(k) > len(best) {
			best = k
		}
	}
	return noEffect[best]
}

// partitionerClass says what partitioner.class means for the simulator:
// the default partitioners change nothing; any other is not modelled.
func partitionerClass(v string) (noEffect bool, why string) {
	switch last(v) {
	case "DefaultPartitioner", "BuiltInPartitioner", "":
		return true, "the default partitioner, as the simulator has it"
	}
	return false, v + " is not modelled: keyed records are placed by the client's default partitioner"
}
