package scenario

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func perKeyScenario(t *testing.T, sets ...string) Scenario {
	t.Helper()
	sc, err := ParseScenarioWithSets([]byte(`{}`), append([]string{"consumer.mode=per_key_queues"}, sets...))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// heldRefusal is the one field error of sc's work checked against l.
func heldRefusal(t *testing.T, sc Scenario, l Limits) FieldError {
	t.Helper()
	var fe FieldErrors
	if err := EstimateWork(sc).Check(l); !errors.As(err, &fe) || len(fe) != 1 {
		t.Fatalf("got %v; want one field error", err)
	}
	return fe[0]
}

// An hour of per-key queues that six consumers' 48 threads cannot keep up
// with (9,000 events a second against 6,000) is refused in the browser,
// saying the rates, the threads and about when the run would stop; a
// quarter of an hour's estimate (2.7e6) is within the limit, and left to
// the engine.
func TestPerKeyBacklogOfAnHourIsRefusedUpFront(t *testing.T) {
	sc := perKeyScenario(t, "duration_s=3600", "workload.orders_per_s=3000", "consumer.pool_threads=8", "consumer.processing_ms=8")
	e := heldRefusal(t, sc, BrowserLimits())
	if e.Field != "duration_s" || e.Code != "budget.held_estimate" {
		t.Fatalf("%s: %s (%s)", e.Field, e.Message, e.Code)
	}
	for _, want := range []string{"at least 10000000 events", "9000 events are sent a second", "6 consumers × 8 threads at 8 ms a record process at most 6000 a second",
		"stop before about 1402 s", "over 4194304 events, the limit in the browser"} {
		if !strings.Contains(e.Message, want) {
			t.Errorf("the refusal does not say %q: %s", want, e.Message)
		}
	}
	if err := EstimateWork(sc).Check(CommandLineLimits()); err != nil {
		t.Errorf("the command line's limit (1.7e7) refused an estimate of 1.08e7: %v", err)
	}
	sc.DurationS = 900
	if h := EstimateHeld(sc); !(h.Held > 2.6e6 && h.Held < 2.7e6) {
		t.Errorf("a quarter of an hour: %.0f events waiting at least; want about 2.7e6", h.Held)
	} else if err := EstimateWork(sc).Check(BrowserLimits()); err != nil {
		t.Errorf("a quarter of an hour refused: %v", err)
	}
}

// A hot customer with half of 3,000 events a second falls behind on its
// own, one record at a time (125 a second at 8 ms), while the 48 threads
// could process all of them: after an hour its oldest record waiting was
// sent in the first 310 s (it has processed at most 450,000 of them, 300
// s of its sending), and every event sent since is held, about 11/12 of
// all: the refusal says so.
func TestPerKeyQueueOfAHotKeyIsRefusedUpFront(t *testing.T) {
	sc := perKeyScenario(t, "duration_s=3600", "workload.orders_per_s=1000", `workload.customer_skew={"kind":"hot","hot_customers":1,"hot_share":0.5}`,
		"consumer.pool_threads=8", "consumer.processing_ms=8")
	h := EstimateHeld(sc)
	if !h.ByKeys || h.Keys != 1 || h.Busiest != 1500 || h.PerKeyPerS != 125 {
		t.Fatalf("estimate %+v; want one key sent 1,500 events a second against 125", h)
	}
	if want := 3000 * 3600 * (1 - 125/1500.0); !(h.Held > 0.99*want && h.Held < want) {
		t.Errorf("at least %.0f events held; want just under %.0f", h.Held, want)
	}
	e := heldRefusal(t, sc, BrowserLimits())
	for _, want := range []string{"budget.held_estimate_keys", "at least 9800000 events would be held",
		"(125 a second) is 1; the busiest is sent 1500 a second, so the oldest of its records still waiting at the end would have been sent before 310 s",
		"stop before about 1527 s"} {
		if !strings.Contains(e.Code+" "+e.Message, want) {
			t.Errorf("the refusal does not say %q: %s (%s)", want, e.Message, e.Code)
		}
	}
	// Two hot customers with a quarter each: two keys behind.
	sc.Workload.CustomerSkew.HotCustomers = 2
	if h := EstimateHeld(sc); h.Keys != 2 || h.Busiest != 750 {
		t.Errorf("two hot customers: %d keys behind, the busiest %.0f a second; want 2 and 750", h.Keys, h.Busiest)
	}
}

// The estimate is made only where the fields alone decide what waits:
// per-key queues (which validation allows in consumer groups only), with
// no timeline and no failures.
func TestHeldEstimateOnlyWhereTheFieldsDecide(t *testing.T) {
	base := []string{"duration_s=3600", "workload.orders_per_s=3000", "consumer.pool_threads=8", "consumer.processing_ms=8"}
	for name, set := range map[string]string{
		"thread pool":       "consumer.mode=thread_pool",
		"timeline":          `timeline=[{"at_s":600,"action":"add_consumer"}]`,
		"consumer failures": "consumer.failure_rate=0.01",
		"producer failures": "producers.0.failure_rate=0.01",
		"keeping up (4 ms)": "consumer.processing_ms=4",
	} {
		sc := perKeyScenario(t, append(base, set)...)
		h := EstimateHeld(sc)
		if name == "keeping up (4 ms)" {
			if !h.Applies || h.Held != 0 {
				t.Errorf("%s: %+v; want no event waiting", name, h)
			}
		} else if h.Applies {
			t.Errorf("%s: estimated %+v", name, h)
		}
		if err := EstimateWork(sc).Check(BrowserLimits()); err != nil {
			t.Errorf("%s: refused: %v", name, err)
		}
	}
}

// zipf's shares are never overestimated: the far tail's sum is bounded
// from above by its integral, so each share is at most the exact one.
func TestZipfSharesAreNeverOverestimated(t *testing.T) {
	for _, s := range []float64{0.5, 1, 1.3} {
		n := 200000
		sc := perKeyScenario(t, "workload.customers=200000", `workload.customer_skew={"kind":"zipf","s":`+FormatFloat(s)+`}`)
		var total float64
		for i := n; i >= 1; i-- {
			total += math.Pow(float64(i), -s)
		}
		got := customerShares(sc, 0)
		for _, k := range []int{0, 1, 4095} {
			exact := math.Pow(float64(k+1), -s) / total
			if got[k].share > exact || got[k].share < 0.99*exact {
				t.Errorf("s=%g: customer %d's share %.6g; the exact one %.6g", s, k+1, got[k].share, exact)
			}
		}
	}
}
