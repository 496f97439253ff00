package sweep

import (
	"fmt"

	"partitionlab/sim/scenario"
)

// Checked is what NewPlan learns of a sweep by building every point's
// scenario, in the few numbers a plan needs to assemble the outcome: the
// work, and each point's cost and first seed. A page checks its sweep in
// a Web Worker (NewPlan there) and makes its own plan from these with
// NewCheckedPlan, so its thread never parses the points.
type Checked struct {
	Work   scenario.Work `json:"work"`
	Points []PointFacts  `json:"points"`
}

// PointFacts are one point's facts: its cost and its first seed's seed.
type PointFacts struct {
	Cost Cost   `json:"cost"`
	Seed uint64 `json:"seed"`
}

// Checked is the plan's facts, for NewCheckedPlan.
func (p *Plan) Checked() Checked {
	c := Checked{Work: p.Work, Points: make([]PointFacts, len(p.points))}
	for k := range p.points {
		c.Points[k] = p.facts(k)
	}
	return c
}

// NewCheckedPlan is the plan of def that NewPlan checked elsewhere, made
// from its facts c without building a point's scenario: Assemble gives
// what NewPlan's plan gives. Scenario still builds a point's scenario,
// when asked (to open it in Simulate).
func NewCheckedPlan(def Definition, l scenario.Limits, c Checked) (*Plan, error) {
	if err := checkShape(def); err != nil {
		return nil, err
	}
	p := newPlan(def, l)
	if len(c.Points) != len(p.points) {
		return nil, fmt.Errorf("sweep: %d points checked for %d", len(c.Points), len(p.points))
	}
	for k, f := range c.Points {
		p.points[k].known, p.points[k].facts = true, f
	}
	p.Work = c.Work
	return p, nil
}

// facts are point k's cost and seed: known, or read from its scenario
// (NewPlan built it).
func (p *Plan) facts(k int) PointFacts {
	pt := p.points[k]
	if !pt.known {
		sc, err := p.scenario(k)
		if err != nil {
			return PointFacts{}
		}
		pt.known, pt.facts = true, PointFacts{Cost: costOf(sc), Seed: sc.Seed}
	}
	return pt.facts
}
