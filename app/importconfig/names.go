package importconfig

import "strings"

// Role is which client a setting belongs to.
type Role int

// Roles.
const (
	Either   Role = iota // a common client setting (metadata.max.age.ms)
	Producer             // producer only
	Consumer             // consumer only
	Listener             // Spring's listener container
)

// setting is an entry under its canonical name: the Java client's (or
// Spring's listener.*) and its role.
type setting struct {
	Entry
	Name string
	Role Role
}

// springProducer and springConsumer are Spring Boot's own names under
// spring.kafka.producer. and spring.kafka.consumer.; anything else there
// is read as the Java name with dashes for dots.
var springProducer = map[string]string{
	"batch-size": "batch.size", "buffer-memory": "buffer.memory", "compression-type": "compression.type",
	"key-serializer": "key.serializer", "value-serializer": "value.serializer", "client-id": "client.id",
	"bootstrap-servers": "bootstrap.servers", "transaction-id-prefix": "spring.transaction-id-prefix",
}

var springConsumer = map[string]string{
	"auto-commit-interval": "auto.commit.interval.ms", "heartbeat-interval": "heartbeat.interval.ms",
	"max-poll-interval": "max.poll.interval.ms", "fetch-max-wait": "fetch.max.wait.ms", "fetch-min-size": "fetch.min.bytes",
	"fetch-max-size": "fetch.max.bytes", "key-deserializer": "key.deserializer", "value-deserializer": "value.deserializer",
	"client-id": "client.id", "bootstrap-servers": "bootstrap.servers", "group-id": "group.id",
}

// librdkafkaNames are librdkafka's names that differ from the Java
// client's.
var librdkafkaNames = map[string]string{
	"queue.buffering.max.ms":             "linger.ms",
	"max.in.flight":                      "max.in.flight.requests.per.connection",
	"message.send.max.retries":           "retries",
	"topic.metadata.refresh.interval.ms": "metadata.max.age.ms",
	"metadata.broker.list":               "bootstrap.servers",
	"request.required.acks":              "acks",
	"compression.codec":                  "compression.type",
	"partitioner":                        "librdkafka.partitioner",
	"retry.backoff.max.ms":               "retry.backoff.max.ms",
}

// canonical names an entry's setting: Spring's prefixes and kebab case
// and librdkafka's aliases become the Java client's names.
func canonical(e Entry) setting {
	k := e.Key
	if rest, ok := strings.CutPrefix(k, "spring.kafka."); ok {
		return springSetting(e, rest)
	}
	if n, ok := librdkafkaNames[k]; ok {
		k = n
	}
	return setting{Entry: e, Name: k, Role: roleOf(k)}
}

func springSetting(e Entry, rest string) setting {
	for _, s := range []struct {
		prefix string
		role   Role
		names  map[string]string
	}{{"producer.", Producer, springProducer}, {"consumer.", Consumer, springConsumer}} {
		r, ok := strings.CutPrefix(rest, s.prefix)
		if !ok {
			continue
		}
		if p, ok := strings.CutPrefix(r, "properties."); ok {
			return setting{Entry: e, Name: p, Role: s.role}
		}
		if n, ok := s.names[r]; ok {
			return setting{Entry: e, Name: n, Role: s.role}
		}
		return setting{Entry: e, Name: strings.ReplaceAll(r, "-", "."), Role: s.role}
	}
	if r, ok := strings.CutPrefix(rest, "listener."); ok {
		return setting{Entry: e, Name: "listener." + r, Role: Listener}
	}
	if p, ok := strings.CutPrefix(rest, "properties."); ok {
		return setting{Entry: e, Name: p, Role: roleOf(p)}
	}
	if rest == "retry.topic.enabled" {
		return setting{Entry: e, Name: "spring.retry.topic.enabled", Role: Consumer}
	}
	return setting{Entry: e, Name: "spring." + strings.ReplaceAll(rest, "-", "."), Role: Either}
}

// producerOnly and consumerOnly tell a Java .properties file's client.
var producerOnly = map[string]bool{
	"batch.size": true, "linger.ms": true, "acks": true, "enable.idempotence": true, "max.in.flight.requests.per.connection": true,
	"retries": true, "key.serializer": true, "value.serializer": true, "partitioner.class": true, "partitioner.ignore.keys": true,
	"compression.type": true, "buffer.memory": true, "delivery.timeout.ms": true, "transactional.id": true, "max.block.ms": true,
	"max.request.size": true, "librdkafka.partitioner": true, "partitioner.adaptive.partitioning.enable": true,
	"partitioner.availability.timeout.ms": true, "transaction.timeout.ms": true, "batch.num.messages": true,
}

var consumerOnly = map[string]bool{
	"group.id": true, "group.instance.id": true, "group.protocol": true, "group.remote.assignor": true,
	"partition.assignment.strategy": true, "session.timeout.ms": true, "heartbeat.interval.ms": true, "max.poll.interval.ms": true,
	"max.poll.records": true, "enable.auto.commit": true, "auto.commit.interval.ms": true, "auto.offset.reset": true,
	"key.deserializer": true, "value.deserializer": true, "fetch.min.bytes": true, "fetch.max.bytes": true, "fetch.max.wait.ms": true,
	"max.partition.fetch.bytes": true, "isolation.level": true, "allow.auto.create.topics": true, "check.crcs": true,
	"exclude.internal.topics": true, "client.rack": true, "enable.partition.eof": true,
}

func roleOf(name string) Role {
	switch {
	case producerOnly[name]:
		return Producer
	case consumerOnly[name]:
		return Consumer
	}
	return Either
}
