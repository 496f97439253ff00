package cli

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/hashcore"
)

// javaAt is where the Java client puts a string key on n partitions.
func javaAt(key string, n int) int { return hashcore.Java{}.Partition([]byte(key), n) }

func TestPartitionPrintsOneLinePerKeyInArgumentOrder(t *testing.T) {
	keys := []string{"customer-42", "日本", "order-7", "customer-42"}
	code, out, errOut := runCLI(append([]string{"partition"}, keys...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var want strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&want, "%s -> partition %d\n", k, javaAt(k, 6))
	}
	if out != want.String() {
		t.Errorf("output:\n%s\nwant (Java client, 6 partitions, UTF-8):\n%s", out, want.String())
	}
}

func TestPartitionFlagsSerializersAndClients(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		// kafka-fidelity.md §1: LongSerializer(1001) -> 5 of 6, the string "1001" -> 0.
		{[]string{"partition", "--serializer", "long", "1001"}, "1001 -> partition 5\n"},
		{[]string{"partition", "1001"}, "1001 -> partition 0\n"},
		// kafka-python's vectors with 1000 partitions: "" -> 681, "abc" -> 107.
		{[]string{"partition", "--partitions", "1000", "--", "", "abc"}, "\"\" -> partition 681\nabc -> partition 107\n"},
		{[]string{"partition", "abc", "--partitions", "1000"}, "abc -> partition 107\n"},
		{[]string{"partition", "--serializer", "hex", "0020", "--partitions", "1000"}, "0020 -> partition 742\n"},
		{[]string{"partition", "--client", "librdkafka", "--partitions", "7", "kafka"},
			fmt.Sprintf("kafka -> partition %d\n", hashcore.Librdkafka{}.Partition([]byte("kafka"), 7))},
		{[]string{"partition", "--client", "sarama", "--serializer", "int", "--", "-5"},
			fmt.Sprintf("-5 -> partition %d\n", hashcore.Sarama{}.Partition([]byte{0xff, 0xff, 0xff, 0xfb}, 6))},
		// librdkafka's consistent_random does not hash an empty key.
		{[]string{"partition", "--client", "librdkafka", "--", ""},
			"\"\" -> no fixed partition: librdkafka sends an empty key like a record without a key (random, sticky)\n"},
		{[]string{"partition", "--", "-x", " padded"}, fmt.Sprintf("-x -> partition %d\n\" padded\" -> partition %d\n", javaAt("-x", 6), javaAt(" padded", 6))},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(c.args...)
		if code != 0 || out != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
}

func TestPartitionCompareShowsMovesAndTheShare(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	code, out, _ := runCLI(append([]string{"partition", "--compare", "12"}, keys...)...)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(keys)+1 {
		t.Fatalf("%d lines, want one per key and the share:\n%s", len(lines), out)
	}
	moved := 0
	for i, k := range keys {
		from, to := javaAt(k, 6), javaAt(k, 12)
		verdict := "stays"
		if from != to {
			verdict = "moved"
			moved++
		}
		want := fmt.Sprintf("%s -> partition %d, with 12 partitions -> partition %d (%s)", k, from, to, verdict)
		if lines[i] != want {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], want)
		}
	}
	want := fmt.Sprintf("java: %d of 8 keys (%.1f%%) move from 6 to 12 partitions", moved, 100*float64(moved)/8)
	if lines[len(keys)] != want {
		t.Errorf("last line = %q, want %q", lines[len(keys)], want)
	}
}

// Every bad input exits 2, names the problem on stderr and prints nothing
// on stdout, not even for the keys that were fine.
func TestPartitionRejectsBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--partitions", "0", "k"}, "--partitions: 0 is not in 1..100000"},
		{[]string{"--partitions", "100001", "k"}, "--partitions: 100001 is not in 1..100000"},
		{[]string{"--partitions", "six", "k"}, `--partitions: six is not a whole number in 1..100000`},
		{[]string{"--compare", "0", "k"}, "--compare: 0 is not in 1..100000"},
		{[]string{"--client", "kafkajs", "k"}, `--client: unknown client "kafkajs"`},
		{[]string{"--serializer", "avro", "k"}, `--serializer: unknown serializer "avro"`},
		{[]string{"--serializer", "hex", "zz", "00"}, `argument 1: key "zz" is not hex bytes`},
		{[]string{"--serializer", "hex", "00", "abc"}, `argument 2: key "abc" is not hex bytes`},
		{[]string{"--serializer", "long", "1", "12x"}, `argument 2: key "12x" is not a Long`},
		{[]string{"--serializer", "int", "2147483648"}, `argument 1: key "2147483648" is not an Integer`},
		{[]string{"--serializer", "long", "-5"}, `flag provided but not defined: -5 (an argument that starts with "-" goes after "--")`},
		{[]string{}, "no keys given"},
		{[]string{"--partitions", "3"}, "no keys given"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(append([]string{"partition"}, c.args...)...)
		if code != 2 || out != "" {
			t.Errorf("%q: exit %d, stdout %q; want 2 and nothing", c.args, code, out)
		}
		if !strings.Contains(errOut, "partitionlab partition: "+c.want) || !strings.Contains(errOut, "usage: partitionlab partition") {
			t.Errorf("%q: stderr %q, want it to say %q and show the usage", c.args, errOut, c.want)
		}
	}
}

func TestPartitionReportsEveryProblemAtOnce(t *testing.T) {
	code, _, errOut := runCLI("partition", "--partitions", "0", "--client", "nope", "x")
	if code != 2 || !strings.Contains(errOut, "--partitions") || !strings.Contains(errOut, "--client") {
		t.Errorf("exit %d, stderr %q; want both problems named", code, errOut)
	}
}

func TestDisplayKeyQuotesOnlyAmbiguousKeys(t *testing.T) {
	cases := map[string]string{
		"plain": "plain", "日本": "日本", "with space": "with space",
		"": `""`, " lead": `" lead"`, "tab\there": `"tab\there"`, `"q"`: `"\"q\""`, "\xff": `"\xff"`,
	}
	for in, want := range cases {
		if got := displayKey(in); got != want {
			t.Errorf("displayKey(%q) = %s, want %s", in, got, want)
		}
	}
}
