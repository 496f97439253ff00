package coordinator

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// testdata/kafka/simple.txt holds chains of share-group target assignments
// run through Kafka 4.3.1's own SimpleAssignor by testdata/kafka/
// ShareOracle.java (see the README there): each assign line is followed by
// what Kafka gave every member, in its HashSet iteration order. To record
// them again:
// go test ./sim/coordinator -run TestSimpleAssignorKafkaRecordings -share-oracle 'java -cp DIR ShareOracle'
var shareOracle = flag.String("share-oracle", "", "command running testdata/kafka/ShareOracle.java; rewrites testdata/kafka/simple.txt")

const simpleRecordings = "testdata/kafka/simple.txt"

// simpleChains makes the recorded input: members join (with short ids and
// with 22-character ids like Kafka's), leave, and partitions are added, in
// groups from one member to more members than partitions.
func simpleChains() string {
	r := rand.New(rand.NewPCG(932, 4))
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	var b strings.Builder
	for chain := 0; chain < 40; chain++ {
		b.WriteString("chain\n")
		partitions := []int{1, 2, 3, 4, 6, 8, 12, 16, 24, 30}[r.IntN(10)]
		var members []string
		n := 0
		for step := 0; step < 20; step++ {
			switch k := r.IntN(10); {
			case k < 5 || len(members) == 0:
				n++
				id := fmt.Sprintf("m%d", n)
				if chain%2 == 1 {
					raw := make([]byte, 22)
					for i := range raw {
						raw[i] = alphabet[r.IntN(len(alphabet))]
					}
					id = string(raw)
				}
				members = append(members, id)
				for j := r.IntN(4); j > 0 && len(members) < 70; j-- { // a burst of joins
					n++
					members = append(members, fmt.Sprintf("%s%d", members[0], n))
				}
			case k < 9:
				i := r.IntN(len(members))
				members = slices.Delete(members, i, i+1)
			default:
				partitions += 1 + r.IntN(6)
			}
			if len(members) > 0 {
				fmt.Fprintf(&b, "assign %d %s\n", partitions, strings.Join(members, " "))
			}
		}
		b.WriteString("end\n")
	}
	return b.String()
}

// recordSimple runs the chains through the oracle and writes input and
// output interleaved.
func recordSimple(t *testing.T) {
	in := simpleChains()
	fields := strings.Fields(*shareOracle)
	cmd := exec.Command(fields[0], fields[1:]...)
	cmd.Stdin = strings.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	got := bufio.NewScanner(bytes.NewReader(out))
	var b strings.Builder
	b.WriteString("# Apache Kafka 4.3.1 (26b251a451ce) SimpleAssignor, via testdata/kafka/ShareOracle.java\n")
	for _, line := range strings.Split(strings.TrimSpace(in), "\n") {
		b.WriteString(line + "\n")
		if !strings.HasPrefix(line, "assign ") {
			continue
		}
		for got.Scan() {
			b.WriteString(got.Text() + "\n")
			if got.Text() == "done" {
				break
			}
		}
	}
	if err := os.WriteFile(simpleRecordings, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Every recorded target must come out of simpleAssign the same, member by
// member, down to the iteration order of each member's set.
func TestSimpleAssignorKafkaRecordings(t *testing.T) {
	if *shareOracle != "" {
		recordSimple(t)
	}
	data, err := os.ReadFile(simpleRecordings)
	if err != nil {
		t.Fatal(err)
	}
	var (
		cur        map[string]*intSet
		next       map[string]*intSet
		cases      int
		partitions int32
	)
	for n, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(line, "#") {
			continue
		}
		switch f[0] {
		case "chain":
			cur = map[string]*intSet{}
		case "assign":
			p, _ := strconv.Atoi(f[1])
			partitions = int32(p)
			next = simpleAssign(partitions, specOrder(f[2:]), cur)
			cases++
		case "got":
			want := []int32{}
			for _, s := range f[2:] {
				p, _ := strconv.Atoi(s)
				want = append(want, int32(p))
			}
			got := []int32{}
			if s := next[f[1]]; s != nil {
				got = s.order()
			}
			if !slices.Equal(got, want) {
				t.Fatalf("line %d: %s got %v, Kafka %v", n+1, f[1], got, want)
			}
		case "done":
			cur = next
		}
	}
	if cases < 700 {
		t.Fatalf("%d recorded assignments, want at least 700", cases)
	}
}
