package lessons

import (
	"encoding/json"
	"slices"
)

// Lesson is one guided lesson: a question and the steps that answer it,
// one idea per step. Lessons are data: each is a JSON file under data/,
// named NN-id.json.
type Lesson struct {
	// ID is the lesson's slug, used in links (/learn/hot-customer).
	ID string `json:"id"`
	// Number orders the lessons, from 1 without gaps.
	Number   int    `json:"number"`
	Title    string `json:"title"`
	Question string `json:"question"`
	Steps    []Step `json:"steps"`
	// File is the data file the lesson came from, for error messages.
	File string `json:"-"`
}

// Step is one idea: a short text, something to run, the controls the
// learner is invited to change, what to look at, what they should see,
// and the checks that keep that promise honest.
type Step struct {
	// Title is a heading of a few words.
	Title string `json:"title"`
	// Text explains the idea in plain words.
	Text string `json:"text"`

	// Exactly one of the following says what the step runs.
	ScenarioRef *ScenarioRef    `json:"scenario,omitempty"`
	KeyTable    *KeyTableInput  `json:"key_table,omitempty"`
	MovedKeys   *MovedKeysInput `json:"moved_keys,omitempty"`
	Sizing      *SizingInput    `json:"sizing,omitempty"`

	// Controls are the one or two inputs the learner is invited to change.
	Controls []Control `json:"controls"`
	// LookAt names the views that show the effect (see Views).
	LookAt []string `json:"look_at"`
	// Expect is what the learner should see, in one or two sentences.
	Expect string `json:"expect"`
	// Simplification, when set, says honestly where the simulator is
	// simpler than Kafka in a way this step depends on.
	Simplification string `json:"simplification,omitempty"`
	// Checks are Expect in machine-checkable form.
	Checks []Check `json:"checks"`
}

// ScenarioRef is the scenario a simulation step runs: a built-in preset or
// an inline document, with path=value changes as sim.ParseScenarioWithSets
// (and the command line's --set) apply them.
type ScenarioRef struct {
	Preset   string          `json:"preset,omitempty"`
	Document json.RawMessage `json:"document,omitempty"`
	Sets     []string        `json:"sets,omitempty"`
	// Rejected says the engine must refuse this scenario, as Kafka refuses
	// the change it describes; the step shows the error.
	Rejected bool `json:"rejected,omitempty"`
}

// Control is an input the learner may change. Path is where it lives in
// the step's input (the scenario for a simulation step), in the form
// sim.ParseScenarioWithSets accepts. Either Values lists the choices or
// Min, Max and Step bound a number.
type Control struct {
	Path  string `json:"path"`
	Label string `json:"label"`
	Unit  string `json:"unit,omitempty"`
	// Setting is the Kafka setting the control stands for, spelt as in
	// Kafka's documentation (max.poll.records), or the concept when there
	// is no setting (key choice).
	Setting string   `json:"setting"`
	Values  []any    `json:"values,omitempty"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Step    *float64 `json:"step,omitempty"`
}

// Check is one promise about a step's output. Path is an expression over
// the output's JSON (load.hottest_share, len(consumers.members),
// partitions[load.hottest_partition].end_lag; see expr.go); it is compared
// with Op to either a JSON Value or another expression Expr, which may
// name earlier steps (0.9 * step1.load.max_over_mean) and the step's own
// input (input.consumer.concurrency). A path with * must hold for every
// value it finds.
type Check struct {
	// Claim is the promise in words, as the learner would read it.
	Claim string `json:"claim"`
	Path  string `json:"path"`
	// Op is ==, !=, <, <=, >, >= or contains.
	Op    string          `json:"op"`
	Value json.RawMessage `json:"value,omitempty"`
	Expr  string          `json:"expr,omitempty"`
	// Tolerance makes == and != numeric comparisons approximate.
	Tolerance float64 `json:"tolerance,omitempty"`
}

// StepKind is what a step runs.
type StepKind string

// The kinds of step.
const (
	// KindSimulate runs a scenario in the engine.
	KindSimulate StepKind = "simulate"
	// KindKeyTable computes where keys land (hashcore).
	KindKeyTable StepKind = "key_table"
	// KindMovedKeys computes how many keys change partition when the
	// partition count changes.
	KindMovedKeys StepKind = "moved_keys"
	// KindSizing is the partition-count calculator.
	KindSizing StepKind = "sizing"
)

// Kind says what the step runs, or "" when it names nothing (or more than
// one thing; loading rejects both).
func (s Step) Kind() StepKind {
	var kinds []StepKind
	if s.ScenarioRef != nil {
		kinds = append(kinds, KindSimulate)
	}
	if s.KeyTable != nil {
		kinds = append(kinds, KindKeyTable)
	}
	if s.MovedKeys != nil {
		kinds = append(kinds, KindMovedKeys)
	}
	if s.Sizing != nil {
		kinds = append(kinds, KindSizing)
	}
	if len(kinds) != 1 {
		return ""
	}
	return kinds[0]
}

// View is a chart or card of the lesson page. A step's LookAt names the
// ones that show its effect; the UI draws them.
type View struct {
	Name string
	// Kinds are the step kinds that can show it.
	Kinds []StepKind
	// About says what the view shows.
	About string
}

// Views lists every view a step may point at.
func Views() []View {
	simulate := []StepKind{KindSimulate}
	return []View{
		{"load", simulate, "records per partition, and the load card (max/mean, empty partitions, hottest share)"},
		{"lag", simulate, "records waiting per partition over time"},
		{"throughput", simulate, "records produced and processed per partition over time"},
		{"violations", simulate, "ordering violations per scope and cause, with the first examples explained"},
		{"members", simulate, "each consumer thread: its partitions over time and how busy it was"},
		{"rebalances", simulate, "each rebalance: cause, protocol, partitions moved, members paused"},
		{"group-events", simulate, "notable group events: members removed, failed commits, exceptions"},
		{"duplicates", simulate, "records processed twice and records lost"},
		{"latency", simulate, "time from send() to the end of processing"},
		{"producers", simulate, "records sent and produce retries per producer"},
		{"timeline", simulate, "the planned changes and when they happened"},
		{"error", simulate, "why the engine refused the scenario, next to the field"},
		{"key-table", []StepKind{KindKeyTable}, "each key's bytes and partition per serializer and client"},
		{"moved-keys", []StepKind{KindMovedKeys}, "how many keys change partition from one partition count to another"},
		{"sizing", []StepKind{KindSizing}, "the partition count the sizing rule gives, and its inputs"},
	}
}

func viewFits(name string, k StepKind) (known, fits bool) {
	for _, v := range Views() {
		if v.Name == name {
			return true, slices.Contains(v.Kinds, k)
		}
	}
	return false, false
}
