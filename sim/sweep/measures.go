package sweep

import "partitionlab/sim"

// Run is one point run with one seed: its digest and the headline numbers
// of its result, under the names `simulate --json` gives them.
type Run struct {
	Seed   uint64 `json:"seed"`
	Digest string `json:"digest"`
	Load   struct {
		MaxOverMean float64 `json:"max_over_mean"`
	} `json:"load"`
	Ordering struct {
		Scopes struct {
			Order    ScopeCount `json:"order"`
			Customer ScopeCount `json:"customer"`
			Key      ScopeCount `json:"key"`
		} `json:"scopes"`
	} `json:"ordering"`
	Duplicates int64 `json:"duplicates"`
	Lost       int64 `json:"lost"`
	LatencyMs  struct {
		P99 float64 `json:"p99"`
	} `json:"latency_ms"`
	Consumers struct {
		IdleThreads int `json:"idle_threads"`
	} `json:"consumers"`
	// MaxLag is the most records waiting in any partition at any moment:
	// the largest of the partitions' max_lag.
	MaxLag int64 `json:"max_lag"`
	Group  struct {
		Totals struct {
			StopTheWorldS float64 `json:"stop_the_world_s"`
		} `json:"totals"`
	} `json:"group"`
}

// ScopeCount is one ordering scope's violations.
type ScopeCount struct {
	Violations int64 `json:"violations"`
}

// headline takes a run's headline numbers from its result.
func headline(r *sim.Result) Run {
	var h Run
	h.Seed, h.Digest = r.Seed, r.Digest
	h.Load.MaxOverMean = r.Load.MaxOverMean
	s := r.Ordering.Scopes
	h.Ordering.Scopes.Order.Violations = s.Order.Violations
	h.Ordering.Scopes.Customer.Violations = s.Customer.Violations
	h.Ordering.Scopes.Key.Violations = s.Key.Violations
	h.Duplicates, h.Lost = r.Duplicates, r.Lost
	h.LatencyMs.P99 = r.LatencyMs.P99
	h.Consumers.IdleThreads = r.Consumers.IdleThreads
	for _, p := range r.Partitions {
		h.MaxLag = max(h.MaxLag, p.MaxLag)
	}
	h.Group.Totals.StopTheWorldS = r.Group.Totals.StopTheWorldS
	return h
}

// Measure is one headline number of a run.
type Measure struct {
	// Name is its path in `simulate --json` ("load.max_over_mean").
	Name string
	// Word is how --require names it ("load").
	Word string
	// Label says it for a person ("load (busiest ÷ mean partition)").
	Label string
	// Whole says it counts things (its values are whole numbers).
	Whole bool
	Of    func(Run) float64
}

// Measures are the headline numbers, in the order the outputs show them.
func Measures() []Measure {
	return []Measure{
		{"load.max_over_mean", "load", "load (busiest ÷ mean partition)", false, func(r Run) float64 { return r.Load.MaxOverMean }},
		{"ordering.scopes.order.violations", "violations.order", "violations per order", true,
			func(r Run) float64 { return float64(r.Ordering.Scopes.Order.Violations) }},
		{"ordering.scopes.customer.violations", "violations.customer", "violations per customer", true,
			func(r Run) float64 { return float64(r.Ordering.Scopes.Customer.Violations) }},
		{"ordering.scopes.key.violations", "violations.key", "violations per key", true,
			func(r Run) float64 { return float64(r.Ordering.Scopes.Key.Violations) }},
		{"duplicates", "duplicates", "records processed twice", true, func(r Run) float64 { return float64(r.Duplicates) }},
		{"lost", "lost", "records never processed", true, func(r Run) float64 { return float64(r.Lost) }},
		{"max_lag", "max_lag", "most records waiting", true, func(r Run) float64 { return float64(r.MaxLag) }},
		{"latency_ms.p99", "p99_ms", "p99 latency (ms)", false, func(r Run) float64 { return r.LatencyMs.P99 }},
		{"consumers.idle_threads", "idle_threads", "idle consumer threads", true,
			func(r Run) float64 { return float64(r.Consumers.IdleThreads) }},
		{"group.totals.stop_the_world_s", "stop_the_world_s", "stop-the-world time (s)", false,
			func(r Run) float64 { return r.Group.Totals.StopTheWorldS }},
	}
}

// MeasureNamed is the measure whose Name or Word is name.
func MeasureNamed(name string) (Measure, bool) {
	for _, m := range Measures() {
		if m.Name == name || m.Word == name {
			return m, true
		}
	}
	return Measure{}, false
}

// scopeMeasure is the violations measure of an ordering scope.
func scopeMeasure(scope string) Measure {
	m, _ := MeasureNamed("violations." + scope)
	return m
}

// Scopes are the ordering scopes a frontier may be drawn for.
func Scopes() []string { return []string{"order", "customer", "key"} }

// Headline is a result's headline numbers, as Run gives them: a worker
// that runs a point's scenario in slices (app/runner) reports the same
// numbers as Plan.Run.
func Headline(r *sim.Result) Run { return headline(r) }
