package crosscheck

import (
	"testing"

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/hashcore"
)

// kafkaGoMaxPartitions bounds the id list handed to kafka-go's balancers.
const kafkaGoMaxPartitions = 1 << 20

// The Java client's default partitioner must agree with every Go client that
// claims Java compatibility: franz-go's default key partitioner
// (StickyKeyPartitioner(nil) = KafkaHasher(murmur2)), kafka-go's
// Murmur2Balancer (its Consistent flag only changes nil keys, and every key
// here is non-nil) and Sarama's NewMurmur2Partitioner.
func TestJavaPartitionerMatchesClients(t *testing.T) {
	refs := []clientReference{
		{name: "franz-go StickyKeyPartitioner(nil)", partition: franzGoPartition(kgo.StickyKeyPartitioner(nil))},
		{name: "kafka-go Murmur2Balancer", partition: kafkaGoPartition(kafka.Murmur2Balancer{}, partitionIDs(kafkaGoMaxPartitions)),
			maxPartitions: kafkaGoMaxPartitions},
		{name: "sarama NewMurmur2Partitioner", partition: saramaPartition(sarama.NewMurmur2Partitioner("orders"))},
	}
	checkAgreement(t, hashcore.Java{}.Partition, refs, generatedKeys())
}

// The raw 32-bit hash, sign bit included, which the partition checks above
// mask away.
func TestMurmur2MatchesClientsBitForBit(t *testing.T) {
	refs := []struct {
		name string
		hash func([]byte) uint32
	}{{"franz-go", franzGoMurmur2}, {"kafka-go", kafkaGoMurmur2}, {"sarama", saramaMurmur2}}
	mismatches := 0
	for _, k := range generatedKeys() {
		ours := uint32(hashcore.Murmur2(k.bytes))
		for _, ref := range refs {
			if got := ref.hash(k.bytes); got != ours {
				t.Errorf("%s key %x (len %d): %s murmur2 = %#08x, ours %#08x", k.kind, k.bytes, len(k.bytes), ref.name, got, ours)
				if mismatches++; mismatches >= maxReportedMismatches {
					t.Fatalf("stopping after %d mismatches", mismatches)
				}
			}
		}
	}
}
