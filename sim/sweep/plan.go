package sweep

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"partitionlab/sim/scenario"
)

// MaxSeeds is the most seeds a point runs with.
const MaxSeeds = 10

// Definition is a sweep: the scenario it starts from, the changes made to
// every point, what varies, the seeds per point and the requirements. It
// is plain JSON, so a page can hand it to its workers and keep it in its
// address.
type Definition struct {
	// Scenario is the scenario document the sweep starts from.
	Scenario json.RawMessage `json:"scenario"`
	// Sets are path=value changes made to every point, as --set makes them.
	Sets []string `json:"sets,omitempty"`
	// Vary are the one or two settings that vary.
	Vary []Axis `json:"vary"`
	// Seeds is how many seeds each point runs with (1..10): the scenario's
	// seed, then seed+1, and so on. The first seed's run is the scenario
	// as it is, so a point opens in Simulate as exactly that run.
	Seeds int `json:"seeds"`
	// Require are the team's requirements; none gives no recommendation.
	Require []Requirement `json:"require,omitempty"`
	// Scope is the ordering scope of the frontier (order, customer or
	// key); empty is the scope of the first violations requirement, else
	// order.
	Scope string `json:"scope,omitempty"`
}

// Plan is a checked sweep, ready to run: every point's scenario is built
// and valid, and the whole sweep is within the work limits.
type Plan struct {
	def    Definition
	scope  string
	points []*planned
	limits scenario.Limits
	// Work is the whole sweep's estimated work: every point's, times the
	// seeds.
	Work scenario.Work
}

// planned is one point: its values (one per varied setting) and its
// scenario with the first seed, built once, when first asked for.
type planned struct {
	values []Value
	once   sync.Once
	sc     scenario.Scenario
	err    error
	// facts are the point's cost and seed, when known (NewCheckedPlan,
	// or read from sc).
	known bool
	facts PointFacts
}

// InputError is a sweep that cannot run as defined: each problem names
// the field or the point it concerns.
type InputError struct{ Problems []string }

func (e *InputError) Error() string { return strings.Join(e.Problems, "\n") }

// NewPlan checks a sweep and builds its points within the limits l (the
// command line's or the browser's, as sim defines them). Every error is an
// *InputError; nothing has run.
func NewPlan(def Definition, l scenario.Limits) (*Plan, error) {
	if err := checkShape(def); err != nil {
		return nil, err
	}
	if _, err := scenario.DecodeObject(def.Scenario); err != nil {
		return nil, &InputError{Problems: strings.Split(err.Error(), "\n")}
	}
	p := newPlan(def, l)
	var refusals []string // each refused point's problems, one a line
	var problems []string
	for k := range p.points {
		if _, err := p.scenario(k); err != nil {
			refusals = append(refusals, err.Error())
			if len(refusals) <= pointsNamed {
				for _, line := range strings.Split(err.Error(), "\n") {
					problems = append(problems, fmt.Sprintf("point %d (%s): %s", k+1, p.pointText(k), line))
				}
			}
		}
	}
	switch {
	case len(refusals) == len(p.points) && allSame(refusals):
		// The scenario or a --set is wrong whatever the values: say it once.
		return nil, &InputError{Problems: strings.Split(refusals[0], "\n")}
	case len(refusals) > pointsNamed:
		problems = append(problems, fmt.Sprintf("and %d more points are refused", len(refusals)-pointsNamed))
	}
	if len(problems) > 0 {
		return nil, &InputError{Problems: problems}
	}
	if err := p.checkWork(l); err != nil {
		return nil, err
	}
	return p, nil
}

// NewWorkerPlan is a plan for a worker that runs some of a sweep's runs
// (a Web Worker in the browser): the page has checked the sweep with
// NewPlan, so the worker checks only the definition's shape, and builds a
// point's scenario when it first runs one of its seeds. Its Run gives
// what NewPlan's gives.
func NewWorkerPlan(def Definition, l scenario.Limits) (*Plan, error) {
	if err := checkShape(def); err != nil {
		return nil, err
	}
	return newPlan(def, l), nil
}

// newPlan lists the sweep's points, their scenarios not built yet.
func newPlan(def Definition, l scenario.Limits) *Plan {
	p := &Plan{def: def, scope: scopeOf(def), limits: l}
	for _, values := range product(def.Vary) {
		p.points = append(p.points, &planned{values: values})
	}
	return p
}

// scenario is point k's scenario with the first seed: the sweep's
// scenario with its --set changes, then the point's values, checked
// within the plan's limits.
func (p *Plan) scenario(k int) (scenario.Scenario, error) {
	pt := p.points[k]
	pt.once.Do(func() {
		sets := append([]string(nil), p.def.Sets...)
		for a, v := range pt.values {
			sets = append(sets, p.def.Vary[a].Path+"="+string(v))
		}
		pt.sc, pt.err = scenario.ParseScenarioWithin(p.def.Scenario, sets, p.limits)
	})
	return pt.sc, pt.err
}

// pointsNamed is how many refused points an error names.
const pointsNamed = 3

func allSame(ss []string) bool {
	for _, s := range ss {
		if s != ss[0] {
			return false
		}
	}
	return len(ss) > 0
}

