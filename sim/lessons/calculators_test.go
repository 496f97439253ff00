package lessons

import (
	"encoding/hex"
	"strconv"
	"strings"
	"testing"

	"partitionlab/hashcore"
)

// The calculators must say exactly what hashcore says, key by key; these
// tests recompute their answers independently.

func TestMovedKeysAgreesWithHashcore(t *testing.T) {
	for _, in := range []MovedKeysInput{
		{From: 6, To: []int{7, 12}, Keys: 10000, Serializer: "string", Client: "java"},
		{From: 6, To: []int{8, 18}, Keys: 5000, Serializer: "long", Client: "java"},
		{From: 12, To: []int{24}, Keys: 5000, Serializer: "string", Client: "librdkafka"},
		{From: 5, To: []int{10, 7}, Keys: 5000, Serializer: "string", Client: "sarama"},
	} {
		got, err := ComputeMovedKeys(in)
		if err != nil {
			t.Fatal(err)
		}
		ser, _ := hashcore.ParseSerializer(in.Serializer)
		part, _ := hashcore.PartitionerByName(in.Client)
		for i, to := range in.To {
			moved := 0
			for id := 1; id <= in.Keys; id++ {
				b, _ := ser.Serialize(strconv.Itoa(id))
				if part.Partition(b, in.From) != part.Partition(b, to) {
					moved++
				}
			}
			tg := got.Targets[i]
			if tg.Moved != moved || tg.Stayed != in.Keys-moved {
				t.Errorf("%s/%s %d → %d: moved %d stayed %d, hashcore says %d moved", in.Client, in.Serializer, in.From, to, tg.Moved, tg.Stayed, moved)
			}
			if d := tg.MovedShare - tg.ExpectedShare; d > 0.03 || d < -0.03 {
				t.Errorf("%s %d → %d: %.4f of the keys moved, a uniform hash predicts %.4f", in.Client, in.From, to, tg.MovedShare, tg.ExpectedShare)
			}
			if tg.Multiple && tg.MovedByMultiple != 1 {
				t.Errorf("%d → %d is a multiple, but only %.4f of the moved keys went to p + k × %d", in.From, to, tg.MovedByMultiple, in.From)
			}
		}
	}
}

// TestExpectedShareCountsResidues checks the closed form 1 − min/lcm
// against counting, over one full cycle of lcm(p, q) hash values, those
// whose partition changes.
func TestExpectedShareCountsResidues(t *testing.T) {
	for p := 1; p <= 12; p++ {
		for q := 1; q <= 12; q++ {
			l := lcm(p, q)
			moved := 0
			for h := range l {
				if h%p != h%q {
					moved++
				}
			}
			got, _ := ComputeMovedKeys(MovedKeysInput{From: p, To: []int{q}, Keys: 1, Serializer: "string", Client: "java"})
			if want := round(float64(moved)/float64(l), 4); got.Targets[0].ExpectedShare != want {
				t.Errorf("%d → %d: expected share %v, counting gives %v", p, q, got.Targets[0].ExpectedShare, want)
			}
		}
	}
}

func TestKeyTableAgreesWithHashcore(t *testing.T) {
	in := KeyTableInput{Keys: []string{"1001", "42", "-7", "0"}, Partitions: 12,
		Serializers: []string{"string", "long", "int"}, Clients: hashcore.ClientNames()}
	kt, err := ComputeKeyTable(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(in.Keys) * len(in.Serializers) * len(in.Clients); len(kt.Rows) != want {
		t.Fatalf("%d rows, want %d", len(kt.Rows), want)
	}
	for _, r := range kt.Rows {
		s, _ := hashcore.ParseSerializer(r.Serializer)
		b, _ := s.Serialize(r.Key)
		p, _ := hashcore.PartitionerByName(r.Client)
		if want := p.Partition(b, in.Partitions); r.Partition != want || kt.Partition[r.Key][r.Serializer][r.Client] != want {
			t.Errorf("%s as %s by %s: row says %d, map %d, hashcore %d", r.Key, r.Serializer, r.Client, r.Partition, kt.Partition[r.Key][r.Serializer][r.Client], want)
		}
		if r.Bytes != hex.EncodeToString(b) {
			t.Errorf("%s as %s: bytes %s, want %x", r.Key, r.Serializer, r.Bytes, b)
		}
	}
	// The reference's example: LongSerializer(1001) → p5 of 6, "1001" → p0.
	six, _ := ComputeKeyTable(KeyTableInput{Keys: []string{"1001"}, Partitions: 6, Serializers: []string{"string", "long"}, Clients: []string{"java"}})
	if s, l := six.Partition["1001"]["string"]["java"], six.Partition["1001"]["long"]["java"]; s != 0 || l != 5 {
		t.Errorf("1001 on 6 partitions: String p%d, Long p%d; want p0 and p5", s, l)
	}
}

func TestSizingRule(t *testing.T) {
	for _, c := range []struct {
		in                SizingInput
		partitions, needs int
	}{
		{SizingInput{3000, 500, 1.5}, 9, 6},
		{SizingInput{1000, 300, 1}, 4, 4},
		{SizingInput{100, 1000, 1}, 1, 1},
		{SizingInput{0.3 * 3 * 1000, 300, 1}, 3, 3}, // 900.0000000000001 ÷ 300 is 3, not 4
		{SizingInput{10000, 1000, 2}, 20, 10},
	} {
		s, err := ComputeSizing(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if s.Partitions != c.partitions || s.ConsumersNeeded != c.needs {
			t.Errorf("%+v: %d partitions, %d consumers; want %d and %d", c.in, s.Partitions, s.ConsumersNeeded, c.partitions, c.needs)
		}
	}
}

func TestCalculatorsRejectBadInput(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{KeyTableInput{Keys: []string{"abc"}, Partitions: 6, Serializers: []string{"long"}, Clients: []string{"java"}}.validate(), "keys[0]: cannot be serialized as long"},
		{KeyTableInput{Keys: []string{"a"}, Partitions: 0, Serializers: []string{"string"}, Clients: []string{"kafkajs"}}.validate(), "partitions: 0 is not in 1..10000"},
		{KeyTableInput{Keys: []string{"a"}, Partitions: 1, Serializers: []string{"string"}, Clients: []string{"kafkajs"}}.validate(), `clients[0]: unknown client "kafkajs"`},
		{MovedKeysInput{From: 6, To: []int{0}, Keys: 10, Serializer: "string", Client: "java"}.validate(), "to[0]: 0 is not in 1..10000"},
		{MovedKeysInput{From: 6, To: []int{7}, Keys: 10, Serializer: "hex", Client: "java"}.validate(), "serializer"},
		{SizingInput{3000, 500, 0.5}.validate(), "safety_factor: 0.5 is not in 1..10"},
		{SizingInput{3000, 0, 1}.validate(), "consumer_per_s"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", c.err, c.want)
		}
	}
}
