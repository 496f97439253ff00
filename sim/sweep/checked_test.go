package sweep

import (
	"bytes"
	"encoding/json"
	"testing"

	"partitionlab/sim/scenario"
)

// A plan made from another plan's facts (as a page makes it from its
// worker's check) assembles the same outcome, byte for byte, with the
// same costs and so the same recommendation.
func TestCheckedPlanAssemblesAsNewPlan(t *testing.T) {
	def := saltingSweep(t, 2, "violations.customer=0")
	p := mustPlan(t, def)
	runs := make([]Run, p.Runs())
	for i := range runs {
		r, err := p.Run(i)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = r
	}
	b, err := json.Marshal(p.Checked())
	if err != nil {
		t.Fatal(err)
	}
	var c Checked
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	q, err := NewCheckedPlan(def, scenario.BrowserLimits(), c)
	if err != nil {
		t.Fatal(err)
	}
	if q.Work != p.Work {
		t.Errorf("work %+v, want %+v", q.Work, p.Work)
	}
	want, got := assembled(t, p, runs), assembled(t, q, runs)
	if !bytes.Equal(got, want) {
		t.Errorf("the checked plan's sweep differs:\n%s\nwant\n%s", got, want)
	}
	if c.Points[3].Cost.SaltBuckets != 8 {
		t.Errorf("point 4's cost %+v, want 8 salt buckets", c.Points[3].Cost)
	}
}

// Facts for another sweep (another number of points) are refused.
func TestCheckedPlanRefusesOtherFacts(t *testing.T) {
	def := saltingSweep(t, 1)
	c := mustPlan(t, def).Checked()
	c.Points = c.Points[1:]
	if _, err := NewCheckedPlan(def, scenario.BrowserLimits(), c); err == nil {
		t.Error("facts of 3 points accepted for a sweep of 4")
	}
}

func assembled(t *testing.T, p *Plan, runs []Run) []byte {
	t.Helper()
	s, err := p.Assemble(runs)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
