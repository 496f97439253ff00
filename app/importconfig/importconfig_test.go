package importconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

const producerProps = `# order-service producer
bootstrap.servers=kafka-1:9092,kafka-2:9092
key.serializer=org.apache.kafka.common.serialization.StringSerializer
value.serializer=io.confluent.kafka.serializers.KafkaAvroSerializer
acks=all
batch.size=32768
linger.ms=20
enable.idempotence=false
max.in.flight.requests.per.connection=5
retries=2147483647
retry.backoff.ms=250
metadata.max.age.ms=60000
partitioner.class=org.apache.kafka.clients.producer.RoundRobinPartitioner
frobnicate.level=11
`

const consumerProps = `group.id=billing
partition.assignment.strategy=org.apache.kafka.clients.consumer.CooperativeStickyAssignor
group.instance.id=billing-1
session.timeout.ms=10000
heartbeat.interval.ms=2000
max.poll.interval.ms=60000
max.poll.records=100
enable.auto.commit=false
auto.commit.interval.ms=1000
auto.offset.reset=earliest
retry.backoff.ms=100
group.protocol=classic
`

const springYAML = `spring:
  kafka:
    bootstrap-servers:
      - kafka-1:9092
      - kafka-2:9092
    producer:
      batch-size: 64KB
      key-serializer: org.apache.kafka.common.serialization.LongSerializer
      properties:
        linger.ms: 10   # a comment
    consumer:
      max-poll-records: 250
      heartbeat-interval: 5s
      auto-commit-interval: PT2S
      properties:
        "[partition.assignment.strategy]": org.apache.kafka.clients.consumer.RangeAssignor,org.apache.kafka.clients.consumer.CooperativeStickyAssignor
    listener:
      concurrency: 8
      ack-mode: BATCH
      type: batch
`

func imported(t *testing.T, files ...File) (scenario.Scenario, []Note) {
	t.Helper()
	sc := scenario.DefaultScenario()
	notes, err := Import(files, &sc)
	if err != nil {
		t.Fatal(err)
	}
	if err := scenario.Validate(sc); err != nil {
		t.Fatalf("the imported scenario is refused: %v", err)
	}
	return sc, notes
}

func outcome(notes []Note, key string) Note {
	for _, n := range notes {
		if n.Key == key {
			return n
		}
	}
	return Note{}
}

func TestJavaPropertiesMapEverySettingOrSayWhyNot(t *testing.T) {
	sc, notes := imported(t, File{"producer.properties", producerProps}, File{"consumer.properties", consumerProps})
	p, c := sc.Producers[0], sc.Consumer
	if p.BatchSize != 32768 || p.LingerMs != 20 || p.Idempotence || p.MaxInFlight != 5 || p.RetryBackoffMs != 250 ||
		p.MetadataMaxAgeMs != 60000 || p.Serializer != "string" {
		t.Errorf("producer: %+v", p)
	}
	if strings.Join(c.Assignors, ",") != "cooperative-sticky" || !c.StaticMembership || c.SessionTimeoutMs != 10000 ||
		c.HeartbeatIntervalMs != 2000 || c.MaxPollIntervalMs != 60000 || c.MaxPollRecords != 100 || c.EnableAutoCommit ||
		c.AutoCommitIntervalMs != 1000 || c.AutoOffsetReset != "earliest" || c.GroupProtocol != "classic" {
		t.Errorf("consumer: %+v", c.Group)
	}
	lines := strings.Count(producerProps, "=") + strings.Count(consumerProps, "=")
	if len(notes) != lines {
		t.Errorf("%d notes for %d settings: a setting went unaccounted", len(notes), lines)
	}
	for key, want := range map[string]Outcome{"acks": NoEffect, "retries": NoEffect, "frobnicate.level": Unknown,
		"partitioner.class": NotModelled, "group.id": NoEffect, "linger.ms": Mapped} {
		if got := outcome(notes, key); got.Outcome != want {
			t.Errorf("%s: %s, want %s", key, got.Outcome, want)
		}
	}
	// The consumer's retry.backoff.ms is not the producer's.
	if n := notes[len(notes)-2]; n.Key != "retry.backoff.ms" || n.Outcome != NoEffect || p.RetryBackoffMs != 250 {
		t.Errorf("the consumer's retry.backoff.ms: %v", n)
	}
	if s := outcome(notes, "linger.ms").String(); s != "producer.properties:7: linger.ms=20 → producers[0].linger_ms" {
		t.Errorf("a mapped note reads %q", s)
	}
}

