package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func TestSimulateJSONIsTheEngineResult(t *testing.T) {
	code, out, errOut := runCLI("simulate", "--preset", "thread-pool", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got sim.Result
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json printed something that is not a result: %v", err)
	}
	sc, _ := scenario.Preset("thread-pool")
	want, _ := sim.Run(sc)
	if got.Digest != want.Digest || got.Ordering.Scopes.Order.Violations != want.Ordering.Scopes.Order.Violations {
		t.Errorf("CLI digest %s, engine %s", got.Digest, want.Digest)
	}
	for _, field := range []string{`"seed"`, `"digest"`, `"events_produced"`, `"events_processed"`, `"max_lag"`,
		`"max_over_mean"`, `"cv"`, `"empty_partitions"`, `"keys_affected"`, `"idle_threads"`, `"p99"`, `"duplicates"`} {
		if !strings.Contains(out, field) {
			t.Errorf("the result lacks %s", field)
		}
	}
}

func TestSimulateSetAndScenarioFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	doc, _ := scenario.PresetJSON("order-events")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("simulate", "--scenario", path, "--set", "topic.partitions=4", "--set", "consumer.concurrency=6")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "6 threads, 2 idle") || !strings.Contains(out, "p3 ") || strings.Contains(out, "p4 ") {
		t.Errorf("--set did not give 4 partitions and 2 idle threads:\n%s", out)
	}
}

func TestSimulateBudgetsFailTheBuild(t *testing.T) {
	code, out, errOut := runCLI("simulate", "--preset", "thread-pool", "--max-violations", "order=0")
	if code != 3 || out == "" {
		t.Errorf("exit %d (stdout %d bytes); want 3 with the summary printed", code, len(out))
	}
	if !strings.Contains(errOut, "order ordering violations > 0") {
		t.Errorf("stderr %q does not say which budget", errOut)
	}
	if code, _, errOut := runCLI("simulate", "--preset", "per-key-queues", "--max-violations", "0", "--max-imbalance", "1.2"); code != 0 {
		t.Errorf("per-key queues within budget: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI("simulate", "--preset", "hot-customer", "--max-imbalance", "2"); code != 3 || !strings.Contains(errOut, "max/mean") {
		t.Errorf("hot customer over the imbalance budget: exit %d, %s", code, errOut)
	}
}

func TestSimulateBadInputNamesTheField(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "order-events", "--set", "topic.partitions=0"}, "topic.partitions: 0 is not in 1..10000"},
		{[]string{"--preset", "order-events", "--set", "consumer.mode=batch"}, `consumer.mode: "batch" is not one of`},
		{[]string{"--preset", "order-events", "--set", "topic.partitons=3"}, `topic.partitons: unknown field (did you mean "partitions"?)`},
		{[]string{"--preset", "nope"}, `unknown preset "nope"`},
		{[]string{"--preset", "x/../order-events"}, `unknown preset "x/../order-events" (want one of order-events, `},
		{[]string{}, "exactly one of --preset NAME or --scenario FILE"},
		{[]string{"--preset", "a", "--scenario", "b"}, "exactly one of"},
		{[]string{"--scenario", "/no/such/file.json"}, "no such file"},
		{[]string{"--preset", "order-events", "--max-violations", "orders=1"}, `scope "orders"`},
		{[]string{"--preset", "order-events", "--set", "nonsense"}, "want path=value"},
		// Too much work is refused before anything runs.
		{[]string{"--preset", "order-events", "--set", "duration_s=86400", "--set", "workload.orders_per_s=1000000"},
			"duration_s: duration_s × workload.orders_per_s × 3 events per order = 86400 × 1000000 × 3 = 2.6e11 events; the limit on the command line is 1e9"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(append([]string{"simulate"}, c.args...)...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing", c.args, code, out)
		}
		if !strings.Contains(errOut, c.want) {
			t.Errorf("%v: stderr %q does not say %q", c.args, errOut, c.want)
		}
	}
}

func TestSimulateListsPresets(t *testing.T) {
	code, out, _ := runCLI("simulate", "--list")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, name := range scenario.PresetNames() {
		if !strings.Contains(out, name+" ") {
			t.Errorf("--list misses %s", name)
		}
	}
}
