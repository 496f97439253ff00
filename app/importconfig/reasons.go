package importconfig

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
)

// reasons are why a setting has no effect or is not modelled, in English,
// by a stable id: the app's catalog says each one in every language
// ("editor.import.why.<id>"), and a test keeps its English equal to these.
// {value} is the setting's value, or its name, as written.
var reasons = map[string]string{
	"brokers":            "the simulator has no brokers to connect to",
	"name":               "a name only",
	"group_name":         "a name only: the simulated group is one group",
	"acks":               "every record is appended once it is sent; there is no replication to wait for",
	"record_bytes":       "record sizes are topic.record_bytes",
	"memory":             "the producer never blocks on memory",
	"value_serializer":   "only the key decides the partition",
	"key_deserializer":   "consumers do not read the key",
	"value_deserializer": "consumers do not read the value",
	"retries":            "a failed request is retried until it succeeds or delivery.timeout.ms passes (producers[].failure_rate sets how often one fails)",
	"delivery_timeout":   "a record not appended within Kafka's default of 120 s is given up and counted as failed; another value is not modelled",
	"timeouts":           "requests take no time, so none times out",
	"never_blocks":       "the producer never blocks",
	"one_record":         "every produce request holds one record",
	"batch_messages":     "every produce request holds one record; batch.size decides the sticky partition",
	"backoff_max":        "retry.backoff.ms is the backoff",
	"transactions":       "transactions are not modelled",
	"fetch":              "a fetch returns every record already appended, at once",
	"topic_exists":       "the topic exists",
	"crc":                "records are never corrupt",
	"one_topic":          "one topic only",
	"racks":              "no racks",
	"eof":                "an event the simulator does not need",
	"connections":        "no connections",
	"sockets":            "no sockets",
	"network":            "no network",
	"metrics_sampled":    "no metrics are sampled",
	"logs":               "no logs",
	"interceptors":       "no interceptors",
	"no_time":            "requests take no time",
	"retry_attempts":     "the retry topic retries a record until it succeeds",
	"adaptive":           "adaptive partitioning is not modelled; the sticky partitioner switches after batch.size bytes",
	"availability":       "brokers never become unavailable",
	"remote_assignor":    "under KIP-848 the simulator runs the broker's uniform assignor",
	"metrics":            "no metrics",
	"template":           "the template only sends",
	"streams":            "Kafka Streams is not modelled",
	"listener_type":      "single records or batches are processed alike",
	"poll_timeout":       "a poll returns at once when records are waiting",
	"listener":           "a listener container setting the simulator does not model",

	"ignore_keys_on":      "keyed records are always placed by their key",
	"ignore_keys_off":     "keys decide the partition, as by default",
	"consumer_side":       "a consumer's {value}: the simulated consumer's requests never fail or wait",
	"default_partitioner": "the default partitioner, as the simulator has it",
	"custom_partitioner":  "{value} is not modelled: keyed records are placed by the client's default partitioner",
	"key_serializer":      "{value} is not modelled: the simulator sends keys as StringSerializer or LongSerializer",
	"rd_partitioner":      "{value} is not modelled: consistent_random (CRC32) and murmur2_random (the Java client's murmur2) are",
	"assignor":            "{value} is not an assignor the simulator has (RangeAssignor, RoundRobinAssignor, StickyAssignor, CooperativeStickyAssignor)",
	"offset_reset":        "{value} is not modelled: earliest or latest",
	"ack_mode":            "{value} is not modelled: the simulator commits after each poll's batch (BATCH) or with enable.auto.commit",

	// A share-group setting (Kafka 4.3.1): a refusal names the setting and
	// what Kafka allows, the consumer's values (ShareConsumerConfig) and
	// the group configs' bounds (GroupConfig, the broker's
	// group.share.min/max.* defaults).
	"group_type":         "{value} is refused: a group's type is consumer, classic or share (GroupType; kafka-groups.sh --group-type)",
	"group_type_streams": "{value} is not modelled: the simulator has consumer and share groups",
	"share_ack_mode":     "{value} is refused by Kafka: share.acknowledgement.mode is implicit or explicit",
	"share_acquire_mode": "{value} is refused by Kafka: share.acquire.mode is batch_optimized or record_limit",
	"share_batches":      "{value} is not modelled: the simulator acquires records one by one, as record_limit does",
	"share_record_limit": "the simulator acquires records one by one, as record_limit does",
	"share_lock":         "{value} is refused by Kafka: share.record.lock.duration.ms is 15000..60000",
	"share_deliveries":   "{value} is refused by Kafka: share.delivery.count.limit is 2..10",
	"share_locks":        "{value} is refused by Kafka: share.partition.max.record.locks is 100..4000",
	"share_session":      "{value} is refused by Kafka: share.session.timeout.ms is 45000..60000",
	"share_heartbeat":    "{value} is refused by Kafka: share.heartbeat.interval.ms is 5000..15000",
	"share_assignment":   "{value} is refused by Kafka: share.assignment.interval.ms is 0..15000",
	"share_reset":        "{value} is refused by Kafka: share.auto.offset.reset is earliest, latest or by_duration:<ISO-8601 duration>",
	"share_isolation":    "{value} is refused by Kafka: share.isolation.level is read_committed or read_uncommitted",
	"share_renew":        "the simulated application never renews a lock (RENEW)",

	// Why a line or a value cannot be read (a LineError).
	"not_whole":     "{value} is not a whole number",
	"not_bool":      "{value} is not true or false",
	"not_duration":  "{value} is not a duration (milliseconds, or 500ms, 3s, 5m, PT3S)",
	"not_size":      "{value} is not a size in bytes (16384, 16KB, 1MB)",
	"not_key_value": "{value} is not key=value",
	"no_key":        "{value} has no key",
	"yaml_tabs":     "YAML is indented with spaces, not tabs",
	"yaml_list":     "a list item outside a list of values",
	"yaml_not_key":  "{value} is not key: value",
	"yaml_form":     "this YAML form (anchors, block text, flow maps) is not read; write the value on its line",
}

// LineError is a line or a value that cannot be read: where it is
// ("producer.properties:3", or with the setting, "producer.properties:3:
// linger.ms=soon") and why, a reason's id and the value it names.
type LineError struct {
	Where, Reason, Value string
}

func (e LineError) Error() string {
	return e.Where + ": " + strings.ReplaceAll(reasons[e.Reason], "{value}", e.Value)
}

// lineError is why a line of file name cannot be read.
func lineError(name string, line int, reason, value string) error {
	return LineError{Where: fmt.Sprintf("%s:%d", name, line), Reason: reason, Value: value}
}

// valueError is why a value cannot be read, before it is known where.
type valueError struct{ reason, value string }

func (e valueError) Error() string { return strings.ReplaceAll(reasons[e.reason], "{value}", e.value) }

func cannotRead(reason, v string) error { return valueError{reason, strconv.Quote(v)} }

// Reasons are the English reasons by id, for catalogs and their tests.
func Reasons() map[string]string { return maps.Clone(reasons) }

// because is a note's reason: its id and the value it names.
func (n *Note) because(id, value string) {
	n.Reason, n.ReasonValue = id, value
	n.Why = strings.ReplaceAll(reasons[id], "{value}", value)
}