func TestSpringBootYAMLAndProperties(t *testing.T) {
	sc, notes := imported(t, File{"application.yml", springYAML})
	p, c := sc.Producers[0], sc.Consumer
	if p.BatchSize != 64*1024 || p.LingerMs != 10 || p.Serializer != "long" {
		t.Errorf("producer: %+v", p)
	}
	if c.MaxPollRecords != 250 || c.HeartbeatIntervalMs != 5000 || c.AutoCommitIntervalMs != 2000 || c.Concurrency != 8 ||
		!c.CommitAfterBatch || c.EnableAutoCommit || strings.Join(c.Assignors, ",") != "range,cooperative-sticky" {
		t.Errorf("consumer: %+v", c)
	}
	if n := outcome(notes, "spring.kafka.bootstrap-servers"); n.Outcome != NoEffect || n.Value != "kafka-1:9092,kafka-2:9092" {
		t.Errorf("a YAML list: %+v", n)
	}
	props := `spring.kafka.consumer.max-poll-records=250
spring.kafka.listener.concurrency=8
spring.kafka.producer.properties.linger.ms=10
spring.kafka.listener.ack-mode=RECORD
`
	sc2, notes2 := imported(t, File{"application.properties", props})
	if sc2.Consumer.MaxPollRecords != 250 || sc2.Consumer.Concurrency != 8 || sc2.Producers[0].LingerMs != 10 {
		t.Errorf("Spring properties: %+v", sc2.Consumer)
	}
	if n := outcome(notes2, "spring.kafka.listener.ack-mode"); n.Outcome != NotModelled || !strings.Contains(n.Why, "RECORD") {
		t.Errorf("ack-mode RECORD: %+v", n)
	}
}

func TestLibrdkafkaNames(t *testing.T) {
	conf := "partitioner=consistent_random\nqueue.buffering.max.ms=15\nmax.in.flight=1\nenable.idempotence=true\n" +
		"auto.offset.reset=smallest\nbatch.num.messages=10000\n"
	sc, notes := imported(t, File{"librdkafka.conf", conf})
	if sc.Producers[0].Client != "librdkafka" || sc.Producers[0].LingerMs != 15 || sc.Producers[0].MaxInFlight != 1 {
		t.Errorf("producer: %+v", sc.Producers[0])
	}
	if n := outcome(notes, "auto.offset.reset"); n.Outcome != Mapped || sc.Consumer.AutoOffsetReset != "earliest" {
		t.Errorf("smallest is earliest: %+v", n)
	}
	_, notes = imported(t, File{"p.conf", "partitioner=fnv1a_random\n"})
	if notes[0].Outcome != NotModelled {
		t.Errorf("fnv1a: %+v", notes[0])
	}
}

func TestAnUnreadableValueIsAnErrorAndChangesNothing(t *testing.T) {
	sc := scenario.DefaultScenario()
	before := string(scenario.MarshalScenario(sc))
	_, err := Import([]File{{"p.properties", "linger.ms=5\nbatch.size=big\nmax.poll.records=lots\n"}}, &sc)
	if err == nil || !strings.Contains(err.Error(), `p.properties:2: batch.size=big: "big" is not a size`) ||
		!strings.Contains(err.Error(), "p.properties:3: max.poll.records=lots") {
		t.Errorf("error: %v", err)
	}
	if string(scenario.MarshalScenario(sc)) != before {
		t.Errorf("a failed import changed the scenario")
	}
	if _, err := Import([]File{{"a.yml", "spring:\n  kafka: &x\n"}}, &sc); err == nil || !strings.Contains(err.Error(), "a.yml:2") {
		t.Errorf("an anchor: %v", err)
	}
}

