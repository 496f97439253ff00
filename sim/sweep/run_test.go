package sweep

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// saltingSweep is the frontier lesson's sweep, shortened: the hot customer
// salted with 1 to 8 buckets.
func saltingSweep(t testing.TB, seeds int, require ...string) Definition {
	t.Helper()
	doc, err := scenario.PresetJSON("hot-customer-salted")
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseVary("producers.0.salting.buckets=1,2,4,8")
	if err != nil {
		t.Fatal(err)
	}
	def := Definition{Scenario: doc, Sets: []string{"duration_s=10"}, Vary: []Axis{a}, Seeds: seeds}
	for _, r := range require {
		q, err := ParseRequirement(r)
		if err != nil {
			t.Fatal(err)
		}
		def.Require = append(def.Require, q)
	}
	return def
}

func mustPlan(t testing.TB, def Definition) *Plan {
	t.Helper()
	p, err := NewPlan(def, scenario.CommandLineLimits())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sweepJSON(t testing.TB, p *Plan, procs int) []byte {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	s, err := RunAll(p, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The output is the same bytes whatever the number of cores.
func TestSweepIsTheSameOnOneAndTwoCores(t *testing.T) {
	p := mustPlan(t, saltingSweep(t, 2, "violations.order=0", "load<=1.5"))
	one, two := sweepJSON(t, p, 1), sweepJSON(t, p, 2)
	if !bytes.Equal(one, two) {
		t.Fatalf("GOMAXPROCS=1 and 2 give different sweeps:\n%s\n%s", one, two)
	}
}

// Each run is exactly the run Simulate makes of the point's scenario with
// that seed, and the first seed's is the scenario as it is.
func TestEachRunIsThatPointsSimulateRun(t *testing.T) {
	p := mustPlan(t, saltingSweep(t, 2))
	s, err := RunAll(p, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := scenario.PresetJSON("hot-customer-salted")
	sc, err := scenario.ParseScenarioWithSets(doc, []string{"duration_s=10", "producers.0.salting.buckets=4"})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := sim.Run(sc)
	pt := s.Points[2]
	if pt.Values.String() != "producers.0.salting.buckets=4" || pt.Digests[0] != r.Digest || pt.Runs[0].Seed != sc.Seed {
		t.Errorf("point 3 (%s) seed %d digest %s; simulate gives seed %d digest %s", pt.Values, pt.Runs[0].Seed, pt.Digests[0], sc.Seed, r.Digest)
	}
	sc.Seed++
	r2, _ := sim.Run(sc)
	if pt.Digests[1] != r2.Digest || pt.Digests[1] == pt.Digests[0] {
		t.Errorf("the second seed is not seed+1's run")
	}
	if pt.Cost.SaltBuckets != 4 || pt.Cost.Partitions != 12 {
		t.Errorf("cost %+v", pt.Cost)
	}
}

func TestTwoSettingsMakeAGridSecondFastest(t *testing.T) {
	def := saltingSweep(t, 1)
	b, _ := ParseVary("topic.partitions=6,12")
	def.Vary = append(def.Vary, b)
	p := mustPlan(t, def)
	if p.Points() != 8 || p.Runs() != 8 {
		t.Fatalf("%d points, %d runs; want 8", p.Points(), p.Runs())
	}
	for i, want := range []string{"producers.0.salting.buckets=1, topic.partitions=6", "producers.0.salting.buckets=1, topic.partitions=12",
		"producers.0.salting.buckets=2, topic.partitions=6"} {
		if got := p.pointText(i); got != want {
			t.Errorf("point %d is %s, want %s", i+1, got, want)
		}
	}
}

func TestBadPointsAreNamed(t *testing.T) {
	def := saltingSweep(t, 1)
	def.Vary[0], _ = ParseVary("topic.partitions=0,12,20000")
	_, err := NewPlan(def, scenario.CommandLineLimits())
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("%v: want an *InputError", err)
	}
	for _, want := range []string{"point 1 (topic.partitions=0): topic.partitions: 0 is not in 1..10000",
		"point 3 (topic.partitions=20000): topic.partitions: 20000 is not in 1..10000"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	// A problem every point has is said once.
	def.Vary[0], _ = ParseVary("topic.partitons=1,2")
	if _, err := NewPlan(def, scenario.CommandLineLimits()); err == nil || err.Error() != `topic.partitons: unknown field (did you mean "partitions"?)` {
		t.Errorf("an unknown path: %v", err)
	}
	def.Vary[0], _ = ParseVary("topic.partitions=0,-1,-2,-3,-4,12")
	if _, err := NewPlan(def, scenario.CommandLineLimits()); err == nil || !strings.Contains(err.Error(), "point 3 (topic.partitions=-2)") ||
		strings.Contains(err.Error(), "point 4") || !strings.HasSuffix(err.Error(), "and 2 more points are refused") {
		t.Errorf("five points refused: %v", err)
	}
}

func TestDefinitionShapeIsChecked(t *testing.T) {
	good := saltingSweep(t, 1)
	two, _ := ParseVary("topic.partitions=6,12")
	cases := []struct {
		edit func(*Definition)
		want string
	}{
		{func(d *Definition) { d.Seeds = 0 }, "seeds: 0 is not in 1..10"},
		{func(d *Definition) { d.Seeds = 11 }, "seeds: 11 is not in 1..10"},
		{func(d *Definition) { d.Vary = nil }, "vary: 0 settings; a sweep varies 1 or 2"},
		{func(d *Definition) { d.Vary = []Axis{two, two, two} }, "vary: 3 settings"},
		{func(d *Definition) { d.Vary = []Axis{two, two} }, "vary[1] topic.partitions: the same setting twice"},
		{func(d *Definition) { d.Scope = "orders" }, `scope: "orders" is not one of order, customer, key`},
		{func(d *Definition) { d.Scenario = []byte(`{"topic":`) }, "line 1"},
		{func(d *Definition) {
			a, _ := ParseVary("topic.partitions=1..30")
			b, _ := ParseVary("consumer.concurrency=1..30")
			d.Vary = []Axis{a, b}
		}, "vary: 900 points; a sweep has at most 400"},
	}
	for _, c := range cases {
		def := good
		c.edit(&def)
		_, err := NewPlan(def, scenario.CommandLineLimits())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v; want %q", err, c.want)
		}
	}
}

// The work budget covers the whole sweep: points each within the limit
// are refused together, before anything runs, naming the estimate.
func TestTheWorkBudgetCoversTheWholeSweep(t *testing.T) {
	def := saltingSweep(t, 10)
	def.Sets = []string{"duration_s=3600", "workload.orders_per_s=20000"} // 2.16e8 events a run
	_, err := NewPlan(def, scenario.CommandLineLimits())
	want := "the sweep: 4 points × 10 seeds = 40 runs, 8.6e9 events in all; the limit on the command line is 1e9"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want %q", err, want)
	}
	def.Seeds = 1
	if _, err := NewPlan(def, scenario.CommandLineLimits()); err != nil {
		t.Errorf("4 runs of 2.16e8 events: %v", err)
	}
	if _, err := NewPlan(def, scenario.BrowserLimits()); err == nil || !strings.Contains(err.Error(), "in the browser is 2.5e8") {
		t.Errorf("the browser's limit: %v", err)
	}
}
