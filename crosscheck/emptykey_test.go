package crosscheck

import (
	"testing"

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/hashcore"
)

// What "no key" means differs between clients, and the simulator has to model
// it per client; these tests pin down what each library really does.
//
// Java (and every murmur2 client here): a null key is keyless (sticky, see
// kafka-fidelity.md §3); an empty, non-null key is hashed like any other key,
// murmur2("") = 0x106e08d9, p681 of 1000.
//
// librdkafka, read in confluentinc/librdkafka src/rdkafka_msg.c:
//   - rd_kafka_msg_partitioner_consistent_random, the default, tests keylen == 0,
//     so NULL and empty keys alike go to rd_kafka_msg_partitioner_random
//     (a fresh random partition) and only non-empty keys are CRC32-hashed.
//   - But the producer never calls it for such keys: rd_kafka_msg_partitioner()
//     sends a NULL key (with any partitioner but "random") and an empty key
//     (with consistent_random) to rd_kafka_msg_sticky_partition instead, which
//     keeps one random available partition for sticky.partitioning.linger.ms
//     (10 ms; 0 means a fresh random partition per message). So with the
//     default, empty and NULL keys are keyless records, sticky, never hashed.
//   - "consistent" hashes an empty key: the CRC32 of no bytes is 0, so p0. A
//     NULL key is still sticky there, although CONFIGURATION.md says NULL keys
//     are "mapped to single partition" too.
//   - "murmur2_random" hashes empty keys like Java and treats NULL as keyless.
// kafka-go's CRC32Balancer{} treats nil and empty keys as unset, as librdkafka
// does, but picks a random partition per message rather than a sticky one.
// hashcore.Librdkafka hashes whatever bytes it is given, so an empty key lands
// on p0 as with "consistent"; keyless records are modelled elsewhere.

// randomDraws is how often a partitioner is asked for one key to tell a
// random choice from a hash: 64 equal answers out of 1000 partitions by chance
// has probability 1000^-63.
const randomDraws = 64

// spreads reports whether a partitioner gives more than one answer for the
// same key, that is, whether it did not hash the key.
func spreads(partition func() int) bool {
	first := partition()
	for range randomDraws - 1 {
		if partition() != first {
			return true
		}
	}
	return false
}

func TestClientsHashEmptyKeyButNotNilKey(t *testing.T) {
	const n = 1000
	want := hashcore.Java{}.Partition([]byte{}, n)
	if want != 681 {
		t.Fatalf("Java puts the empty key on p%d of %d, kafka-python's vector says p681", want, n)
	}
	empty := []byte{}

	franz := kgo.StickyKeyPartitioner(nil).ForTopic("orders")
	if got := franz.Partition(&kgo.Record{Key: empty}, n); got != want {
		t.Errorf("franz-go puts the empty key on p%d, Java on p%d", got, want)
	}
	if !franz.RequiresConsistency(&kgo.Record{Key: empty}) || franz.RequiresConsistency(&kgo.Record{}) {
		t.Error("franz-go should hash an empty key and treat a nil key as keyless")
	}

	ids := partitionIDs(n)
	if got := (kafka.Murmur2Balancer{}).Balance(kafka.Message{Key: empty}, ids...); got != want {
		t.Errorf("kafka-go Murmur2Balancer puts the empty key on p%d, Java on p%d", got, want)
	}
	if !spreads(func() int { return kafka.Murmur2Balancer{}.Balance(kafka.Message{}, ids...) }) {
		t.Error("kafka-go Murmur2Balancer{} hashed a nil key; it should pick a random partition")
	}
	// Consistent: true hashes a nil key like "". kafka-go calls that
	// librdkafka's "murmur2", but librdkafka sends NULL keys to its sticky
	// partition whatever the partitioner (see above).
	if got := (kafka.Murmur2Balancer{Consistent: true}).Balance(kafka.Message{}, ids...); got != want {
		t.Errorf("kafka-go Murmur2Balancer{Consistent: true} puts a nil key on p%d, want p%d", got, want)
	}

	// Sarama's default FNV-1a partitioner draws the same line.
	for _, sp := range []struct {
		name string
		p    sarama.Partitioner
	}{{"NewMurmur2Partitioner", sarama.NewMurmur2Partitioner("orders")}, {"NewHashPartitioner", sarama.NewHashPartitioner("orders")}} {
		name := sp.name
		dp, ok := sp.p.(sarama.DynamicConsistencyPartitioner)
		if !ok {
			t.Fatalf("sarama %s no longer says per message whether it hashes", name)
		}
		if !dp.MessageRequiresConsistency(&sarama.ProducerMessage{Key: sarama.ByteEncoder(empty)}) ||
			dp.MessageRequiresConsistency(&sarama.ProducerMessage{}) {
			t.Errorf("sarama %s should hash an empty key and treat a nil key as keyless", name)
		}
	}
}

func TestCRC32ClientsTreatEmptyKeyAsKeyless(t *testing.T) {
	const n = 1000
	ids := partitionIDs(n)
	for _, key := range [][]byte{nil, {}} {
		if !spreads(func() int { return kafka.CRC32Balancer{}.Balance(kafka.Message{Key: key}, ids...) }) {
			t.Errorf("kafka-go CRC32Balancer{} hashed key %#v; like librdkafka's consistent_random it should not", key)
		}
		got := kafka.CRC32Balancer{Consistent: true}.Balance(kafka.Message{Key: key}, ids...)
		if want := (hashcore.Librdkafka{}).Partition(key, n); got != want || got != 0 {
			t.Errorf("kafka-go CRC32Balancer{Consistent: true} puts key %#v on p%d, hashcore.Librdkafka on p%d, CRC32 of no bytes gives p0",
				key, got, want)
		}
	}
}
