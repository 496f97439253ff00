package hashcore

import (
	"hash/crc32"
	"hash/fnv"
	"testing"
)

// javaMurmur2 is Kafka's Utils.murmur2 transcribed as Java runs it: signed
// 32-bit ints that wrap, ">>>" as an unsigned shift, the tail read by a
// switch on length % 4. It shares no code with Murmur2, so the two check
// each other; the Java vectors of TestMurmur2JavaUtilsTest seed the fuzzer.
func javaMurmur2(data []byte) int32 {
	length := int32(len(data))
	const seed, m, r = int32(-1756908916), int32(0x5bd1e995), 24 // seed 0x9747b28c as a Java int
	h := seed ^ length
	length4 := length / 4
	for i := int32(0); i < length4; i++ {
		i4 := i * 4
		k := int32(data[i4+0]) + int32(data[i4+1])<<8 + int32(data[i4+2])<<16 + int32(data[i4+3])<<24
		k *= m
		k ^= int32(uint32(k) >> r)
		k *= m
		h *= m
		h ^= k
	}
	switch length % 4 {
	case 3:
		h ^= int32(data[(length&^3)+2]) << 16
		fallthrough
	case 2:
		h ^= int32(data[(length&^3)+1]) << 8
		fallthrough
	case 1:
		h ^= int32(data[length&^3])
		h *= m
	}
	h ^= int32(uint32(h) >> 13)
	h *= m
	h ^= int32(uint32(h) >> 15)
	return h
}

// FuzzPartitioners checks each client's partitioner against its oracle on
// arbitrary keys and partition counts: Java against the transcription
// above, librdkafka against the standard library's CRC32, Sarama against
// the standard library's FNV-1a with Sarama's sign handling.
func FuzzPartitioners(f *testing.F) {
	for _, k := range []string{"21", "foobar", "a-little-bit-long-string", "a-little-bit-longer-string",
		"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8", "abc", "", "order-1001", "\xff\xfe\xfd"} {
		f.Add([]byte(k), uint16(6))
	}
	f.Fuzz(func(t *testing.T, key []byte, parts uint16) {
		n := int(parts%10000) + 1
		if got, want := Murmur2(key), javaMurmur2(key); got != want {
			t.Fatalf("Murmur2(%q) = %d, Java gives %d", key, got, want)
		}
		javaWant := int(javaMurmur2(key)&0x7fffffff) % n
		crcWant := int(crc32.ChecksumIEEE(key) % uint32(n))
		h := fnv.New32a()
		h.Write(key)
		s := int32(h.Sum32()) % int32(n)
		if s < 0 {
			s = -s
		}
		for _, c := range []struct {
			p    Partitioner
			want int
		}{{Java{}, javaWant}, {Librdkafka{}, crcWant}, {Sarama{}, int(s)}} {
			if got := c.p.Partition(key, n); got != c.want || got < 0 || got >= n {
				t.Fatalf("%s.Partition(%q, %d) = %d, the oracle gives %d", c.p.Name(), key, n, got, c.want)
			}
		}
	})
}
