package assignor

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The files in testdata/kafka hold cases run through Apache Kafka's own
// assignor classes (apache/kafka @ 1eb7644349cb, Java 17) by
// testdata/kafka/Oracle.java; see the README there. Each case is the input
// the oracle read followed by the assignment it printed. To record them
// again: go test ./sim/assignor -run TestKafkaRecordings -kafka-oracle 'java -cp DIR Oracle'
var kafkaOracle = flag.String("kafka-oracle", "", "command running testdata/kafka/Oracle.java; rewrites testdata/kafka/*.txt")

type recordedCase struct {
	line     int
	assignor string
	topics   map[string]int32
	ids      map[string]TopicID
	order    []string
	members  []Member
	want     Assignment
}

// recordings lists what TestKafkaRecordings records: per file, the
// assignor, whether subscriptions differ, and the churn shape.
var recordings = []struct {
	file, assignor         string
	mixed, stale           bool
	chains, steps, maxSize int
	seeds                  []uint64 // chains picked for the rare paths they take
}{
	{"range.txt", "range", true, false, 10, 4, 14, nil},
	{"roundrobin.txt", "roundrobin", true, false, 10, 4, 14, nil},
	{"sticky_equal.txt", "sticky", false, false, 16, 6, 40, nil},
	{"sticky_mixed.txt", "sticky", true, false, 16, 6, 14, nil},
	{"sticky_stale.txt", "sticky", true, true, 16, 6, 14, nil},
	{"cooperative_equal.txt", "cooperative-sticky", false, false, 16, 6, 40, nil},
	{"cooperative_mixed.txt", "cooperative-sticky", true, false, 16, 6, 14, nil},
	{"cooperative_stale.txt", "cooperative-sticky", false, true, 16, 6, 14, nil},
	{"uniform_equal.txt", "uniform", false, false, 12, 6, 40, nil},
	{"uniform_mixed.txt", "uniform", true, false, 12, 6, 14, nil},
	{"server_range.txt", "server-range", true, false, 6, 3, 14, nil},
	// These chains make the general builder move a partition back along
	// an earlier move (PartitionMovements.getTheActualPartitionToBeMoved),
	// which picks the first element of a Java HashSet<TopicPartition>.
	{"sticky_movements.txt", "sticky", true, false, 0, 8, 0, []uint64{28, 42, 72, 204, 349, 374, 424, 469, 492, 637, 869, 888}},
}

func TestKafkaRecordings(t *testing.T) {
	if *kafkaOracle != "" {
		record(t)
	}
	for _, r := range recordings {
		t.Run(r.file, func(t *testing.T) {
			cases := readRecording(t, filepath.Join("testdata", "kafka", r.file))
			if len(cases) == 0 {
				t.Fatalf("%s holds no cases", r.file)
			}
			for _, c := range cases {
				got, err := oracleAssignor(c.assignor, c.ids).Assign(c.topics, c.members)
				if err != nil {
					t.Fatalf("line %d: %v", c.line, err)
				}
				if !reflect.DeepEqual(got, c.want) {
					t.Fatalf("line %d (%s): Kafka assigned\n%v\nwe assign\n%v", c.line, c.assignor, c.want, got)
				}
			}
		})
	}
}

func oracleAssignor(name string, ids map[string]TopicID) Assignor {
	switch name {
	case "uniform":
		// Oracle.java hands the assignor LinkedHashSets in ascending order.
		return Uniform{TopicIDs: ids, OwnedInGivenOrder: true}
	case "server-range":
		return ServerRange{}
	}
	a, _ := ByName(name)
	return a
}

func formatTPs(tps []TopicPartition) string {
	if len(tps) == 0 {
		return "-"
	}
	var parts []string
	for _, tp := range tps {
		parts = append(parts, fmt.Sprintf("%s:%d", tp.Topic, tp.Partition))
	}
	return strings.Join(parts, ",")
}

