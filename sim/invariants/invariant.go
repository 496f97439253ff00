package invariants

import (
	"encoding/json"
	"fmt"
	"path"
	"runtime"
	"strings"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// Outcome is what checking an invariant on one run found.
type Outcome uint8

const (
	// Held: the invariant was checked and holds.
	Held Outcome = iota
	// Broken: the run contradicts the invariant; the verdict says where.
	Broken
	// NotApplicable: the scenario is not one the invariant is about (the
	// quiet-world check on a scenario with failures).
	NotApplicable
	// NotMeasurable: the result does not carry what the invariant reads
	// (a field the engine does not report yet); it switches on by itself
	// once the result has it.
	NotMeasurable
)

var outcomeNames = [...]string{"held", "broken", "not applicable", "not measurable"}

func (o Outcome) String() string { return outcomeNames[o] }

// Verdict is one invariant's outcome on one run, with the first place it
// was broken (or why it could not be measured).
type Verdict struct {
	Invariant string
	Outcome   Outcome
	Detail    string
}

// Invariant is a named property every run must have.
type Invariant struct {
	// Name is dotted, area first: "conservation.partitions".
	Name string
	// Why says what must hold and why, for the person reading a failure.
	Why   string
	check func(r *Run) Verdict
}

// Check checks the invariant on a run.
func (inv Invariant) Check(r *Run) Verdict {
	v := inv.check(r)
	v.Invariant = inv.Name
	return v
}

// Run is one scenario run to its end, with the result's JSON decoded as a
// tree for fields the Result type may not have yet.
type Run struct {
	Scenario scenario.Scenario
	Result   *sim.Result
	tree     map[string]any

	traced    *sim.Result // the run again with every customer traced (traceAll)
	tracedWhy Verdict     // why there is no traced run, when there is none
	share     *shareLog   // the share events replayed (shareReplay)
}

// Simulate runs a scenario and keeps what the invariants read. A run that
// panics is an error naming the panic and where it happened.
func Simulate(sc scenario.Scenario) (run *Run, err error) {
	defer func() {
		if p := recover(); p != nil {
			run, err = nil, fmt.Errorf("panic: %v at %s", p, panicSite())
		}
	}()
	res, err := sim.Run(sc)
	if err != nil {
		return nil, err
	}
	return &Run{Scenario: sc, Result: res}, nil
}

// panicSite is the engine's function that panicked, from the stack of a
// deferred recover: the first frame inside package sim.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "partitionlab/sim.") {
			return fmt.Sprintf("%s (%s:%d)", strings.TrimPrefix(f.Function, "partitionlab/"), path.Base(f.File), f.Line)
		}
		if !more {
			return "an unknown place"
		}
	}
}

// RunCompletes is the invariant a run that cannot finish breaks.
const RunCompletes = "run.completes"

// RunAndCheck runs a scenario and checks invs on it. A run that fails
// (a panic) breaks run.completes and nothing else is checked.
func RunAndCheck(sc scenario.Scenario, invs []Invariant) []Verdict {
	r, err := Simulate(sc)
	if err != nil {
		return []Verdict{{Invariant: RunCompletes, Outcome: Broken, Detail: err.Error()}}
	}
	out := make([]Verdict, 0, len(invs))
	for _, inv := range invs {
		out = append(out, inv.Check(r))
	}
	return out
}

// Breaks runs a scenario and reports whether it breaks the invariant
// named name (run.completes: whether the run fails), with the verdict.
func Breaks(sc scenario.Scenario, name string) (Verdict, bool) {
	var invs []Invariant
	if name != RunCompletes {
		inv, ok := ByName(name)
		if !ok {
			return Verdict{Invariant: name, Outcome: NotMeasurable, Detail: "no invariant of that name"}, false
		}
		invs = []Invariant{inv}
	}
	vs := RunAndCheck(sc, invs)
	if len(vs) == 0 {
		return Verdict{Invariant: name, Outcome: Held}, false
	}
	return vs[0], vs[0].Outcome == Broken && vs[0].Invariant == name
}

// json is the result's JSON tree, decoded once.
func (r *Run) json() map[string]any {
	if r.tree == nil {
		b, err := json.Marshal(r.Result)
		if err == nil {
			err = json.Unmarshal(b, &r.tree)
		}
		if err != nil || r.tree == nil {
			r.tree = map[string]any{}
		}
	}
	return r.tree
}

func held() Verdict { return Verdict{Outcome: Held} }

func broken(format string, args ...any) Verdict {
	return Verdict{Outcome: Broken, Detail: fmt.Sprintf(format, args...)}
}

func notApplicable(why string) Verdict { return Verdict{Outcome: NotApplicable, Detail: why} }

func notMeasurable(why string) Verdict { return Verdict{Outcome: NotMeasurable, Detail: why} }

// All lists every invariant, in the order a failure report shows them.
func All() []Invariant {
	all := []Invariant{{Name: RunCompletes, check: func(*Run) Verdict { return held() },
		Why: "The engine runs every valid scenario within the budget to its end: no panic, no error."}}
	for _, group := range [][]Invariant{conservationInvariants(), seriesInvariants(), orderingInvariants(),
		groupInvariants(), shareInvariants(), determinismInvariants(), traceInvariants()} {
		all = append(all, group...)
	}
	return all
}

// ByName is the invariant named name.
func ByName(name string) (Invariant, bool) {
	for _, inv := range All() {
		if inv.Name == name {
			return inv, true
		}
	}
	return Invariant{}, false
}
