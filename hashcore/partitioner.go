package hashcore

import (
	"fmt"
	"hash/crc32"
	"strings"
)

// Partitioner is a client library's default partitioner for keyed records.
// Partition returns a partition in 0..n-1 for n >= 1.
type Partitioner interface {
	// Name is the short name used on the command line and in scenarios.
	Name() string
	// Describe says in a few words which client and which algorithm.
	Describe() string
	Partition(key []byte, n int) int
}

// Java is the Java client's default: toPositive(murmur2(key)) % n.
type Java struct{}

// Name implements Partitioner.
func (Java) Name() string { return "java" }

// Describe implements Partitioner.
func (Java) Describe() string { return "Java client default (murmur2)" }

// Partition implements Partitioner.
func (Java) Partition(key []byte, n int) int { return PartitionForKey(key, n) }

// Librdkafka is librdkafka's default partitioner, consistent_random: the
// CRC32 (IEEE) of the key bytes modulo n. librdkafka never hashes NULL or
// empty keys: rd_kafka_msg_partitioner() sends them to its sticky keyless
// partition (sticky.partitioning.linger.ms, 10 ms by default). Callers model
// keyless records separately, so here an empty key hashes like any other.
type Librdkafka struct{}

// Name implements Partitioner.
func (Librdkafka) Name() string { return "librdkafka" }

// Describe implements Partitioner.
func (Librdkafka) Describe() string { return "librdkafka default, consistent_random (CRC32)" }

// Partition implements Partitioner.
func (Librdkafka) Partition(key []byte, n int) int {
	return int(crc32.ChecksumIEEE(key) % uint32(n))
}

// Sarama is Sarama's default hash partitioner (NewHashPartitioner): FNV-1a
// 32-bit, taken as a signed int32, remainder by n, then negated when negative.
// That sign handling is why it differs from a plain unsigned modulo.
type Sarama struct{}

// Name implements Partitioner.
func (Sarama) Name() string { return "sarama" }

// Describe implements Partitioner.
func (Sarama) Describe() string { return "Sarama default hash partitioner (FNV-1a)" }

// Partition implements Partitioner.
func (Sarama) Partition(key []byte, n int) int {
	p := int32(FNV1a32(key)) % int32(n)
	if p < 0 {
		p = -p
	}
	return int(p)
}

// FNV1a32 is the 32-bit FNV-1a hash (hash/fnv's New32a) without the
// allocation of a hash.Hash.
func FNV1a32(data []byte) uint32 {
	h := uint32(2166136261)
	for _, b := range data {
		h ^= uint32(b)
		h *= 16777619
	}
	return h
}

// Partitioners lists the modelled clients in a stable order.
func Partitioners() []Partitioner { return []Partitioner{Java{}, Librdkafka{}, Sarama{}} }

// ClientNames are the names PartitionerByName accepts.
func ClientNames() []string {
	ps := Partitioners()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name()
	}
	return names
}

// PartitionerByName returns the partitioner of the named client.
func PartitionerByName(name string) (Partitioner, error) {
	for _, p := range Partitioners() {
		if p.Name() == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown client %q (want one of %s)", name, strings.Join(ClientNames(), ", "))
}
