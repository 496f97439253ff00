package importconfig

import "strings"

// noEffect are settings the simulator knows and does not need, with the
// id of why (see reasons). A prefix ends in a dot.
var noEffect = map[string]string{
	"bootstrap.servers":                        "brokers",
	"client.id":                                "name",
	"group.id":                                 "group_name",
	"acks":                                     "acks",
	"compression.type":                         "record_bytes",
	"buffer.memory":                            "memory",
	"value.serializer":                         "value_serializer",
	"key.deserializer":                         "key_deserializer",
	"value.deserializer":                       "value_deserializer",
	"retries":                                  "retries",
	"request.timeout.ms":                       "timeouts",
	"max.block.ms":                             "never_blocks",
	"max.request.size":                         "one_record",
	"batch.num.messages":                       "batch_messages",
	"retry.backoff.max.ms":                     "backoff_max",
	"transactional.id":                         "transactions",
	"transaction.timeout.ms":                   "transactions",
	"spring.transaction-id-prefix":             "transactions",
	"isolation.level":                          "transactions",
	"fetch.min.bytes":                          "fetch",
	"fetch.max.bytes":                          "fetch",
	"fetch.max.wait.ms":                        "fetch",
	"max.partition.fetch.bytes":                "fetch",
	"allow.auto.create.topics":                 "topic_exists",
	"check.crcs":                               "crc",
	"exclude.internal.topics":                  "one_topic",
	"client.rack":                              "racks",
	"enable.partition.eof":                     "eof",
	"connections.max.idle.ms":                  "connections",
	"reconnect.backoff.ms":                     "connections",
	"reconnect.backoff.max.ms":                 "connections",
	"socket.connection.setup.timeout.ms":       "connections",
	"receive.buffer.bytes":                     "sockets",
	"send.buffer.bytes":                        "sockets",
	"security.protocol":                        "network",
	"statistics.interval.ms":                   "metrics_sampled",
	"metrics.recording.level":                  "metrics_sampled",
	"debug":                                    "logs",
	"interceptor.classes":                      "interceptors",
	"default.api.timeout.ms":                   "no_time",
	"retry.topic.attempts":                     "retry_attempts",
	"partitioner.adaptive.partitioning.enable": "adaptive",
	"partitioner.availability.timeout.ms":      "availability",
	"group.remote.assignor":                    "remote_assignor",
	// Prefixes.
	"ssl.":                  "network",
	"sasl.":                 "network",
	"metric.reporters":      "metrics",
	"metrics.":              "metrics",
	"spring.ssl.":           "network",
	"spring.security.":      "network",
	"spring.jaas.":          "network",
	"spring.admin.":         "topic_exists",
	"spring.template.":      "template",
	"spring.streams.":       "streams",
	"spring.bootstrap.":     "brokers",
	"spring.client.id":      "name",
	"listener.type":         "listener_type",
	"listener.poll-timeout": "poll_timeout",
	"listener.":             "listener",
}

// noEffectWhy is the id of why a setting has no effect, or "" when it is
// not one the simulator knows.
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
// the default partitioners change nothing; any other is not modelled. why
// is a reason's id.
func partitionerClass(v string) (noEffect bool, why string) {
	switch last(v) {
	case "DefaultPartitioner", "BuiltInPartitioner", "":
		return true, "default_partitioner"
	}
	return false, "custom_partitioner"
}
