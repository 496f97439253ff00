package hashcore

import (
	"strings"
	"testing"
)

// Published vectors, see ../shared/reference/kafka-fidelity.md §1.
func TestMurmur2JavaUtilsTest(t *testing.T) {
	// apache/kafka UtilsTest.testMurmur2 (raw int32).
	cases := map[string]int32{
		"21":                         -973932308,
		"foobar":                     -790332482,
		"a-little-bit-long-string":   -985981536,
		"a-little-bit-longer-string": -1486304829,
		"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8": -58897971,
		"abc": 479470107,
	}
	for k, want := range cases {
		if got := Murmur2([]byte(k)); got != want {
			t.Errorf("Murmur2(%q) = %d, want %d", k, got, want)
		}
	}
}

func TestMurmur2Librdkafka(t *testing.T) {
	// librdkafka src/rdmurmur2.c unittest_murmur2 (raw, hex).
	long := "PreAmbleWillBeRemoved,ThePrePartThatIs"
	cases := []struct {
		key  string
		want uint32
	}{
		{"kafka", 0xd067cf64}, {"giberish123456789", 0x8f552b0c},
		{"1234", 0x9fc97b14}, {"234", 0xe7c009ca}, {"34", 0x873930da}, {"4", 0x5a4b5ca1},
		{long, 0x78424f1c}, {long[1:], 0x4a62b377}, {long[2:], 0xe0e4e09e}, {long[3:], 0x62b8b43f},
		{"", 0x106e08d9},
	}
	for _, c := range cases {
		if got := uint32(Murmur2([]byte(c.key))); got != c.want {
			t.Errorf("Murmur2(%q) = %#08x, want %#08x", c.key, got, c.want)
		}
	}
	// librdkafka tests/0048-partitioner.c (after toPositive).
	positive := []struct {
		key  string
		want int32
	}{
		{"23456", 0x058d780f},
		{"this is another string with more length to it perhaps", 0x4f7703da},
		{"hejsan", 0x5ec19395},
	}
	for _, c := range positive {
		if got := ToPositive(Murmur2([]byte(c.key))); got != c.want {
			t.Errorf("toPositive(Murmur2(%q)) = %#08x, want %#08x", c.key, got, c.want)
		}
	}
}

func TestMurmur2Kafkajs(t *testing.T) {
	// kafkajs src/producer/partitioners/default/murmur2.spec.js
	cases := map[string]int32{
		"0": 971027396, "1": -1993445489, "128": -326012175, "2187": -1508407203,
		"16384": -325739742, "78125": -1654490814, "279936": 1462227128, "823543": -2014198330,
		"2097152": 607668903, "4782969": -1182699775, "10000000": -1830336757,
		"19487171": -1603849305, "35831808": -857013643, "62748517": -1167431028,
		"105413504": -381294639, "170859375": -1658323481, "100:48069": 1009543857,
	}
	for k, want := range cases {
		if got := Murmur2([]byte(k)); got != want {
			t.Errorf("Murmur2(%q) = %d, want %d", k, got, want)
		}
	}
}

func TestPartitionKafkaPython(t *testing.T) {
	// kafka-python test/test_partitioner.py, quoted by kafka-go: N = 1000.
	cases := []struct {
		key  []byte
		want int
	}{
		{[]byte(""), 681}, {[]byte("a"), 524}, {[]byte("ab"), 434}, {[]byte("abc"), 107},
		{[]byte("123456789"), 566}, {[]byte{0x00, 0x20}, 742},
	}
	for _, c := range cases {
		if got := PartitionForKey(c.key, 1000); got != c.want {
			t.Errorf("PartitionForKey(%q, 1000) = %d, want %d", c.key, got, c.want)
		}
	}
}

func TestToPositiveIsNotAbs(t *testing.T) {
	if got := ToPositive(-2147483648); got != 0 {
		t.Errorf("ToPositive(MinInt32) = %d, want 0", got)
	}
	if got := ToPositive(-1); got != 0x7fffffff {
		t.Errorf("ToPositive(-1) = %d, want %d", got, 0x7fffffff)
	}
}

func TestSerializerChangesPartition(t *testing.T) {
	// LongSerializer(1001) lands on p5 of 6, the String "1001" on p0.
	long, err := Long.Serialize("1001")
	if err != nil {
		t.Fatal(err)
	}
	if got := PartitionForKey(long, 6); got != 5 {
		t.Errorf("Long 1001 -> p%d, want p5", got)
	}
	str, _ := String.Serialize("1001")
	if got := PartitionForKey(str, 6); got != 0 {
		t.Errorf("String 1001 -> p%d, want p0", got)
	}
	if !strings.EqualFold(string(str), "1001") {
		t.Errorf("String serializer changed the bytes: %q", str)
	}
}