func parseTPs(s string) []TopicPartition {
	tps := []TopicPartition{}
	if s == "-" || s == "" {
		return tps
	}
	for _, f := range strings.Split(s, ",") {
		c := strings.LastIndexByte(f, ':')
		p, _ := strconv.Atoi(f[c+1:])
		tps = append(tps, TopicPartition{Topic: f[:c], Partition: int32(p)})
	}
	return tps
}

// writeCase writes a case's input in the oracle's language.
func writeCase(w io.Writer, assignor string, topics map[string]int32, ids map[string]TopicID, order []string, members []Member) {
	fmt.Fprintf(w, "assignor %s\n", assignor)
	for _, t := range order {
		fmt.Fprintf(w, "topic %s %d %s\n", t, topics[t], topicIDString(ids[t]))
	}
	for _, m := range members {
		inst, subs := m.InstanceID, strings.Join(m.Topics, ",")
		if inst == "" {
			inst = "-"
		}
		if subs == "" {
			subs = "-"
		}
		fmt.Fprintf(w, "member %s %s %d %s %s\n", m.MemberID, inst, m.Generation, subs, formatTPs(m.Owned))
	}
	fmt.Fprintln(w, "end")
}

func readRecording(t *testing.T, path string) []recordedCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []recordedCase
	var c recordedCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		switch fs[0] {
		case "assignor":
			c = recordedCase{line: n, assignor: fs[1], topics: map[string]int32{}, ids: map[string]TopicID{}, want: Assignment{}}
		case "topic":
			p, _ := strconv.Atoi(fs[2])
			c.topics[fs[1]] = int32(p)
			c.order = append(c.order, fs[1])
			if c.ids[fs[1]], err = ParseTopicID(fs[3]); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
		case "member":
			g, _ := strconv.Atoi(fs[3])
			m := Member{MemberID: fs[1], Generation: int32(g), Owned: parseTPs(fs[5])}
			if fs[2] != "-" {
				m.InstanceID = fs[2]
			}
			if fs[4] != "-" {
				m.Topics = strings.Split(fs[4], ",")
			}
			if len(m.Owned) == 0 {
				m.Owned = nil
			}
			c.members = append(c.members, m)
		case "got":
			c.want[fs[1]] = parseTPs(fs[2])
		case "done":
			cases = append(cases, c)
		}
	}
	return cases
}

// record runs churn chains through the oracle and rewrites the files.
func record(t *testing.T) {
	args := strings.Fields(*kafkaOracle)
	cmd := exec.Command(args[0], args[1:]...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	replies := bufio.NewScanner(stdout)
	for k, r := range recordings {
		var out strings.Builder
		fmt.Fprintf(&out, "# %s: %d churn chains of %d rebalances, recorded from Kafka's classes by Oracle.java\n", r.assignor, r.chains+len(r.seeds), r.steps)
		for chain := range r.chains + len(r.seeds) {
			var ch *churn
			if chain < r.chains {
				ch = newChurn(uint64(1000*k+chain), 1+chain%3, 1+chain*r.maxSize/r.chains, r.mixed)
				ch.stale = r.stale
			} else {
				seed := r.seeds[chain-r.chains]
				ch = newChurn(seed, 2+int(seed%5), 3+int(seed%12), r.mixed)
				ch.stale = seed%2 == 0
			}
			for range r.steps {
				var in strings.Builder
				writeCase(&in, r.assignor, ch.topics, ch.topicIDs, ch.names, ch.members)
				io.WriteString(stdin, in.String())
				out.WriteString(in.String())
				a := Assignment{}
				for replies.Scan() && replies.Text() != "done" {
					fs := strings.Fields(replies.Text())
					a[fs[1]] = parseTPs(fs[2])
					out.WriteString(replies.Text() + "\n")
				}
				out.WriteString("done\n")
				ch.settle(a)
				ch.step()
			}
		}
		if err := os.WriteFile(filepath.Join("testdata", "kafka", r.file), []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
