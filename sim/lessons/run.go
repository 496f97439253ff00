package lessons

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// Output is what a step produced. Exactly one of Result, Rejection,
// KeyTable, MovedKeys and Sizing is set.
type Output struct {
	Kind StepKind
	// Scenario is the scenario a simulation step ran.
	Scenario *scenario.Scenario
	Result   *sim.Result
	// Rejection is the engine's refusal (scenario.FieldErrors) of a scenario
	// that describes something Kafka refuses too.
	Rejection error
	KeyTable  *KeyTable
	MovedKeys *MovedKeys
	Sizing    *Sizing

	doc map[string]any
}

// simDoc is what checks of a simulation step read: the result, and the
// scenario that produced it under "input".
type simDoc struct {
	*sim.Result
	Input scenario.Scenario `json:"input"`
}

// rejectedDoc is what checks of a refused scenario read.
type rejectedDoc struct {
	Error  string   `json:"error"`
	Fields []string `json:"fields"`
}

// docType is the Go type of the JSON that a step's checks read.
func docType(s Step) reflect.Type {
	switch s.Kind() {
	case KindSimulate:
		if s.ScenarioRef.Rejected {
			return reflect.TypeFor[rejectedDoc]()
		}
		return reflect.TypeFor[simDoc]()
	case KindKeyTable:
		return reflect.TypeFor[KeyTable]()
	case KindMovedKeys:
		return reflect.TypeFor[MovedKeys]()
	case KindSizing:
		return reflect.TypeFor[Sizing]()
	}
	return reflect.TypeFor[struct{}]()
}

// Run runs the step with the learner's changes (Control.Set) applied. A
// scenario the engine refuses is an Output with Rejection set, not an
// error: the lesson shows the refusal. In a browser, run the scenario in
// chunks with sim.New and Advance instead, and wrap the result with
// SimOutput.
func (s Step) Run(sets ...string) (*Output, error) {
	if s.Kind() != KindSimulate {
		return s.Calculate(sets...)
	}
	sc, err := s.Scenario(sets...)
	if err != nil {
		return rejected(err)
	}
	r, err := sim.Run(sc)
	if err != nil {
		return nil, err
	}
	return SimOutput(sc, r)
}

// errRunsInEngine is Calculate's answer for a simulation step whose
// scenario is valid: it needs the engine (Run, or sim.New in a worker).
var errRunsInEngine = errors.New("the step is a simulation: run it in the engine")

// Calculate is Run without the engine: a calculator's output, or a
// simulation step's scenario refused (Rejection set). A user interface
// that runs simulations elsewhere (the browser's worker) calls it, so the
// engine is not linked into its module.
func (s Step) Calculate(sets ...string) (*Output, error) {
	switch s.Kind() {
	case KindSimulate:
		if _, err := s.Scenario(sets...); err != nil {
			return rejected(err)
		}
		return nil, errRunsInEngine
	case KindKeyTable:
		return calculate(KindKeyTable, s.KeyTable, sets, ComputeKeyTable, func(o *Output, t *KeyTable) { o.KeyTable = t })
	case KindMovedKeys:
		return calculate(KindMovedKeys, s.MovedKeys, sets, ComputeMovedKeys, func(o *Output, m *MovedKeys) { o.MovedKeys = m })
	case KindSizing:
		return calculate(KindSizing, s.Sizing, sets, ComputeSizing, func(o *Output, z *Sizing) { o.Sizing = z })
	}
	return nil, errors.New("the step names no scenario or calculator")
}

// SimOutput wraps a finished run of a step's scenario, for a UI that ran it
// itself.
func SimOutput(sc scenario.Scenario, r *sim.Result) (*Output, error) {
	o := &Output{Kind: KindSimulate, Scenario: &sc, Result: r}
	return o, o.setDoc(simDoc{Result: r, Input: sc})
}

func rejected(err error) (*Output, error) {
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) {
		return nil, err // not the engine judging the scenario: a broken step
	}
	d := rejectedDoc{Error: fe.Error(), Fields: []string{}}
	for _, e := range fe {
		d.Fields = append(d.Fields, e.Field)
	}
	o := &Output{Kind: KindSimulate, Rejection: fe}
	return o, o.setDoc(d)
}

func calculate[In, Out any](kind StepKind, in *In, sets []string, compute func(In) (*Out, error), put func(*Output, *Out)) (*Output, error) {
	v, err := withSets(*in, sets)
	if err != nil {
		return nil, err
	}
	res, err := compute(v)
	if err != nil {
		return nil, err
	}
	o := &Output{Kind: kind}
	put(o, res)
	return o, o.setDoc(res)
}

func (o *Output) setDoc(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, &o.doc)
}

// JSON is the output as the checks read it.
func (o *Output) JSON() []byte {
	b, _ := json.Marshal(o.doc)
	return b
}

// StepOutcome is one step run and checked.
type StepOutcome struct {
	// Step counts from 1.
	Step   int
	Output *Output
	Checks []CheckOutcome
}

// Passed says every check of the step held.
func (o StepOutcome) Passed() bool {
	for _, c := range o.Checks {
		if !c.Passed {
			return false
		}
	}
	return true
}

// Run runs every step of a lesson in order and checks each against its
// promises. An error means a step could not run at all; a broken promise
// is a failed CheckOutcome.
func Run(l Lesson) ([]StepOutcome, error) {
	var outs []*Output
	var res []StepOutcome
	for i, s := range l.Steps {
		out, err := s.Run()
		if err != nil {
			return nil, fmt.Errorf("lesson %d (%s), step %d: %w", l.Number, l.ID, i+1, err)
		}
		res = append(res, StepOutcome{Step: i + 1, Output: out, Checks: s.Evaluate(out, outs)})
		outs = append(outs, out)
	}
	return res, nil
}
