package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

var update = flag.Bool("update", false, "rewrite the expected outputs under testdata")

// The sweep command's outputs, each checked against testdata/sweep/NAME.txt
// (go test -run TestSweepGolden -update rewrites them).
func TestSweepGolden(t *testing.T) {
	salting := []string{"--preset", "hot-customer-salted", "--set", "duration_s=5", "--vary", "producers.0.salting.buckets=1,2,4,8"}
	cases := []struct {
		name string
		args []string
	}{
		{"salting-text", append(salting, "--seeds", "2", "--require", "violations.order=0", "--require", "load<=2", "--scope", "customer")},
		{"salting-json", append(salting, "--seeds", "2", "--require", "violations.order=0", "--require", "load<=2", "--json")},
		{"salting-csv", append(salting, "--seeds", "2", "--csv")},
		{"salting-none-meets", append(salting, "--require", "violations.customer=0", "--require", "load<=1.5")},
		{"grid-text", []string{"--preset", "thread-pool", "--set", "duration_s=5", "--vary", "topic.partitions=6,12",
			"--vary", "consumer.concurrency=2..6:2", "--require", "violations.order=0", "--require", "p99_ms<=100"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(append([]string{"sweep"}, c.args...)...)
			got := fmt.Sprintf("# partitionlab sweep %s\nexit %d\n--- stderr\n%s--- stdout\n%s", strings.Join(c.args, " "), code, errOut, out)
			path := filepath.Join("testdata", "sweep", c.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -run TestSweepGolden -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("the output differs from %s (go test -run TestSweepGolden -update rewrites it):\n%s", path, got)
			}
		})
	}
}

// --json is the sweep: each point's first digest is `simulate --json`'s
// for the point's scenario.
func TestSweepJSONDigestsAreSimulatesDigests(t *testing.T) {
	code, out, errOut := runCLI("sweep", "--preset", "order-events", "--set", "duration_s=5", "--vary", "topic.partitions=6,12", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var s struct {
		Seeds  int `json:"seeds"`
		Points []struct {
			Values  map[string]int `json:"values"`
			Digests []string       `json:"digests"`
		} `json:"points"`
		Frontier    []int           `json:"frontier"`
		Recommended json.RawMessage `json:"recommended"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Seeds != 1 || len(s.Points) != 2 || string(s.Recommended) != "null" {
		t.Fatalf("%+v", s)
	}
	doc, _ := scenario.PresetJSON("order-events")
	for _, pt := range s.Points {
		sc, err := scenario.ParseScenarioWithSets(doc, []string{"duration_s=5", fmt.Sprintf("topic.partitions=%d", pt.Values["topic.partitions"])})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := sim.Run(sc)
		if pt.Digests[0] != r.Digest {
			t.Errorf("%v: digest %s, simulate's %s", pt.Values, pt.Digests[0], r.Digest)
		}
	}
}

func TestSweepBadInputNamesTheField(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=0..x"}, `--vary topic.partitions=0..x: "x" is not a number`},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=8..1"}, "--vary topic.partitions=8..1: from 8 is above to 1"},
		{[]string{"--preset", "order-events"}, "give --vary PATH=SPEC once or twice (got 0)"},
		{[]string{"--preset", "order-events", "--vary", "a=1", "--vary", "b=1", "--vary", "c=1"}, "once or twice (got 3)"},
		{[]string{"--vary", "topic.partitions=1,2"}, "give exactly one of --preset NAME or --scenario FILE"},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=1,2", "--seeds", "11"}, "--seeds: 11 is not in 1..10"},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=1,2", "--require", "balance<=1"}, `--require "balance<=1": "balance" is not a measure`},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=1,2", "--scope", "orders"}, `partitionlab sweep: --scope: "orders" is not one of order, customer, key`},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=1,2", "--json", "--csv"}, "at most one of --json or --csv"},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=0,2"}, "point 1 (topic.partitions=0): topic.partitions: 0 is not in 1..10000"},
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=1,2", "--set", "topic.partitons=3"}, `partitionlab sweep: topic.partitons: unknown field`},
		// Each point is within the budget (1.8e7 events); together they are not.
		{[]string{"--preset", "order-events", "--vary", "topic.partitions=1..100", "--seeds", "10", "--set", "workload.orders_per_s=10000"},
			"the sweep: 100 points × 10 seeds = 1000 runs, 1.8e9 events in all; the limit on the command line is 1e9"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(append([]string{"sweep"}, c.args...)...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing", c.args, code, out)
		}
		if !strings.Contains(errOut, c.want) {
			t.Errorf("%v: stderr %q does not say %q", c.args, errOut, c.want)
		}
	}
}

// Exit 3 names the closest point on stderr, with the table printed.
func TestSweepNoPointMeetsExitsThree(t *testing.T) {
	code, out, errOut := runCLI("sweep", "--preset", "thread-pool", "--set", "duration_s=5", "--vary", "consumer.concurrency=2,4", "--require", "violations.order=0")
	if code != 3 || out == "" || !strings.Contains(errOut, "No point meets every requirement (violations.order=0); the closest is consumer.concurrency=") {
		t.Errorf("exit %d, stdout %d bytes, stderr %q", code, len(out), errOut)
	}
	if !bytes.Contains([]byte(out), []byte("the closest is")) {
		t.Errorf("stdout lacks the sentence")
	}
}

func TestSweepWritesMarkdownWithChartsAndHTML(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "sweep.md")
	args := []string{"sweep", "--preset", "hot-customer-salted", "--set", "duration_s=5", "--vary", "producers.0.salting.buckets=1,4", "--require", "violations.order=0"}
	if code, _, errOut := runCLI(append(args, "--markdown", md)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	text, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	for _, chart := range []string{"sweep-frontier.svg", "sweep-measure-load.svg"} {
		if !strings.Contains(string(text), "]("+chart+")") {
			t.Errorf("the Markdown does not show %s", chart)
		}
		if svg, err := os.ReadFile(filepath.Join(dir, chart)); err != nil || !bytes.Contains(svg, []byte("<svg")) {
			t.Errorf("%s beside the Markdown: %v", chart, err)
		}
	}
	page := filepath.Join(dir, "sweep.html")
	if code, _, errOut := runCLI(append(args, "--html", page, "--base", "https://example.org/lab/")...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if h, err := os.ReadFile(page); err != nil || !bytes.Contains(h, []byte("<svg")) || !bytes.Contains(h, []byte("Recommendation")) ||
		!bytes.Contains(h, []byte(`<a href="https://example.org/lab/#s=`)) {
		t.Errorf("the HTML review: %v", err)
	}
	missing := filepath.Join(dir, "no-such-folder", "s.html")
	if code, out, errOut := runCLI(append(args, "--html", missing)...); code != 1 || out != "" || !strings.Contains(errOut, "--html "+missing) {
		t.Errorf("a review to a missing folder: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := runCLI(append(args, "--html", page, "--markdown", md)...); code != 2 || !strings.Contains(errOut, "at most one of --markdown FILE or --html FILE") {
		t.Errorf("both reviews: exit %d, %s", code, errOut)
	}
}
