package scenario

import (
	"errors"
	"strings"
	"testing"
)

// TestTooMuchWorkIsRefused: a valid scenario that asks for more work than
// the limits allow is refused with a message that names the fields, the
// estimate and the limit.
func TestTooMuchWorkIsRefused(t *testing.T) {
	doc, _ := PresetJSON("order-events")
	cases := []struct {
		name   string
		sets   []string
		limits Limits
		field  string
		want   string
	}{
		{"a day at a million orders a second", []string{"duration_s=86400", "workload.orders_per_s=1000000", "topic.partitions=10000"},
			CommandLineLimits(), "duration_s",
			"duration_s × workload.orders_per_s × 3 events per order = 86400 × 1000000 × 3 = 2.6e11 events; the limit on the command line is 1e9"},
		{"failed attempts are work too", []string{"duration_s=3600", "workload.orders_per_s=50000", "consumer.failure_rate=0.5"},
			CommandLineLimits(), "duration_s",
			"duration_s × workload.orders_per_s × 3 events per order × consumer.failure_rate retries = 3600 × 50000 × 3 × 2 = 1.1e9 events"},
		{"the browser's limit is lower", []string{"duration_s=3600", "workload.orders_per_s=50000"},
			BrowserLimits(), "duration_s", "= 5.4e8 events; the limit in the browser is 2.5e8"},
		{"ten thousand members restarting", []string{"topic.partitions=10000", "consumer.instances=1000", "consumer.concurrency=10",
			`timeline=[{"at_s":10,"action":"rolling_restart","downtime_s":1,"interval_s":0.01}]`},
			CommandLineLimits(), "consumer.instances",
			"10000 consumer threads × (threads + 10000 partitions) × 2001 rebalances = 4e11 assignment steps; the limit on the command line is 3e9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseScenarioWithin(doc, c.sets, c.limits)
			var fe FieldErrors
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a refusal", err)
			}
			if msgs := fe.For(c.field); len(msgs) != 1 || !strings.Contains(msgs[0], c.want) {
				t.Errorf("%s: got %q, want it to say %q", c.field, fe.Error(), c.want)
			}
		})
	}
}

// TestBrowserRunsWhatTheCommandLineRuns up to its own limit: the backlog
// scenario of a design review for an hour fits both.
func TestBrowserLimitIsBelowTheCommandLines(t *testing.T) {
	doc := []byte(`{"duration_s":3600,"workload":{"orders_per_s":20000}}`)
	for _, l := range []Limits{BrowserLimits(), CommandLineLimits()} {
		if _, err := ParseScenarioWithin(doc, nil, l); err != nil {
			t.Errorf("%s: an hour of 20,000 orders/s refused: %v", l.Where, err)
		}
	}
	b, c := BrowserLimits(), CommandLineLimits()
	if b.MaxEvents > c.MaxEvents || b.MaxAssignment > c.MaxAssignment {
		t.Errorf("the browser accepts more than the command line: %+v > %+v", b, c)
	}
}

func TestWorkSummary(t *testing.T) {
	sc := DefaultScenario()
	sc.DurationS, sc.Workload.OrdersPerS = 900, 20000
	got := EstimateWork(sc).Summary(Limits{EventsPerS: 3e6, AssignmentPerS: 1e6})
	if want := "about 54 M events, about 18 s here"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	sc.DurationS = 1
	if got := EstimateWork(sc).Summary(BrowserLimits()); got != "about 60 k events, under a second here" {
		t.Errorf("got %q", got)
	}
}

// TestPresetsFitTheBrowserBudget: every built-in scenario runs in the
// browser.
func TestPresetsFitTheBrowserBudget(t *testing.T) {
	for _, name := range PresetNames() {
		sc, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := EstimateWork(sc).Check(BrowserLimits()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A scenario beyond the command line's budget, read with the browser's
// lower limits, is refused with the browser's: the page must not name the
// command line's limit. Other errors stand as they are.
func TestParseWithinNamesItsOwnLimit(t *testing.T) {
	doc := []byte(`{"duration_s":86400,"workload":{"orders_per_s":1000000}}`)
	_, err := ParseScenarioWithin(doc, nil, BrowserLimits())
	var fe FieldErrors
	if !errors.As(err, &fe) || len(fe) != 1 {
		t.Fatalf("got %v", err)
	}
	if msg := fe[0].Message; !strings.Contains(msg, "the limit in the browser is 2.5e8") {
		t.Errorf("the browser's refusal says %q", msg)
	}
	if _, err := ParseScenario(doc); err == nil || !strings.Contains(err.Error(), "the limit on the command line is 1e9") {
		t.Errorf("the command line's refusal says %v", err)
	}
	_, err = ParseScenarioWithin([]byte(`{"duration_s":86400,"topic":{"partitions":0},"workload":{"orders_per_s":1000000}}`), nil, BrowserLimits())
	if err == nil || !strings.Contains(err.Error(), "topic.partitions") {
		t.Errorf("an invalid field with too much work: %v", err)
	}
	loose := CommandLineLimits()
	loose.Where, loose.MaxEvents = "somewhere", 1e15
	if _, err := ParseScenarioWithin(doc, nil, loose); err == nil {
		t.Error("higher limits than the command line's let a scenario through")
	}
}
