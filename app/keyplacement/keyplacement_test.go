package keyplacement

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"partitionlab/hashcore"
)

func TestSerializeKeepsPositionsAndReportsEveryBadKey(t *testing.T) {
	lines := Lines("1001\r\n\nabc\n-7\n9223372036854775808")
	keys, errs := Serialize(lines, hashcore.Long, "line", Blank)
	if len(keys) != 2 || keys[0].Pos != 1 || keys[1].Pos != 4 {
		t.Fatalf("keys = %+v, want 1001 from line 1 and -7 from line 4", keys)
	}
	if !bytes.Equal(keys[0].Bytes, []byte{0, 0, 0, 0, 0, 0, 0x03, 0xe9}) {
		t.Errorf("1001 as a Long = % x, want 8 bytes big-endian (the \\r must be gone)", keys[0].Bytes)
	}
	if len(errs) != 2 {
		t.Fatalf("errors = %v, want two (abc and a number beyond a Long)", errs)
	}
	for i, want := range []string{`line 3: key "abc" is not a Long`, `line 5: key "9223372036854775808" is not a Long`} {
		if !strings.HasPrefix(errs[i].Error(), want) {
			t.Errorf("error %d = %q, want it to start with %q", i, errs[i], want)
		}
	}
}

func TestSerializeStringIsUTF8(t *testing.T) {
	keys, errs := Serialize([]string{"日本", "Zürich", "🍕", ""}, hashcore.String, "argument", nil)
	if len(errs) != 0 || len(keys) != 4 {
		t.Fatalf("keys %v errors %v", keys, errs)
	}
	want := [][]byte{{0xe6, 0x97, 0xa5, 0xe6, 0x9c, 0xac}, {'Z', 0xc3, 0xbc, 'r', 'i', 'c', 'h'}, {0xf0, 0x9f, 0x8d, 0x95}, {}}
	for i, k := range keys {
		if !bytes.Equal(k.Bytes, want[i]) {
			t.Errorf("%q serializes to % x, want % x", k.Text, k.Bytes, want[i])
		}
	}
}

func TestParsePartitionsNamesFieldAndRange(t *testing.T) {
	for _, text := range []string{"0", "-3", "100001", "six", ""} {
		_, err := ParsePartitions("--partitions", text)
		if err == nil {
			t.Errorf("%q accepted", text)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "--partitions: ") || !strings.Contains(msg, "1..100000") {
			t.Errorf("%q: error %q does not name the field and the range", text, msg)
		}
	}
	if n, err := ParsePartitions("p", " 12 "); n != 12 || err != nil {
		t.Errorf("ParsePartitions(\" 12 \") = %d, %v", n, err)
	}
}

// kafka-fidelity.md §1: LongSerializer(1001) lands on partition 5 of 6, the
// string "1001" on partition 0.
func TestPlaceSerializerChangesThePartition(t *testing.T) {
	java := []hashcore.Partitioner{hashcore.Java{}}
	long, _ := Serialize([]string{"1001"}, hashcore.Long, "line", nil)
	str, _ := Serialize([]string{"1001"}, hashcore.String, "line", nil)
	if got := Place(long, java, 6, 0).At[0][0]; got != 5 {
		t.Errorf("Long 1001 on 6 partitions: %d, want 5", got)
	}
	if got := Place(str, java, 6, 0).At[0][0]; got != 0 {
		t.Errorf("String \"1001\" on 6 partitions: %d, want 0", got)
	}
}

