package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"partitionlab/sim/scenario"
)

// Sweep is a sweep's outcome: every point with its runs, the frontier and
// the recommendation. Its JSON is what `partitionlab sweep --json` prints.
type Sweep struct {
	Vary  []Axis `json:"vary"`
	Seeds int    `json:"seeds"`
	// Scope is the ordering scope of the frontier.
	Scope   string        `json:"scope"`
	Require []Requirement `json:"require"`
	Points  []Point       `json:"points"`
	// Frontier are the indices of the points on the frontier, by balance.
	Frontier []int `json:"frontier"`
	// Recommended is the cheapest point that meets every requirement; nil
	// when none does or none was given.
	Recommended *Point `json:"recommended"`
	// Closest is, when no point meets the requirements, the one that
	// misses the fewest of them by the least.
	Closest *Point `json:"closest"`
	// Why says the recommendation in one sentence.
	Why string `json:"why"`
}

// Point is one point of the sweep: its values, one run per seed, the
// spread of each measure across the seeds and what it costs.
type Point struct {
	// Index is the point's place in the sweep, from 0.
	Index   int      `json:"index"`
	Values  Values   `json:"values"`
	Digests []string `json:"digests"`
	Runs    []Run    `json:"runs"`
	// Spread is each measure's min, median and max over the seeds, by the
	// measure's name in `simulate --json`.
	Spread map[string]Spread `json:"spread"`
	Cost   Cost              `json:"cost"`
	// Meets says every seed meets every requirement; Misses say how the
	// worst seed misses the ones it does not.
	Meets      bool     `json:"meets"`
	Misses     []string `json:"misses,omitempty"`
	OnFrontier bool     `json:"on_frontier"`
	// Pending says some of the point's runs are not in yet (a sweep
	// assembled while it runs); a pending point has no spread and is on
	// no frontier.
	Pending bool `json:"pending,omitempty"`

	missed int     // requirements missed
	excess float64 // how far, summed over them
}

// Values are a point's values by setting, written as a JSON object in the
// order the settings vary.
type Values []PathValue

// PathValue is one setting's value at a point.
type PathValue struct {
	Path  string
	Value Value
}

// MarshalJSON writes {"topic.partitions": 12, ...} in the sweep's order.
func (vs Values) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(v.Path)
		val, _ := v.Value.MarshalJSON()
		b.Write(k)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// String writes the values as --set does: "topic.partitions=12".
func (vs Values) String() string {
	axes := make([]Axis, len(vs))
	values := make([]Value, len(vs))
	for i, v := range vs {
		axes[i].Path, values[i] = v.Path, v.Value
	}
	return valuesText(axes, values)
}

// Spread is a measure's smallest, middle and largest value over a point's
// seeds (the median of an even number is the mean of the middle two).
type Spread struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
}

// Cost is what a point's design costs, in the order the recommendation
// compares them: partitions, then consumer threads (instances ×
// concurrency), then salt buckets (all producers'), each at the start of
// the run.
type Cost struct {
	Partitions  int `json:"partitions"`
	Threads     int `json:"threads"`
	SaltBuckets int `json:"salt_buckets"`
}

// cheaper orders points by cost, then by their order in the sweep.
func cheaper(a, b *Point) int {
	if c := a.Cost.Partitions - b.Cost.Partitions; c != 0 {
		return c
	}
	if c := a.Cost.Threads - b.Cost.Threads; c != 0 {
		return c
	}
	if c := a.Cost.SaltBuckets - b.Cost.SaltBuckets; c != 0 {
		return c
	}
	return a.Index - b.Index
}

// Assemble makes the sweep's outcome from its runs: runs[i] is what
// Run(i) returned. A run left zero (no digest) is one not in yet: its
// point is pending. The outcome depends only on the runs, never on the
// order they were run in.
func (p *Plan) Assemble(runs []Run) (*Sweep, error) {
	if len(runs) != p.Runs() {
		return nil, fmt.Errorf("sweep: %d runs given for %d", len(runs), p.Runs())
	}
	seeds := p.def.Seeds
	s := &Sweep{Vary: p.def.Vary, Seeds: seeds, Scope: p.scope, Require: p.def.Require, Frontier: []int{}}
	if s.Require == nil {
		s.Require = []Requirement{}
	}
	for k, pt := range p.points {
		if !pt.known {
			if _, err := p.scenario(k); err != nil {
				return nil, err
			}
		}
		f := p.facts(k)
		out := Point{Index: k, Cost: f.Cost, Digests: []string{}, Runs: []Run{}}
		for a, v := range pt.values {
			out.Values = append(out.Values, PathValue{Path: p.def.Vary[a].Path, Value: v})
		}
		for i := k * seeds; i < (k+1)*seeds; i++ {
			r := runs[i]
			if r.Digest == "" {
				out.Pending = true
				continue
			}
			if want := f.Seed + uint64(i%seeds); r.Seed != want {
				return nil, fmt.Errorf("sweep: run %d has seed %d, want %d", i, r.Seed, want)
			}
			out.Digests = append(out.Digests, r.Digest)
			out.Runs = append(out.Runs, r)
		}
		if !out.Pending {
			out.Spread = spreadOf(out.Runs)
			out.judge(s.Require)
		}
		s.Points = append(s.Points, out)
	}
	s.markFrontier()
	s.recommend()
	return s, nil
}

// costOf is a point's cost.
func costOf(sc scenario.Scenario) Cost {
	c := Cost{Partitions: sc.Topic.Partitions, Threads: sc.Consumer.Instances * sc.Consumer.Concurrency}
	for _, pr := range sc.Producers {
		if pr.Salting != nil {
			c.SaltBuckets += pr.Salting.Buckets
		}
	}
	return c
}

// spreadOf is every measure's spread over runs.
func spreadOf(runs []Run) map[string]Spread {
	out := map[string]Spread{}
	for _, m := range Measures() {
		vs := make([]float64, len(runs))
		for i, r := range runs {
			vs[i] = m.Of(r)
		}
		slices.Sort(vs)
		n := len(vs)
		out[m.Name] = Spread{Min: vs[0], Median: (vs[(n-1)/2] + vs[n/2]) / 2, Max: vs[n-1]}
	}
	return out
}

// judge checks the point against every requirement.
func (pt *Point) judge(reqs []Requirement) {
	pt.Meets, pt.Misses, pt.missed, pt.excess = true, nil, 0, 0
	for _, q := range reqs {
		if text, excess := q.miss(pt.Runs); text != "" {
			pt.Meets = false
			pt.Misses = append(pt.Misses, text)
			pt.missed++
			pt.excess += excess
		}
	}
}

// jsonIndent writes v indented, with <, > and & as they are: the output
// is read by people and programs, never pasted into HTML.
func jsonIndent(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
