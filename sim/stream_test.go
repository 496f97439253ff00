package sim

import (
	"path/filepath"
	"testing"

	"partitionlab/sim/scenario"
)

// runForked runs a scenario with the stream forking whenever the logs keep
// more than keep records.
func runForked(t *testing.T, sc scenario.Scenario, keep int64) *Result {
	t.Helper()
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	s.forkAt = keep
	for !s.Advance(1 << 16) {
	}
	return s.Result()
}

// TestForkedStreamGivesTheSameRun: keeping only a few records and sending
// the rest again when a consumer reaches them must not change anything a
// person sees: every preset and scenario file gives the same digest.
func TestForkedStreamGivesTheSameRun(t *testing.T) {
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
	for _, sc := range scenarios {
		want, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		for _, keep := range []int64{0, 100} {
			if got := runForked(t, sc, keep); got.Digest != want.Digest {
				t.Errorf("%s, forked at %d records kept: digest %s, want %s\n got %+v\nwant %+v", sc.Name, keep, got.Digest, want.Digest, summarize(got), summarize(want))
			}
		}
	}
}

// TestForkedLagCountsEveryAppend: forked, a partition's lag is counted
// from the append times the logs no longer keep. A world of the invariant
// generator (conservation.partitions-b9a1b2a540) ended with 263 records in
// no partition's end lag: the quiet partitions, whose old append times had
// been let go, counted their remaining times from the wrong offset.
func TestForkedLagCountsEveryAppend(t *testing.T) {
	sc, err := scenario.ParseScenario([]byte(`{"seed":13210412119743845702,"duration_s":3.2,"topic":{"partitions":7},
		"workload":{"orders_per_s":48900,"customers":7,"events_per_order":["CREATED","PAID"]},
		"producers":[{"key":"salted_customer_id","salting":{"hot_customers":2,"buckets":5,"bucket_source":"random"}}],
		"consumer":{"concurrency":2,"max_poll_records":1,"new_group":true}}`))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range []int64{0, forkAt} {
		r := runForked(t, sc, keep)
		var rest int64
		for _, p := range r.Partitions {
			rest += p.Produced - p.Processed - p.EndLag
		}
		if rest != r.Lost {
			t.Errorf("forked at %d records kept: produced - processed - end lag is %d over the partitions, lost %d", keep, rest, r.Lost)
		}
		if r.Digest != want.Digest {
			t.Errorf("forked at %d records kept: digest %s, want %s", keep, r.Digest, want.Digest)
		}
	}
}
