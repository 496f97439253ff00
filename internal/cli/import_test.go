package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func scenarioOut(t *testing.T, out string) scenario.Scenario {
	t.Helper()
	sc, err := scenario.ParseScenario([]byte(out))
	if err != nil {
		t.Fatalf("stdout is not a valid scenario: %v\n%s", err, out)
	}
	return sc
}

// Keys go in as CSV or a sample, come out as the scenario's
// key_distribution, and the scenario runs.
func TestImportKeysRoundTrip(t *testing.T) {
	csv := writeFile(t, "keys.csv", "key,count\nmerchant-0042,4500\nmerchant-0007,1200\nmerchant-0100,300\n")
	base := writeFile(t, "base.json", `{"version":1,"name":"ours","topic":{"partitions":24},"workload":{"customer_skew":{"kind":"hot","hot_customers":1,"hot_share":0.4}}}`)
	code, out, errOut := runCLI("import", "keys", csv, "--scenario", base)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := scenarioOut(t, out)
	d := sc.Workload.KeyDistribution
	if d == nil || len(d.Keys) != 3 || d.Keys[0] != (scenario.KeyCount{Key: "merchant-0042", Count: 4500}) || sc.Topic.Partitions != 24 ||
		sc.Name != "ours" || sc.Workload.Customers != 3 || sc.Workload.CustomerSkew.Kind != "uniform" {
		t.Errorf("imported: %+v, partitions %d, customers %d", d, sc.Topic.Partitions, sc.Workload.Customers)
	}
	for _, want := range []string{"workload.customers: 10000 → 3", "customer_skew: hot → uniform", "3 keys (csv), 6000 records"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	file := writeFile(t, "imported.json", out)
	if code, _, errOut := runCLI("simulate", "--scenario", file); code != 0 {
		t.Errorf("the imported scenario does not run: %s", errOut)
	}
	sample := writeFile(t, "sample.txt", "a\nb\na\nc\na\n")
	code, out, errOut = runCLI("import", "keys", sample)
	if !strings.Contains(errOut, "sample.txt: 3 keys (sample), 5 records: 3 named, 0 in the tail") {
		t.Errorf("a sample of 5 lines naming 3 keys: %s", errOut)
	}
	if d := scenarioOut(t, out).Workload.KeyDistribution; code != 0 || d.Keys[0] != (scenario.KeyCount{Key: "a", Count: 3}) || len(d.Keys) != 3 {
		t.Errorf("a sample: %+v", d)
	}
}

func TestImportKeysRefusesABadLineWithNothingOnStdout(t *testing.T) {
	bad := writeFile(t, "keys.csv", "merchant-1,10\nmerchant-2,many\n")
	code, out, errOut := runCLI("import", "keys", bad)
	if code != 2 || out != "" || !strings.Contains(errOut, `keys.csv: line 2: count "many"`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{{"import"}, {"import", "keys"}, {"import", "nope", "x"}} {
		if code, out, _ := runCLI(args...); code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
	}
}

// A client configuration maps onto the scenario; every setting is
// reported on stderr, the unknown ones too.
func TestImportConfigRoundTrip(t *testing.T) {
	producer := writeFile(t, "producer.properties", "linger.ms=25\nbatch.size=65536\nacks=all\nenable.idempotence=false\nmystery.knob=3\n")
	spring := writeFile(t, "application.yml", "spring:\n  kafka:\n    listener:\n      concurrency: 3\n    consumer:\n      max-poll-records: 50\n")
	code, out, errOut := runCLI("import", "config", producer, spring)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := scenarioOut(t, out)
	if p := sc.Producers[0]; p.LingerMs != 25 || p.BatchSize != 65536 || p.Idempotence || sc.Consumer.Concurrency != 3 || sc.Consumer.MaxPollRecords != 50 {
		t.Errorf("imported: %+v %+v", p, sc.Consumer)
	}
	for _, want := range []string{"producer.properties:1: linger.ms=25 → producers[0].linger_ms", "producer.properties:3: acks=all: no effect",
		"producer.properties:5: mystery.knob=3: unknown setting", "application.yml:4: spring.kafka.listener.concurrency=3 → consumer.concurrency",
		"7 settings: 5 mapped, 1 with no effect, 0 not modelled, 1 unknown"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	// The printed scenario reads back to itself.
	var again scenario.Scenario
	if err := json.Unmarshal(scenario.MarshalScenario(sc), &again); err != nil || again.Producers[0].LingerMs != 25 {
		t.Errorf("round trip: %v", err)
	}
	bad := writeFile(t, "bad.properties", "linger.ms=soon\n")
	if code, out, errOut := runCLI("import", "config", bad); code != 2 || out != "" || !strings.Contains(errOut, "bad.properties:1: linger.ms=soon") {
		t.Errorf("a bad value: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	invalid := writeFile(t, "invalid.properties", "max.poll.records=0\n")
	if code, out, errOut := runCLI("import", "config", invalid); code != 2 || out != "" || !strings.Contains(errOut, "consumer.max_poll_records") {
		t.Errorf("a value the engine refuses: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// import cluster's numeric flags are checked before any dial, each named
// with its value and range.
func TestImportClusterRefusesBadFlagsNamingTheirRange(t *testing.T) {
	for _, c := range []struct {
		flag, value, want string
	}{
		{"--sample", "-1", "--sample -1 is not in 0..10000000"},
		{"--sample", "20000000", "--sample 20000000 is not in 0..10000000"},
		{"--timeout", "0s", "--timeout 0s is not more than 0s"},
	} {
		code, out, errOut := runCLI("import", "cluster", "--bootstrap-server", "127.0.0.1:9", "--topic", "t", c.flag, c.value)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want %q", c.flag, c.value, code, out, errOut, c.want)
		}
	}
}