// checkShape checks the definition's own fields.
func checkShape(def Definition) error {
	var problems []string
	if n := len(def.Vary); n < 1 || n > 2 {
		problems = append(problems, fmt.Sprintf("vary: %d settings; a sweep varies 1 or 2", n))
	}
	points := 1
	for i, a := range def.Vary {
		switch {
		case a.Path == "":
			problems = append(problems, fmt.Sprintf("vary[%d]: no path", i))
		case len(a.Values) == 0 || len(a.Values) > MaxValues:
			problems = append(problems, fmt.Sprintf("vary[%d] %s: %d values; a setting takes 1..%d", i, a.Path, len(a.Values), MaxValues))
		case i == 1 && a.Path == def.Vary[0].Path:
			problems = append(problems, fmt.Sprintf("vary[1] %s: the same setting twice; vary two different settings", a.Path))
		}
		points *= max(len(a.Values), 1)
	}
	if points > MaxPoints {
		problems = append(problems, fmt.Sprintf("vary: %d points; a sweep has at most %d (fewer values)", points, MaxPoints))
	}
	if def.Seeds < 1 || def.Seeds > MaxSeeds {
		problems = append(problems, fmt.Sprintf("seeds: %d is not in 1..%d", def.Seeds, MaxSeeds))
	}
	if s := def.Scope; s != "" && s != "order" && s != "customer" && s != "key" {
		problems = append(problems, fmt.Sprintf("scope: %q is not one of %s", s, strings.Join(Scopes(), ", ")))
	}
	if len(def.Scenario) == 0 {
		problems = append(problems, "scenario: no scenario document")
	}
	if len(problems) > 0 {
		return &InputError{Problems: problems}
	}
	return nil
}

// scopeOf is the frontier's ordering scope: the one asked for, else the
// first one a requirement names, else order.
func scopeOf(def Definition) string {
	if def.Scope != "" {
		return def.Scope
	}
	for _, q := range def.Require {
		if s, ok := strings.CutPrefix(q.Word, "violations."); ok {
			return s
		}
	}
	return "order"
}

// product lists the points: each value of the first setting, and for two
// settings each pair, the second setting varying fastest.
func product(axes []Axis) [][]Value {
	out := [][]Value{nil}
	for _, a := range axes {
		var next [][]Value
		for _, prefix := range out {
			for _, v := range a.Values {
				next = append(next, append(append([]Value(nil), prefix...), v))
			}
		}
		out = next
	}
	return out
}

// valuesText writes a point's values as --set writes them:
// "topic.partitions=12, consumer.concurrency=4".
func valuesText(axes []Axis, values []Value) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = axes[i].Path + "=" + string(v)
	}
	return strings.Join(parts, ", ")
}

// checkWork refuses a sweep whose points together are more work than l
// allows: each point is within l on its own, the sum may not be.
func (p *Plan) checkWork(l scenario.Limits) error {
	seeds := float64(p.def.Seeds)
	for _, pt := range p.points {
		w := scenario.EstimateWork(pt.sc) // built by NewPlan
		p.Work.Events += w.Events * seeds
		p.Work.Assignment += w.Assignment * seeds
	}
	runs := fmt.Sprintf("%d points × %d seeds = %d runs", len(p.points), p.def.Seeds, p.Runs())
	var problems []string
	if !(p.Work.Events <= l.MaxEvents) {
		problems = append(problems, fmt.Sprintf("the sweep: %s, %s events in all; the limit %s is %s (fewer values or seeds, a shorter duration_s or fewer workload.orders_per_s)",
			runs, fmtBig(p.Work.Events), l.Where, fmtBig(l.MaxEvents)))
	}
	if !(p.Work.Assignment <= l.MaxAssignment) {
		problems = append(problems, fmt.Sprintf("the sweep: %s, %s assignment steps in all; the limit %s is %s (fewer values or seeds, fewer consumer threads or partitions)",
			runs, fmtBig(p.Work.Assignment), l.Where, fmtBig(l.MaxAssignment)))
	}
	if len(problems) > 0 {
		return &InputError{Problems: problems}
	}
	return nil
}

// fmtBig writes a large count as 2.6e11, a small one in full, as sim's
// budget messages do.
func fmtBig(v float64) string {
	if v < 1e6 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	s := strconv.FormatFloat(v, 'g', 2, 64)
	return strings.NewReplacer("e+0", "e", "e+", "e").Replace(s)
}

// Points is how many points the sweep has.
func (p *Plan) Points() int { return len(p.points) }

// Runs is how many runs the sweep makes: points × seeds.
func (p *Plan) Runs() int { return len(p.points) * p.def.Seeds }

// Definition is the sweep the plan was made from.
func (p *Plan) Definition() Definition { return p.def }

// Scope is the ordering scope of the frontier.
func (p *Plan) Scope() string { return p.scope }

// Scenario is the scenario of run i (point i / seeds, seed i % seeds), as
// Simulate runs it: the point's scenario with that seed.
func (p *Plan) Scenario(i int) (scenario.Scenario, error) {
	if i < 0 || i >= p.Runs() {
		return scenario.Scenario{}, fmt.Errorf("run %d is not in 0..%d", i, p.Runs()-1)
	}
	sc, err := p.scenario(i / p.def.Seeds)
	if err != nil {
		return scenario.Scenario{}, fmt.Errorf("point %d (%s): %w", i/p.def.Seeds+1, p.pointText(i/p.def.Seeds), err)
	}
	sc.Seed += uint64(i % p.def.Seeds)
	return sc, nil
}
