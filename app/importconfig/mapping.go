package importconfig

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"partitionlab/sim/scenario"
)

// target is what a mapped setting changes in a scenario: set parses the
// value and writes it, returning the scenario fields it changed.
type target struct {
	role Role
	set  func(sc *scenario.Scenario, v string) ([]string, error)
}

// producers applies f to every producer, naming each field it changed.
func producers(field string, f func(p *scenario.Producer, v string) error) func(sc *scenario.Scenario, v string) ([]string, error) {
	return func(sc *scenario.Scenario, v string) ([]string, error) {
		var fields []string
		for i := range sc.Producers {
			if err := f(&sc.Producers[i], v); err != nil {
				return nil, err
			}
			fields = append(fields, fmt.Sprintf("producers[%d].%s", i, field))
		}
		return fields, nil
	}
}

func consumer(field string, f func(c *scenario.Consumer, v string) error) func(sc *scenario.Scenario, v string) ([]string, error) {
	return func(sc *scenario.Scenario, v string) ([]string, error) {
		if err := f(&sc.Consumer, v); err != nil {
			return nil, err
		}
		return []string{"consumer." + field}, nil
	}
}

// targets are the settings the simulator models, by Java name.
func targets() map[string]target {
	m := map[string]target{
		"batch.size": {Producer, producers("batch_size", func(p *scenario.Producer, v string) (err error) { p.BatchSize, err = bytesOf(v); return })},
		"linger.ms":  {Producer, producers("linger_ms", func(p *scenario.Producer, v string) (err error) { p.LingerMs, err = millis(v); return })},
		"enable.idempotence": {Producer, producers("enable_idempotence", func(p *scenario.Producer, v string) (err error) {
			p.Idempotence, err = boolOf(v)
			return
		})},
		"max.in.flight.requests.per.connection": {Producer, producers("max_in_flight", func(p *scenario.Producer, v string) (err error) {
			p.MaxInFlight, err = intOf(v)
			return
		})},
		// The producers give a record up after Kafka's default delivery
		// timeout (ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120 s) and no
		// other: that value changes nothing, another is not applied.
		"delivery.timeout.ms": {Producer, func(_ *scenario.Scenario, v string) ([]string, error) {
			ms, err := millis(v)
			if err != nil {
				return nil, err
			}
			if ms == 120000 {
				return nil, noEffectBecause("delivery_timeout")
			}
			return nil, notModelledBecause("delivery_timeout", strconv.Quote(v))
		}},
		"retry.backoff.ms": {Producer, producers("retry_backoff_ms", func(p *scenario.Producer, v string) (err error) { p.RetryBackoffMs, err = millis(v); return })},
		"metadata.max.age.ms": {Either, func(sc *scenario.Scenario, v string) ([]string, error) {
			ms, err := millis(v)
			if err != nil {
				return nil, err
			}
			fields := []string{"consumer.metadata_max_age_ms"}
			sc.Consumer.MetadataMaxAgeMs = ms
			for i := range sc.Producers {
				sc.Producers[i].MetadataMaxAgeMs = ms
				fields = append(fields, fmt.Sprintf("producers[%d].metadata_max_age_ms", i))
			}
			return fields, nil
		}},
		"key.serializer": {Producer, producers("serializer", func(p *scenario.Producer, v string) error {
			switch last(v) {
			case "StringSerializer":
				p.Serializer = "string"
			case "LongSerializer":
				p.Serializer = "long"
			default:
				return notModelledBecause("key_serializer", v)
			}
			return nil
		})},
		"librdkafka.partitioner": {Producer, producers("client", func(p *scenario.Producer, v string) error {
			switch v {
			case "consistent_random", "consistent":
				p.Client = "librdkafka"
			case "murmur2_random", "murmur2":
				p.Client = "java"
			default:
				return notModelledBecause("rd_partitioner", strconv.Quote(v))
			}
			return nil
		})},
		"partition.assignment.strategy": {Consumer, consumer("assignors", func(c *scenario.Consumer, v string) error {
			var out []string
			for _, s := range strings.Split(v, ",") {
				a, ok := assignors[last(strings.TrimSpace(s))]
				if !ok {
					return notModelledBecause("assignor", strconv.Quote(strings.TrimSpace(s)))
				}
				out = append(out, a)
			}
			c.Assignors = out
			return nil
		})},
		"group.protocol": {Consumer, consumer("group_protocol", func(c *scenario.Consumer, v string) error {
			c.GroupProtocol = strings.ToLower(v)
			return nil
		})},
		"group.instance.id": {Consumer, consumer("static_membership", func(c *scenario.Consumer, v string) error {
			c.StaticMembership = v != ""
			return nil
		})},
		"session.timeout.ms":    {Consumer, consumer("session_timeout_ms", func(c *scenario.Consumer, v string) (err error) { c.SessionTimeoutMs, err = millis(v); return })},
		"heartbeat.interval.ms": {Consumer, consumer("heartbeat_interval_ms", func(c *scenario.Consumer, v string) (err error) { c.HeartbeatIntervalMs, err = millis(v); return })},
		"max.poll.interval.ms":  {Consumer, consumer("max_poll_interval_ms", func(c *scenario.Consumer, v string) (err error) { c.MaxPollIntervalMs, err = millis(v); return })},
		"max.poll.records":      {Consumer, consumer("max_poll_records", func(c *scenario.Consumer, v string) (err error) { c.MaxPollRecords, err = intOf(v); return })},
		"enable.auto.commit":    {Consumer, consumer("enable_auto_commit", func(c *scenario.Consumer, v string) (err error) { c.EnableAutoCommit, err = boolOf(v); return })},
		"auto.commit.interval.ms": {Consumer, consumer("auto_commit_interval_ms", func(c *scenario.Consumer, v string) (err error) {
			c.AutoCommitIntervalMs, err = millis(v)
			return
		})},
		"auto.offset.reset": {Consumer, consumer("auto_offset_reset", func(c *scenario.Consumer, v string) error {
			switch strings.ToLower(v) {
			case "earliest", "smallest", "beginning":
				c.AutoOffsetReset = "earliest"
			case "latest", "largest", "end":
				c.AutoOffsetReset = "latest"
			default:
				return notModelledBecause("offset_reset", strconv.Quote(v))
			}
			return nil
		})},
		"listener.concurrency": {Listener, consumer("concurrency", func(c *scenario.Consumer, v string) (err error) { c.Concurrency, err = intOf(v); return })},
		"listener.ack-mode": {Listener, func(sc *scenario.Scenario, v string) ([]string, error) {
			if !strings.EqualFold(v, "BATCH") {
				return nil, notModelledBecause("ack_mode", strconv.Quote(v))
			}
			sc.Consumer.CommitAfterBatch, sc.Consumer.EnableAutoCommit = true, false
			return []string{"consumer.commit_after_batch", "consumer.enable_auto_commit"}, nil
		}},
		"spring.retry.topic.enabled": {Consumer, consumer("retry", func(c *scenario.Consumer, v string) error {
			on, err := boolOf(v)
			if on {
				c.Retry = "retry_topic"
			}
			return err
		})},
	}
	maps.Copy(m, shareTargets())
	return m
}