func TestPlaceCompareDoublingMovesKeysByN(t *testing.T) {
	texts := make([]string, 500)
	for i := range texts {
		texts[i] = fmt.Sprintf("customer-%d", i)
	}
	keys, _ := Serialize(texts, hashcore.String, "line", nil)
	p := Place(keys, hashcore.Partitioners(), 6, 12)
	for c, client := range p.Clients {
		moved := 0
		for k := range keys {
			from, to := p.At[c][k], p.AtCompare[c][k]
			// Doubling N keeps a key on p or moves it to p+N (kafka-fidelity.md
			// §6); Sarama's negated remainder is |h| mod N, so it obeys this too.
			if to != from && to != from+6 {
				t.Errorf("%s: %q went from %d to %d, want %d or %d", client.Name(), keys[k].Text, from, to, from, from+6)
			}
			if p.Moved(c, k) != (from != to) {
				t.Errorf("%s: Moved(%q) = %v for %d -> %d", client.Name(), keys[k].Text, p.Moved(c, k), from, to)
			}
			if p.Moved(c, k) {
				moved++
			}
		}
		if p.MovedCount(c) != moved {
			t.Errorf("%s: MovedCount = %d, counted %d", client.Name(), p.MovedCount(c), moved)
		}
		// Roughly half the keys stay when doubling (kafka-fidelity.md §6).
		if moved < 175 || moved > 325 {
			t.Errorf("%s: %d of 500 keys moved from 6 to 12 partitions, want about half", client.Name(), moved)
		}
		total := 0
		for _, n := range p.KeysPerPartition(c) {
			total += n
		}
		if total != len(keys) {
			t.Errorf("%s: KeysPerPartition adds up to %d, want %d", client.Name(), total, len(keys))
		}
	}
}

func TestDisagreeOnlyWhenClientsDiffer(t *testing.T) {
	keys, _ := Serialize([]string{"a", "b", "c", "d", "e", "f", "g", "h"}, hashcore.String, "line", nil)
	all := Place(keys, hashcore.Partitioners(), 6, 0)
	one := Place(keys, []hashcore.Partitioner{hashcore.Java{}}, 6, 0)
	if one.Disagreements() != 0 {
		t.Errorf("a single client disagrees with itself on %d keys", one.Disagreements())
	}
	for k := range keys {
		differ := all.At[0][k] != all.At[1][k] || all.At[0][k] != all.At[2][k]
		if all.Disagree(k) != differ {
			t.Errorf("key %q: Disagree = %v, partitions %d/%d/%d", keys[k].Text, all.Disagree(k), all.At[0][k], all.At[1][k], all.At[2][k])
		}
	}
	if all.Disagreements() == 0 {
		t.Errorf("three different hash functions agree on all 8 keys; the table would never highlight anything")
	}
	if one.Moved(0, 0) {
		t.Errorf("a key moved although no comparison was asked for")
	}
}

func TestShare(t *testing.T) {
	cases := map[[2]int]string{{3, 8}: "3 of 8 keys (37.5%)", {1, 1}: "1 of 1 key (100.0%)", {0, 0}: "0 of 0 keys"}
	for in, want := range cases {
		if got := Share(in[0], in[1]); got != want {
			t.Errorf("Share(%d, %d) = %q, want %q", in[0], in[1], got, want)
		}
	}
}

func TestLibrdkafkaSendsAnEmptyKeyAsKeyless(t *testing.T) {
	keys, _ := Serialize([]string{"", "0x"}, hashcore.Hex, "line", nil)
	p := Place(keys, hashcore.Partitioners(), 6, 12)
	for k := range keys {
		if p.At[0][k] == Keyless || p.At[2][k] == Keyless {
			t.Errorf("Java or Sarama did not hash the empty key %q", keys[k].Text)
		}
		if p.At[1][k] != Keyless || p.Moved(1, k) {
			t.Errorf("librdkafka placed the empty key %q on %d (moved %v), want Keyless", keys[k].Text, p.At[1][k], p.Moved(1, k))
		}
		if !p.Disagree(k) {
			t.Errorf("a keyless and a hashed placement should count as a disagreement")
		}
	}
	if p.Hashed(1) != 0 || p.Hashed(0) != 2 {
		t.Errorf("Hashed = %d for librdkafka, %d for java", p.Hashed(1), p.Hashed(0))
	}
	for _, n := range p.KeysPerPartition(1) {
		if n != 0 {
			t.Errorf("a keyless key was counted on a partition")
		}
	}
}
