package crosscheck

import (
	"hash/crc32"
	"hash/fnv"
	"testing"

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/hashcore"
)

// librdkafka's default partitioner, consistent_random, is CRC32 of the key
// modulo the partition count. kafka-go's CRC32Balancer{} is documented as its
// equivalent, Sarama's NewConsistentCRCHashPartitioner as the equivalent of
// librdkafka's "consistent", and franz-go's SaramaHasher(crc32.ChecksumIEEE)
// as matching librdkafka on 64-bit platforms. The default CRC32Balancer sends
// empty keys to a random partition, so it only sees non-empty keys here;
// emptykey_test.go covers the empty key.
func TestLibrdkafkaPartitionerMatchesClients(t *testing.T) {
	ids := partitionIDs(kafkaGoMaxPartitions)
	refs := []clientReference{
		{name: "kafka-go CRC32Balancer{Consistent: true}", partition: kafkaGoPartition(kafka.CRC32Balancer{Consistent: true}, ids),
			maxPartitions: kafkaGoMaxPartitions},
		{name: "sarama NewConsistentCRCHashPartitioner", partition: saramaPartition(sarama.NewConsistentCRCHashPartitioner("orders"))},
		{name: "franz-go SaramaHasher(crc32.ChecksumIEEE)", partition: franzGoPartition(kgo.StickyKeyPartitioner(kgo.SaramaHasher(crc32.ChecksumIEEE)))},
	}
	keys := generatedKeys()
	checkAgreement(t, hashcore.Librdkafka{}.Partition, refs, keys)

	var nonEmpty []generatedKey
	for _, k := range keys {
		if len(k.bytes) > 0 {
			nonEmpty = append(nonEmpty, k)
		}
	}
	defaultBalancer := []clientReference{{name: "kafka-go CRC32Balancer{}", partition: kafkaGoPartition(kafka.CRC32Balancer{}, ids),
		maxPartitions: kafkaGoMaxPartitions}}
	checkAgreement(t, hashcore.Librdkafka{}.Partition, defaultBalancer, nonEmpty)
}

// Sarama's default is NewHashPartitioner: FNV-1a, taken as a signed int32,
// remainder, negated when negative. kafka-go's Hash balancer and franz-go's
// SaramaCompatHasher both say they reproduce it.
func TestSaramaPartitionerMatchesClients(t *testing.T) {
	fnv32a := func(b []byte) uint32 {
		h := fnv.New32a()
		h.Write(b)
		return h.Sum32()
	}
	refs := []clientReference{
		{name: "sarama NewHashPartitioner", partition: saramaPartition(sarama.NewHashPartitioner("orders"))},
		{name: "kafka-go Hash{}", partition: kafkaGoPartition(&kafka.Hash{}, partitionIDs(kafkaGoMaxPartitions)),
			maxPartitions: kafkaGoMaxPartitions},
		{name: "franz-go SaramaCompatHasher(fnv32a)", partition: franzGoPartition(kgo.StickyKeyPartitioner(kgo.SaramaCompatHasher(fnv32a)))},
	}
	checkAgreement(t, hashcore.Sarama{}.Partition, refs, generatedKeys())
}
