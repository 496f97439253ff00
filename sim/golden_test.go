package sim

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// go test ./sim -run Golden -update rewrites the expected summaries.
var update = flag.Bool("update", false, "rewrite the expected summaries under testdata")

// summaryOf is the part of a result a reviewer reads in a diff: if the
// digest changes, the numbers beside it say what changed.
type summaryOf struct {
	Digest          string                  `json:"digest"`
	EventsProduced  int64                   `json:"events_produced"`
	EventsProcessed int64                   `json:"events_processed"`
	Load            Load                    `json:"load"`
	Violations      map[string]int64        `json:"violations"`
	Causes          map[string][]CauseCount `json:"causes"`
	Duplicates      int64                   `json:"duplicates"`
	Lost            int64                   `json:"lost"`
	LatencyMs       Latency                 `json:"latency_ms"`
	IdleThreads     int                     `json:"idle_threads"`
	MaxLag          int64                   `json:"max_lag"`
}

func summarize(r *Result) summaryOf {
	s := summaryOf{Digest: r.Digest, EventsProduced: r.EventsProduced, EventsProcessed: r.EventsProcessed,
		Load: r.Load, Duplicates: r.Duplicates, Lost: r.Lost, LatencyMs: r.LatencyMs,
		IdleThreads: r.Consumers.IdleThreads, Violations: map[string]int64{}, Causes: map[string][]CauseCount{}}
	for name, sc := range map[string]ScopeResult{"order": r.Ordering.Scopes.Order, "customer": r.Ordering.Scopes.Customer, "key": r.Ordering.Scopes.Key} {
		s.Violations[name] = sc.Violations
		if len(sc.ByCause) > 0 {
			s.Causes[name] = sc.ByCause
		}
	}
	for _, p := range r.Partitions {
		s.MaxLag = max(s.MaxLag, p.MaxLag)
	}
	return s
}

// checkGolden compares a result's summary with the file beside its scenario.
func checkGolden(t *testing.T, r *Result, path string) {
	t.Helper()
	got, _ := json.MarshalIndent(summarize(r), "", "  ")
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./sim -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from this run (same scenario and seed must give the same result on every platform):\n got: %s\nwant: %s", path, got, want)
	}
}

// scenarioFiles lists the scenario files under testdata/scenarios, without
// their expected summaries.
func scenarioFiles(t testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join("testdata", "scenarios", "*.json"))
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".summary.json") {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Fatal("no scenario files under testdata/scenarios")
	}
	return out
}

// everyScenario is every preset and every scenario file (named by its
// file), for the tests that run them all another way and compare digests.
func everyScenario(t testing.TB) []scenario.Scenario {
	t.Helper()
	var scenarios []scenario.Scenario
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		scenarios = append(scenarios, sc)
	}
	for _, f := range scenarioFiles(t) {
		sc := readScenario(t, f)
		sc.Name = filepath.Base(f)
		scenarios = append(scenarios, sc)
	}
	return scenarios
}

// readScenario reads and validates a scenario file.
func readScenario(t testing.TB, f string) scenario.Scenario {
	t.Helper()
	doc, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.ParseScenario(doc)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestGoldenPresets runs every built-in scenario against its expected
// summary. The same files are checked natively and under node, so equal
// digests prove that WebAssembly computes the same run.
func TestGoldenPresets(t *testing.T) {
	for _, name := range scenario.PresetNames() {
		t.Run(name, func(t *testing.T) {
			r := runPreset(t, name)
			checkGolden(t, r, filepath.Join("testdata", "presets", name+".summary.json"))
		})
	}
}

// TestGoldenScenarios runs the scenario files under testdata/scenarios,
// each with its expected summary beside it.
func TestGoldenScenarios(t *testing.T) {
	for _, f := range scenarioFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r, err := Run(readScenario(t, f))
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, r, strings.TrimSuffix(f, ".json")+".summary.json")
		})
	}
}
