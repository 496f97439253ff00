package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"

	"partitionlab/sim/scenario"
)

// skewedKeys is the topic's known skew: merchant-0042 sends half the
// records, merchant-0007 a fifth, 30 others the rest evenly.
func skewedKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		switch {
		case i%10 < 5:
			keys[i] = "merchant-0042"
		case i%10 < 7:
			keys[i] = "merchant-0007"
		default:
			keys[i] = fmt.Sprintf("merchant-1%03d", i%100)
		}
	}
	return keys
}

// kfakeCluster starts an in-process Kafka with one topic, closed when the
// test ends, and a context for the test's clients.
func kfakeCluster(t *testing.T, partitions int32, opts ...kfake.Opt) (string, context.Context) {
	t.Helper()
	c, err := kfake.NewCluster(append([]kfake.Opt{kfake.NumBrokers(1), kfake.SeedTopics(partitions, "orders")}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return c.ListenAddrs()[0], ctx
}

// startMembers keeps n real consumers of group polling until the test
// ends (named GROUP-0, GROUP-1, …); they never commit, so any commit
// would be the import's.
func startMembers(t *testing.T, ctx context.Context, addr, group string, n int, opts ...kgo.Opt) {
	t.Helper()
	for i := range n {
		member, err := kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(addr), kgo.ConsumerGroup(group), kgo.ConsumeTopics("orders"),
			kgo.DisableAutoCommit(), kgo.ClientID(fmt.Sprintf("%s-%d", group, i))}, opts...)...)
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			for ctx.Err() == nil && !member.PollFetches(ctx).IsClientClosed() {
			}
		}()
		t.Cleanup(member.Close)
	}
}

// TestImportClusterReadsKfake runs an in-process Kafka (franz-go's kfake),
// produces keyed records with a known skew through a real client, keeps a
// real consumer group of two members running, imports, and checks the
// partitions, the members, the assignor and the hottest keys, and that the
// import wrote nothing: no record, no commit, no change to the group.
func TestImportClusterReadsKfake(t *testing.T) {
	addr, ctx := kfakeCluster(t, 6)

	producer, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.DefaultProduceTopic("orders"))
	if err != nil {
		t.Fatal(err)
	}
	defer producer.Close()
	const records = 2000
	var batch []*kgo.Record
	for _, k := range skewedKeys(records) {
		batch = append(batch, &kgo.Record{Key: []byte(k), Value: []byte("order")})
	}
	batch = append(batch, &kgo.Record{Value: []byte("keyless")})
	if err := producer.ProduceSync(ctx, batch...).FirstErr(); err != nil {
		t.Fatal(err)
	}

	// Two members of group billing, cooperative-sticky, polling all along.
	startMembers(t, ctx, addr, "billing", 2, kgo.Balancers(kgo.CooperativeStickyBalancer()))
	adm := kadm.NewClient(producer)
	describe := func() kadm.DescribedGroup {
		d, err := adm.DescribeGroups(ctx, "billing")
		if err != nil {
			t.Fatal(err)
		}
		return d["billing"]
	}
	for g := describe(); g.State != "Stable" || len(g.Members) != 2 || len(g.AssignedPartitions()["orders"]) != 6; g = describe() {
		if ctx.Err() != nil {
			t.Fatalf("the group never settled: %+v", g)
		}
		time.Sleep(50 * time.Millisecond)
	}
	before := describe()
	ends, _ := adm.ListEndOffsets(ctx, "orders")

	code, out, errOut := runCLI("import", "cluster", "--bootstrap-server", addr, "--topic", "orders", "--group", "billing", "--sample", "5000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sc scenario.Scenario
	if err := json.Unmarshal([]byte(out), &sc); err != nil {
		t.Fatalf("stdout is not a scenario: %v\n%s", err, out)
	}
	if _, err := scenario.ParseScenario([]byte(out)); err != nil {
		t.Errorf("the engine refuses the imported scenario: %v", err)
	}
	if sc.Topic.Partitions != 6 || strings.Join(sc.Consumer.Assignors, ",") != "cooperative-sticky" ||
		sc.Consumer.Instances*sc.Consumer.Concurrency != 2 || sc.Consumer.GroupProtocol != "classic" {
		t.Errorf("partitions %d, assignors %v, %d×%d members", sc.Topic.Partitions, sc.Consumer.Assignors, sc.Consumer.Instances, sc.Consumer.Concurrency)
	}
	d := sc.Workload.KeyDistribution
	if d == nil || len(d.Keys) != 32 || d.Keys[0] != (scenario.KeyCount{Key: "merchant-0042", Count: 1000}) ||
		d.Keys[1] != (scenario.KeyCount{Key: "merchant-0007", Count: 400}) || d.Keys[31].Count != 20 || sc.Workload.Customers != 32 {
		t.Errorf("key distribution: %+v", d)
	}
	for _, want := range []string{"billing-0", "billing-1", "p5: nothing committed", "2001 records: 2000 keyed as text, 1 without a key"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}

	if code, out, errOut := runCLI("import", "cluster", "--bootstrap-server", addr, "--topic", "nope"); code != 1 || out != "" ||
		!strings.Contains(errOut, "reading the cluster at "+addr+`: topic "nope"`) {
		t.Errorf("a topic the cluster does not have: exit %d, %q", code, errOut)
	}

	// Read-only: the same members, generation and end offsets; no commits.
	after := describe()
	if len(after.Members) != 2 || after.Members[0].MemberID != before.Members[0].MemberID || after.Members[1].MemberID != before.Members[1].MemberID {
		t.Errorf("the group changed: %+v → %+v", before.Members, after.Members)
	}
	endsAfter, _ := adm.ListEndOffsets(ctx, "orders")
	for p := range int32(6) {
		a, _ := ends.Lookup("orders", p)
		b, _ := endsAfter.Lookup("orders", p)
		if a.Offset != b.Offset {
			t.Errorf("p%d's end offset moved from %d to %d: the import produced", p, a.Offset, b.Offset)
		}
	}
	if offs, err := adm.FetchOffsets(ctx, "billing"); err != nil || len(offs["orders"]) != 0 {
		t.Errorf("the group has commits after the import: %v %v", offs, err)
	}
}