// A setting given twice (in one file, or a later file) wins, and its note
// says which earlier one it overrides; a first setting overrides nothing.
func TestALaterSettingSaysWhatItOverrides(t *testing.T) {
	sc, notes := imported(t, File{"consumer.properties", "session.timeout.ms=10000\nmax.poll.records=100\n"},
		File{"application.properties", "spring.kafka.consumer.properties.session.timeout.ms=20000\n"})
	if sc.Consumer.SessionTimeoutMs != 20000 {
		t.Errorf("the later file does not win: %g", sc.Consumer.SessionTimeoutMs)
	}
	if notes[0].Overrides != "" || notes[1].Overrides != "" {
		t.Errorf("first settings override nothing: %+v", notes[:2])
	}
	if got := notes[2].String(); !strings.HasSuffix(got, "→ consumer.session_timeout_ms (overrides consumer.properties:1)") {
		t.Errorf("the later setting reads %q", got)
	}
}

// Every setting with no effect names a reason there is, and every reason
// is given by some setting or mapping.
func TestEveryReasonIsKnown(t *testing.T) {
	for name, id := range noEffect {
		if _, ok := reasons[id]; !ok {
			t.Errorf("%s: reason %q is not in reasons", name, id)
		}
	}
	used := map[string]bool{}
	for _, id := range noEffect {
		used[id] = true
	}
	for _, id := range []string{"ignore_keys_on", "ignore_keys_off", "consumer_side", "default_partitioner",
		"custom_partitioner", "key_serializer", "rd_partitioner", "assignor", "offset_reset", "ack_mode",
		"not_whole", "not_bool", "not_duration", "not_size", "not_key_value", "no_key", "yaml_tabs", "yaml_list",
		"yaml_not_key", "yaml_form", "delivery_timeout"} {
		used[id] = true
	}
	for _, id := range shareReasons { // TestShareValuesKafkaRefuses gives each
		used[id] = true
	}
	for id := range reasons {
		if !used[id] {
			t.Errorf("reason %q is never given", id)
		}
	}
}

// A line or a value that cannot be read is a LineError naming where and
// why, worded as before.
func TestLineErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"p.properties", "linger.ms=soon\n", `p.properties:1: linger.ms=soon: "soon" is not a duration (milliseconds, or 500ms, 3s, 5m, PT3S)`},
		{"p.properties", "justaword\n", `p.properties:1: "justaword" is not key=value`},
		{"a.yml", "spring:\n\tkafka: 1\n", `a.yml:2: YAML is indented with spaces, not tabs`},
		{"a.yml", "a: &x 1\n", `a.yml:1: a: this YAML form (anchors, block text, flow maps) is not read; write the value on its line`},
	} {
		sc := scenario.DefaultScenario()
		_, err := Import([]File{{Name: tc.name, Text: tc.text}}, &sc)
		var le LineError
		if err == nil || err.Error() != tc.want || !errors.As(err, &le) {
			t.Errorf("%q: %v, want the LineError %q", tc.text, err, tc.want)
		}
	}
}

// The producers give a record up after delivery.timeout.ms at Kafka's
// default of 120 s (ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG): that value
// changes nothing, and any other is reported as not modelled so the user
// sees their 30 s is not applied. A value that is not a duration is an
// error naming it.
func TestDeliveryTimeoutIsModelledOnlyAtItsDefault(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  Outcome
	}{{"120000", NoEffect}, {"PT2M", NoEffect}, {"30000", NotModelled}, {"600000", NotModelled}} {
		sc, notes := imported(t, File{"producer.properties", "delivery.timeout.ms=" + tc.value + "\n"})
		n := outcome(notes, "delivery.timeout.ms")
		if n.Outcome != tc.want || n.Reason != "delivery_timeout" || len(n.Fields) != 0 {
			t.Errorf("delivery.timeout.ms=%s: %s (%s) %v, want %s", tc.value, n.Outcome, n.Reason, n.Fields, tc.want)
		}
		if !reflect.DeepEqual(sc, scenario.DefaultScenario()) {
			t.Errorf("delivery.timeout.ms=%s changed the scenario", tc.value)
		}
	}
	sc := scenario.DefaultScenario()
	if _, err := Import([]File{{Name: "p.properties", Text: "delivery.timeout.ms=soon\n"}}, &sc); err == nil || !strings.Contains(err.Error(), "delivery.timeout.ms=soon") {
		t.Errorf("delivery.timeout.ms=soon: %v, want an error naming it", err)
	}
}