// assignors maps class names (and librdkafka's names) to the simulator's.
var assignors = map[string]string{
	"RangeAssignor": "range", "range": "range",
	"RoundRobinAssignor": "roundrobin", "roundrobin": "roundrobin",
	"StickyAssignor": "sticky", "sticky": "sticky",
	"CooperativeStickyAssignor": "cooperative-sticky", "cooperative-sticky": "cooperative-sticky",
}

// last is a class name without its package.
func last(class string) string { return class[strings.LastIndexByte(class, '.')+1:] }

func intOf(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, cannotRead("not_whole", v)
	}
	return n, nil
}

func boolOf(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, cannotRead("not_bool", v)
}

// millis reads milliseconds: a number, or a Spring Duration (500ms, 3s,
// 5m, 1h, PT3S).
func millis(v string) (float64, error) {
	v = strings.TrimSpace(v)
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return f, nil
	}
	low := strings.ToLower(v)
	if strings.HasPrefix(low, "pt") {
		low = strings.TrimPrefix(low, "pt")
	}
	for _, u := range []struct {
		suffix string
		ms     float64
	}{{"ms", 1}, {"s", 1000}, {"m", 60_000}, {"h", 3_600_000}, {"d", 86_400_000}} {
		if num, ok := strings.CutSuffix(low, u.suffix); ok {
			if f, err := strconv.ParseFloat(num, 64); err == nil {
				return f * u.ms, nil
			}
		}
	}
	return 0, cannotRead("not_duration", v)
}

// bytesOf reads a size in bytes: a number, or a Spring DataSize (16KB,
// 1MB).
func bytesOf(v string) (int, error) {
	v = strings.TrimSpace(v)
	if n, err := strconv.Atoi(v); err == nil {
		return n, nil
	}
	up := strings.ToUpper(v)
	for _, u := range []struct {
		suffix string
		n      int
	}{{"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"B", 1}} {
		if num, ok := strings.CutSuffix(up, u.suffix); ok {
			if n, err := strconv.Atoi(num); err == nil {
				return n * u.n, nil
			}
		}
	}
	return 0, cannotRead("not_size", v)
}

// notModelled is a value the simulator does not model: reported, not
// applied, and not an error in the file. reason is its id (see reasons).
type notModelled struct{ reason, value string }

func (e notModelled) Error() string { return strings.ReplaceAll(reasons[e.reason], "{value}", e.value) }

func notModelledBecause(reason, value string) error { return notModelled{reason, value} }
