package sim

import (
	"errors"
	"fmt"
	"runtime"
	"testing"

	"partitionlab/sim/scenario"
)

// perKeyBacklogs are per-key queues that cannot keep up (and one that
// can), in each kind of group, pace and spread of processing times.
var perKeyBacklogs = []struct {
	name, fields string
	keepsUp      bool
}{
	{"exponential, classic", `"workload":{"orders_per_s":3000},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}`, false},
	{"constant, two instances", `"workload":{"orders_per_s":2000},"consumer":{"mode":"per_key_queues","instances":2,"concurrency":3,"pool_threads":4,"processing_ms":5,"processing_dist":"constant"}`, false},
	{"uniform, KIP-848, new group from the earliest", `"workload":{"orders_per_s":2500},"consumer":{"mode":"per_key_queues","pool_threads":6,"processing_ms":6,"processing_dist":"uniform","group_protocol":"consumer","new_group":true,"auto_offset_reset":"earliest"}`, false},
	{"new group from the latest, more members than partitions, spread events", `"topic":{"partitions":4},"workload":{"orders_per_s":2000,"event_gap_ms":200},"consumer":{"mode":"per_key_queues","instances":2,"concurrency":4,"pool_threads":8,"processing_ms":8,"new_group":true}`, false},
	{"keyless records", `"workload":{"orders_per_s":3000},"producers":[{"name":"p","key":"null"}],"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}`, false},
	{"one hot customer", `"workload":{"orders_per_s":1000,"customer_skew":{"kind":"hot","hot_customers":1,"hot_share":0.5}},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}`, false},
	{"zipf customers", `"workload":{"orders_per_s":1000,"customers":1000,"customer_skew":{"kind":"zipf","s":1.2}},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}`, false},
	{"a team's keys", `"workload":{"orders_per_s":500,"customers":402,"key_distribution":{"keys":[{"key":"acme","count":300},{"key":"globex","count":100}],"tail_keys":400,"tail_count":600}},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":8}`, false},
	{"keeping up", `"workload":{"orders_per_s":1000},"consumer":{"mode":"per_key_queues","pool_threads":8,"processing_ms":4}`, true},
}

// The events EstimateHeld says a per-key backlog will hold by its end are
// at most those the engine holds then, so a run that would end is never
// refused; where it bounds the events waiting (all of them against every
// thread), at most those waiting too. And it is close enough to refuse
// those that would not end: at least half of what it bounds after a
// minute (it allows for chance, and not for a group's join, when nothing
// is processed; the longer the run, the closer it comes). A hot key's
// bound (every event sent since its oldest record waiting) is the tighter.
func TestHeldEstimateIsAtMostWhatTheEngineHolds(t *testing.T) {
	cases := perKeyBacklogs
	if runtime.GOOS == "js" {
		cases = cases[:2] // under node: the same engine and arithmetic, 3 s
	}
	for _, c := range cases {
		sc, err := scenario.ParseScenario([]byte(fmt.Sprintf(`{"duration_s":60,%s}`, c.fields)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		h := scenario.EstimateHeld(sc)
		if !h.Applies {
			t.Fatalf("%s: no estimate", c.name)
		}
		s, err := New(sc)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Advance(1 << 20) {
		}
		r := s.Result()
		held, waiting := s.checker.InFlight(), r.EventsProduced-r.EventsProcessed
		t.Logf("%s: estimate %.0f (by keys %v), waiting %d, held %d", c.name, h.Held, h.ByKeys, waiting, held)
		bounded := waiting
		if h.ByKeys {
			bounded = held
		}
		if h.Held > float64(min(held, bounded)) {
			t.Errorf("%s: the estimate says at least %.0f events held; the engine held %d, %d waiting", c.name, h.Held, held, waiting)
		}
		if c.keepsUp != (h.Held == 0) || (!c.keepsUp && h.Held < float64(bounded)/2) {
			t.Errorf("%s: the estimate says %.0f events held; it bounds %d", c.name, h.Held, bounded)
		}
	}
}

// A per-key backlog the estimate refuses is one the engine stops: under a
// limit just below the estimate, validation refuses it (on duration_s)
// and the engine, run anyway, stops it (budget.held). Both bounds: every
// thread behind, and a hot key behind.
func TestPerKeyBacklogRefusedUpFrontIsOneTheEngineStops(t *testing.T) {
	for _, c := range []struct{ name, fields, code string }{
		{"every thread behind", perKeyBacklogs[0].fields, "budget.held_estimate"},
		{"a hot key behind", perKeyBacklogs[5].fields, "budget.held_estimate_keys"},
	} {
		sc, err := scenario.ParseScenario([]byte(`{"duration_s":40,` + c.fields + `}`))
		if err != nil {
			t.Fatal(err)
		}
		h := scenario.EstimateHeld(sc)
		l := heldLimits(int64(h.Held) - 1)
		var fe scenario.FieldErrors
		if err := scenario.EstimateWork(sc).Check(*l); !errors.As(err, &fe) || fe[0].Field != "duration_s" || fe[0].Code != c.code {
			t.Fatalf("%s: validation under a limit of %d events held: %v; want %s on duration_s", c.name, l.MaxHeld, err, c.code)
		}
		if _, err := RunWithin(sc, *l); !errors.As(err, &fe) || fe[0].Code != "budget.held" {
			t.Errorf("%s: the run the estimate refuses ended with %v; want it stopped", c.name, err)
		}
		// Within the limit the estimate leaves the run alone.
		if err := scenario.EstimateWork(sc).Check(*heldLimits(int64(h.Held))); err != nil {
			t.Errorf("%s: at a limit of the estimate itself: %v", c.name, err)
		}
	}
}
