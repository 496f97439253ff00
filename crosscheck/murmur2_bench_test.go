package crosscheck

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/hashcore"
)

// benchPartitions is the topic size in the partition benchmarks; the modulo
// costs the same for any count.
const benchPartitions = 12

// benchKey is a random key of one of the sizes DESIGN.md's budget names.
func benchKey(size int) []byte {
	return randomBytes(rand.New(rand.NewPCG(keySeed, uint64(size))), size)
}

func benchKeySizes() []int { return []int{8, 16, 64, 1024} }

func benchImpls() []string { return []string{"partitionlab", "franz-go", "kafka-go", "sarama"} }

// BenchmarkMurmur2 times the raw hash of each implementation, every one
// called directly (the libraries' through the linknames in clients_test.go),
// so only the hash itself differs.
func BenchmarkMurmur2(b *testing.B) {
	for _, size := range benchKeySizes() {
		key := benchKey(size)
		for _, impl := range benchImpls() {
			b.Run(fmt.Sprintf("size=%d/impl=%s", size, impl), func(b *testing.B) {
				b.SetBytes(int64(size))
				switch impl {
				case "partitionlab":
					for b.Loop() {
						hashcore.Murmur2(key)
					}
				case "franz-go":
					for b.Loop() {
						franzGoMurmur2(key)
					}
				case "kafka-go":
					for b.Loop() {
						kafkaGoMurmur2(key)
					}
				case "sarama":
					for b.Loop() {
						saramaMurmur2(key)
					}
				}
			})
		}
	}
}

// BenchmarkPartitionForKey times the whole operation a producer performs,
// key bytes and partition count to partition, through each library's public
// API: ours, franz-go's default key partitioner, kafka-go's Murmur2Balancer
// and Sarama's murmur2 partitioner. The record or message is built once
// outside the loop, as a producer already holds it.
func BenchmarkPartitionForKey(b *testing.B) {
	ids := partitionIDs(benchPartitions)
	for _, size := range benchKeySizes() {
		key := benchKey(size)
		for _, impl := range benchImpls() {
			b.Run(fmt.Sprintf("size=%d/impl=%s", size, impl), func(b *testing.B) {
				b.SetBytes(int64(size))
				switch impl {
				case "partitionlab":
					for b.Loop() {
						hashcore.PartitionForKey(key, benchPartitions)
					}
				case "franz-go":
					tp := kgo.StickyKeyPartitioner(nil).ForTopic("orders")
					rec := &kgo.Record{Key: key}
					for b.Loop() {
						tp.Partition(rec, benchPartitions)
					}
				case "kafka-go":
					balancer, msg := kafka.Murmur2Balancer{}, kafka.Message{Key: key}
					for b.Loop() {
						balancer.Balance(msg, ids...)
					}
				case "sarama":
					p := sarama.NewMurmur2Partitioner("orders")
					msg := &sarama.ProducerMessage{Topic: "orders", Key: sarama.ByteEncoder(key)}
					for b.Loop() {
						if _, err := p.Partition(msg, benchPartitions); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
