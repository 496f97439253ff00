package crosscheck

import (
	_ "unsafe" // for go:linkname, see below

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// The client libraries' murmur2 functions are unexported: franz-go
// (pkg/kgo/partitioner.go) and Sarama (murmur2.go) only pass theirs to their
// own partitioners, and kafka-go (balancer.go) calls its own directly. These
// pull linknames reach them, so that the raw hashes can be compared bit for
// bit and benchmarked against hashcore.Murmur2 without a partitioner's
// overhead around them. The linker allows pull linknames into packages
// outside the standard library; if a library renames its function, this
// package stops linking, which is the signal to update the name here.

//go:linkname franzGoMurmur2 github.com/twmb/franz-go/pkg/kgo.murmur2
func franzGoMurmur2([]byte) uint32

//go:linkname kafkaGoMurmur2 github.com/segmentio/kafka-go.murmur2
func kafkaGoMurmur2([]byte) uint32

//go:linkname saramaMurmur2 github.com/IBM/sarama.murmur2
func saramaMurmur2([]byte) uint32

// franzGoPartition asks a franz-go partitioner, as its producer would for a
// record with this key.
func franzGoPartition(p kgo.Partitioner) partitionFunc {
	tp := p.ForTopic("orders")
	return func(key []byte, n int) int { return tp.Partition(&kgo.Record{Key: key}, n) }
}

// kafkaGoPartition asks a kafka-go balancer. kafka-go passes the ids of the
// available partitions rather than a count; ids 0..n-1 make its answer a
// partition number. n may not exceed len(ids).
func kafkaGoPartition(b kafka.Balancer, ids []int) partitionFunc {
	return func(key []byte, n int) int { return b.Balance(kafka.Message{Key: key}, ids[:n]...) }
}

// saramaPartition asks a Sarama partitioner. An error comes back as -1,
// which no partitioner returns, so it shows up as a mismatch.
func saramaPartition(p sarama.Partitioner) partitionFunc {
	return func(key []byte, n int) int {
		got, err := p.Partition(&sarama.ProducerMessage{Topic: "orders", Key: sarama.ByteEncoder(key)}, int32(n))
		if err != nil {
			return -1
		}
		return int(got)
	}
}
