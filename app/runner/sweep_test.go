package runner

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"partitionlab/app/share"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// testSweep is a small sweep: the default scenario, shortened, over four
// partition counts with two seeds.
func testSweep(t *testing.T) sweep.Definition {
	t.Helper()
	doc, err := scenario.PresetJSON("order-events")
	if err != nil {
		t.Fatal(err)
	}
	a, err := sweep.ParseVary("topic.partitions=3,6,12,24")
	if err != nil {
		t.Fatal(err)
	}
	return sweep.Definition{Scenario: doc, Sets: []string{"duration_s=5"}, Vary: []sweep.Axis{a}, Seeds: 2}
}

// Two workers given the runs in any split and order give, once assembled,
// the sweep the command line's RunAll gives: same points, same digests.
func TestSweepRunsInWorkersMatchRunAll(t *testing.T) {
	def := testSweep(t)
	plan, err := sweep.NewPlan(def, scenario.BrowserLimits())
	if err != nil {
		t.Fatal(err)
	}
	want, err := sweep.RunAll(plan, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	runs := make([]sweep.Run, plan.Runs())
	clock := &fakeClock{t: time.Unix(0, 0)}
	for w, share := range [][]int{{7, 0, 5}, {2, 6, 1, 3, 4}} {
		var s Service
		// Sent in two requests, as the page sends a run when one ends.
		if got := s.Handle(Request{Kind: KindSweep, ID: 9, Sweep: &def, Runs: share[:1]}, clock.now()); len(got) != 0 {
			t.Fatalf("worker %d: %+v", w, got)
		}
		s.Handle(Request{Kind: KindSweep, ID: 9, Sweep: &def, Runs: share[1:]}, clock.now())
		var order []int
		for _, r := range drain(t, &s, clock) {
			if r.Kind != KindSweepRun || r.ID != 9 || r.SweepRun == nil {
				t.Fatalf("worker %d: reply %+v", w, r)
			}
			runs[r.Index] = *r.SweepRun
			order = append(order, r.Index)
			checkPointLink(t, r, want.Points[r.Index/def.Seeds].Digests[0], def.Seeds)
		}
		if !reflect.DeepEqual(order, share) {
			t.Errorf("worker %d ran %v, want %v in the order sent", w, order, share)
		}
	}
	got, err := plan.Assemble(runs)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the workers' sweep differs from RunAll's:\n got %+v\nwant %+v", got.Points, want.Points)
	}
}

// A cancelled sweep stops; a bad run index is refused by name.
func TestSweepCancelAndBadIndex(t *testing.T) {
	def := testSweep(t)
	var s Service
	clock := &fakeClock{t: time.Unix(0, 0)}
	got := s.Handle(Request{Kind: KindSweep, ID: 4, Sweep: &def, Runs: []int{0, 99}}, clock.now())
	if len(got) != 1 || got[0].Kind != KindError || got[0].Index != 99 {
		t.Fatalf("run 99 of 8: %+v", got)
	}
	s.Handle(Request{Kind: KindCancel, ID: 4}, clock.now())
	if s.Busy() {
		t.Error("the sweep goes on after its cancel")
	}
	if got := s.Handle(Request{Kind: KindSweep, ID: 5, Runs: []int{0}}, clock.now()); len(got) != 1 || got[0].Kind != KindError {
		t.Errorf("a sweep request without its sweep: %+v", got)
	}
}

// A plan request is checked in the worker as sweep.NewPlan checks it: the
// facts it answers make the page's plan, and a sweep with a bad point
// answers its problems, naming the point, the setting and the range.
func TestSweepPlanInWorker(t *testing.T) {
	def := testSweep(t)
	var s Service
	got := s.Handle(Request{Kind: KindPlan, ID: 3, Sweep: &def}, time.Now())
	if len(got) != 1 || got[0].Kind != KindPlanned || got[0].ID != 3 || got[0].Checked == nil {
		t.Fatalf("plan: %+v", got)
	}
	want, err := sweep.NewPlan(def, scenario.BrowserLimits())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got[0].Checked, want.Checked()) {
		t.Errorf("checked %+v, want %+v", *got[0].Checked, want.Checked())
	}
	if s.Busy() {
		t.Error("the worker is busy after a plan")
	}
	bad, err := sweep.ParseVary("topic.partitions=0,6")
	if err != nil {
		t.Fatal(err)
	}
	def.Vary = []sweep.Axis{bad}
	got = s.Handle(Request{Kind: KindPlan, ID: 4, Sweep: &def}, time.Now())
	if len(got) != 1 || got[0].Kind != KindPlanned || got[0].Checked != nil || len(got[0].Problems) == 0 {
		t.Fatalf("bad plan: %+v", got)
	}
	if p := got[0].Problems[0]; !strings.Contains(p, "point 1") || !strings.Contains(p, "topic.partitions") {
		t.Errorf("problem %q names neither the point nor the setting", p)
	}
}

// checkPointLink checks a run's link: a point's first seed carries the
// address that opens exactly that run (the same digest), the other seeds
// none.
func checkPointLink(t *testing.T, r Reply, digest string, seeds int) {
	t.Helper()
	if r.Index%seeds != 0 {
		if r.Link != "" {
			t.Errorf("run %d (not a first seed) has a link", r.Index)
		}
		return
	}
	l, err := share.Parse("#"+r.Link, "")
	if err != nil {
		t.Fatalf("run %d's link %q: %v", r.Index, r.Link, err)
	}
	sc, err := scenario.ParseScenario(l.Document)
	if l.Preset != "" {
		sc, err = scenario.Preset(l.Preset)
	}
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	if res.Digest != digest {
		t.Errorf("run %d's link runs digest %s, want %s", r.Index, res.Digest, digest)
	}
}