func TestImportClusterNamesAnAddressThatDoesNotAnswer(t *testing.T) {
	// A port where nothing listens refuses; one that accepts and never
	// answers runs into the time-out. Both name the address.
	refusedAddr := boundNotListening(t)
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	for _, c := range []struct{ addr, want string }{
		{refusedAddr, "connection refused"},
		{silent.Addr().String(), "did not answer within 2s"},
	} {
		start := time.Now()
		code, out, errOut := runCLI("import", "cluster", "--bootstrap-server", c.addr, "--topic", "orders", "--timeout", "2s")
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("%s: gave up after %s with a 2 s time-out", c.addr, took)
		}
		if code != 1 || out != "" || !strings.Contains(errOut, "the cluster at "+c.addr) || !strings.Contains(errOut, c.want) {
			t.Errorf("exit %d, stdout %q, stderr %q; want the address and %q", code, out, errOut, c.want)
		}
	}
	if code, _, errOut := runCLI("import", "cluster", "--topic", "orders"); code != 2 || !strings.Contains(errOut, "--bootstrap-server") {
		t.Errorf("a missing address: exit %d: %s", code, errOut)
	}
}

// boundNotListening returns the address of a TCP socket bound on loopback
// that never listens: connecting to it is refused, and no other test's
// listener can take the port while the test runs, as it could take a port
// that was listened on and closed.
func boundNotListening(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port)
}

// A KIP-848 group (franz-go's ServerSideBalancer) is read as group.protocol
// consumer, with its members and the broker's assignor.
func TestImportClusterReadsAKIP848Group(t *testing.T) {
	addr, ctx := kfakeCluster(t, 4)
	startMembers(t, ctx, addr, "next", 2, kgo.ServerSideBalancer(), kgo.Balancers(kgo.RangeBalancer()))
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	for {
		g, err := adm.DescribeConsumerGroups(ctx, "next")
		d := g["next"]
		assigned := 0
		for _, ps := range d.AssignedPartitions() {
			assigned += len(ps)
		}
		if err == nil && d.State == "Stable" && len(d.Members) == 2 && assigned == 4 && len(d.Members[0].Assignment) > 0 && len(d.Members[1].Assignment) > 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the KIP-848 group never settled: %v %+v", err, g)
		}
		time.Sleep(50 * time.Millisecond)
	}
	code, out, errOut := runCLI("import", "cluster", "--bootstrap-server", addr, "--topic", "orders", "--group", "next", "--sample", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := scenarioOut(t, out)
	if sc.Consumer.GroupProtocol != "consumer" || sc.Consumer.Instances*sc.Consumer.Concurrency != 2 || sc.Topic.Partitions != 4 {
		t.Errorf("group protocol %q, %d×%d members, %d partitions", sc.Consumer.GroupProtocol, sc.Consumer.Instances, sc.Consumer.Concurrency, sc.Topic.Partitions)
	}
	if !strings.Contains(errOut, "consumer protocol") || !strings.Contains(errOut, "next-0") || strings.Contains(errOut, "partitions []") {
		t.Errorf("stderr: %s", errOut)
	}
}
