package hashcore

import "encoding/binary"

const (
	murmur2Seed = 0x9747b28c
	murmur2M    = 0x5bd1e995
)

// Murmur2 is the Java client's Utils.murmur2: MurmurHash2 with seed
// 0x9747b28c over the key bytes, returned as Java's signed int.
func Murmur2(data []byte) int32 {
	h := uint32(murmur2Seed) ^ uint32(len(data))
	for len(data) >= 4 {
		k := binary.LittleEndian.Uint32(data)
		k *= murmur2M
		k ^= k >> 24
		k *= murmur2M
		h *= murmur2M
		h ^= k
		data = data[4:]
	}
	// The Java code multiplies only when a tail exists; a 4-byte-aligned key
	// goes straight to the final mix.
	switch len(data) {
	case 3:
		h ^= uint32(data[2]) << 16
		fallthrough
	case 2:
		h ^= uint32(data[1]) << 8
		fallthrough
	case 1:
		h ^= uint32(data[0])
		h *= murmur2M
	}
	h ^= h >> 13
	h *= murmur2M
	h ^= h >> 15
	return int32(h)
}

// ToPositive is Kafka's Utils.toPositive: it clears the sign bit. It is not
// abs(): abs(math.MinInt32) would still be negative.
func ToPositive(x int32) int32 { return x & 0x7fffffff }

// PartitionForKey is where the Java producer's default partitioner puts a
// record with these key bytes on a topic of n partitions (n counts every
// partition, available or not). n must be at least 1.
func PartitionForKey(key []byte, n int) int {
	return int(ToPositive(Murmur2(key))) % n
}
