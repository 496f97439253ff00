package crosscheck

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
	"unicode/utf16"

	"partitionlab/hashcore"
)

// javaHashCodeReference restates String.hashCode's javadoc,
// s[0]*31^(n-1) + ... + s[n-1] over the UTF-16 chars, with unicode/utf16
// doing the encoding (supplementary characters become surrogate pairs).
func javaHashCodeReference(s string) int32 {
	var h uint32
	for _, c := range utf16.Encode([]rune(s)) {
		h = h*31 + uint32(c)
	}
	return int32(h)
}

func TestJavaStringHashCodeMatchesUTF16Reference(t *testing.T) {
	r := rand.New(rand.NewPCG(keySeed, 2))
	// Fixed strings first: a surrogate pair, the highest code point, the last
	// BMP character before and the first after the surrogate range.
	inputs := []string{"", "😀", "\U0010FFFF", "\uD7FF\uE000", "order-😀-é-0"}
	for range 5000 {
		inputs = append(inputs, utf8Key(r, r.IntN(64)))
	}
	for _, s := range inputs {
		if got, want := hashcore.JavaStringHashCode(s), javaHashCodeReference(s); got != want {
			t.Errorf("JavaStringHashCode(%q) (UTF-8 %x) = %d, UTF-16 reference %d", s, s, got, want)
		}
	}
}

// For n > 0, Java's Math.floorMod(x, n) is the Euclidean modulus, which is
// what math/big's Mod computes, exactly and without int32 overflow.
func TestFloorModMatchesEuclideanModulus(t *testing.T) {
	r := rand.New(rand.NewPCG(keySeed, 3))
	edges := []int32{math.MinInt32, math.MinInt32 + 1, -1, 0, 1, math.MaxInt32 - 1, math.MaxInt32}
	for i := range 20000 {
		x := int32(r.Uint32())
		n := 1 + r.Int32N(math.MaxInt32)
		switch i % 4 {
		case 0:
			x = edges[r.IntN(len(edges))]
		case 1:
			n = 1 + r.Int32N(1000)
		case 2:
			n = []int32{1, 2, 8, 1 << 30, math.MaxInt32}[r.IntN(5)]
		}
		want := new(big.Int).Mod(big.NewInt(int64(x)), big.NewInt(int64(n))).Int64()
		if got := hashcore.FloorMod(x, n); int64(got) != want {
			t.Errorf("FloorMod(%d, %d) = %d, Java's floorMod gives %d", x, n, got, want)
		}
	}
}

// The bytes Kafka's serializers put on the wire, restated with
// encoding/binary and encoding/hex: LongSerializer and IntegerSerializer write
// big-endian two's complement, ByteArraySerializer the bytes as they are.
func TestSerializersMatchKafkaWireBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(keySeed, 4))
	type sample struct {
		s    hashcore.Serializer
		key  string
		want []byte
	}
	var samples []sample
	for range 2000 {
		v := randomInt64(r)
		raw := randomBytes(r, r.IntN(40))
		samples = append(samples,
			sample{hashcore.Long, strconv.FormatInt(v, 10), binary.BigEndian.AppendUint64(nil, uint64(v))},
			sample{hashcore.Int, strconv.FormatInt(int64(int32(v)), 10), binary.BigEndian.AppendUint32(nil, uint32(int32(v)))},
			sample{hashcore.Hex, hex.EncodeToString(raw), raw},
		)
	}
	for _, c := range samples {
		got, err := c.s.Serialize(c.key)
		if err != nil {
			t.Errorf("%s.Serialize(%q): %v", c.s, c.key, err)
			continue
		}
		if !bytes.Equal(got, c.want) {
			t.Errorf("%s.Serialize(%q) = %x, Kafka writes %x", c.s, c.key, got, c.want)
		}
	}
}
