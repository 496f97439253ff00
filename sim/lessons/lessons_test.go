package lessons

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestEveryLessonKeepsItsPromises runs every step of every lesson and holds
// it to its checks. Run with -v to see what each check measured.
func TestEveryLessonKeepsItsPromises(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		t.Run(fmt.Sprintf("%02d-%s", l.Number, l.ID), func(t *testing.T) {
			steps, err := Run(l)
			if err != nil {
				t.Fatal(err)
			}
			for _, so := range steps {
				for _, c := range so.Checks {
					if !c.Passed {
						t.Errorf("step %d %q: %s: %s", so.Step, l.Steps[so.Step-1].Title, c.Check.Claim, c.Message)
						continue
					}
					t.Logf("step %d: %s", so.Step, c.Message)
				}
			}
		})
	}
}

func TestEveryLessonVerifies(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		if err := Verify(l); err != nil {
			t.Error(err)
		}
	}
}

func TestLessonsAreNumberedWithoutGapsAndUnique(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 20 {
		t.Errorf("%d lessons, want at least the 20 of issue 6", len(all))
	}
	ids := map[string]bool{}
	for i, l := range all {
		if l.Number != i+1 {
			t.Errorf("lesson %d in position %d (%s)", l.Number, i+1, l.File)
		}
		if ids[l.ID] {
			t.Errorf("id %q used twice", l.ID)
		}
		ids[l.ID] = true
	}
	if l, err := ByID(all[len(all)-1].ID); err != nil || l.Number != len(all) {
		t.Errorf("ByID(%q) = lesson %d, %v", all[len(all)-1].ID, l.Number, err)
	}
	if _, err := ByID("no-such-lesson"); err == nil {
		t.Error("ByID found a lesson that does not exist")
	}
}

// TestABrokenPromiseIsReported makes sure the harness can fail: a check
// that cannot hold, or that names a value the output lacks, is reported as
// failed with a readable message, never passed.
func TestABrokenPromiseIsReported(t *testing.T) {
	l, err := ByID("same-key-same-partition")
	if err != nil {
		t.Fatal(err)
	}
	s := l.Steps[1]
	s.Checks = []Check{
		{Claim: "impossible", Path: "load.hottest_share", Op: ">=", Value: json.RawMessage("2")},
		{Claim: "no such member", Path: "len(consumers.members.99.partitions)", Op: "==", Value: json.RawMessage("0")},
		{Claim: "every thread idle", Path: "consumers.members.*.processed", Op: "==", Value: json.RawMessage("0")},
	}
	s.ScenarioRef.Sets = append(s.ScenarioRef.Sets, "duration_s=2")
	out, err := s.Run()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"expected load.hottest_share ≥ 2, got 0.",
		"consumers.members has 6 items; there is no item 99",
		"expected every consumers.members.*.processed = 0, got ",
	}
	for i, o := range s.Evaluate(out, nil) {
		if o.Passed {
			t.Errorf("%q passed: %s", o.Check.Claim, o.Message)
		}
		if !strings.Contains(o.Message, want[i]) {
			t.Errorf("%q says %q, want it to contain %q", o.Check.Claim, o.Message, want[i])
		}
	}
}

func TestChecksCompareWithEarlierSteps(t *testing.T) {
	l, err := ByID("choose-the-key")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := Run(Lesson{ID: l.ID, Number: l.Number, Steps: l.Steps[:2]})
	if err != nil {
		t.Fatal(err)
	}
	last := steps[1].Checks[len(steps[1].Checks)-1]
	if !last.Passed || !strings.Contains(last.Message, "step1.load.max_over_mean (= ") {
		t.Errorf("comparison with step 1: %s", last.Message)
	}
	// Reversed, the same comparison must fail: step 2 is the less even one.
	l.Steps[1].Checks = []Check{{Claim: "reversed", Path: "load.max_over_mean", Op: "<", Expr: "step1.load.max_over_mean"}}
	if o := l.Steps[1].Evaluate(steps[1].Output, []*Output{steps[0].Output}); o[0].Passed {
		t.Errorf("a reversed comparison passed: %s", o[0].Message)
	}
}

func TestControlsChangeWhatRuns(t *testing.T) {
	l, err := ByID("same-key-same-partition")
	if err != nil {
		t.Fatal(err)
	}
	s := l.Steps[1]
	c := s.Controls[0]
	if v, err := s.Value(c.Path); err != nil || v != 6.0 {
		t.Fatalf("%s starts at %v (%v), want 6", c.Path, v, err)
	}
	sc, err := s.Scenario(c.Set(9))
	if err != nil || sc.Consumer.Concurrency != 9 || sc.DurationS != 10 {
		t.Fatalf("with %s: concurrency %d, duration %v (%v); want 9 threads and the step's own 10 s", c.Set(9), sc.Consumer.Concurrency, sc.DurationS, err)
	}
	doc, err := s.ScenarioJSON(c.Set(9))
	if err != nil || !strings.Contains(string(doc), `"concurrency": 9`) {
		t.Errorf("ScenarioJSON for the editor lacks the change: %v\n%s", err, doc)
	}
	table := l.Steps[0]
	out, err := table.Run(table.Controls[0].Set(24))
	if err != nil || out.KeyTable.Input.Partitions != 24 {
		t.Fatalf("key table with 24 partitions: %+v, %v", out, err)
	}
	if _, err := table.Run("partitions=0"); err == nil || !strings.Contains(err.Error(), "partitions") {
		t.Errorf("0 partitions: %v, want an error naming partitions", err)
	}
}
