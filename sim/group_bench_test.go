package sim

import (
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// churnScenario is a group of 100 members on 1,000 partitions going through
// 50 membership changes: instances joining, leaving cleanly and crashing.
func churnScenario(protocol string, assignors []string) scenario.Scenario {
	sc := scenario.DefaultScenario()
	sc.DurationS = 600
	sc.Topic.Partitions = 1000
	sc.Workload.OrdersPerS = 100
	sc.Consumer.Instances = 100
	sc.Consumer.Concurrency = 1
	sc.Consumer.GroupProtocol = protocol
	sc.Consumer.Assignors = assignors
	for i := range 50 {
		a := scenario.Action{AtS: float64(10 + 11*i), Instance: 1 + i}
		switch i % 3 {
		case 0:
			a.Action = scenario.ActionAddConsumer
			a.Instance = 0
		case 1:
			a.Action = scenario.ActionRemoveConsumer
		default:
			a.Action = scenario.ActionCrashConsumer
			a.DurationS = 30
		}
		sc.Timeline = append(sc.Timeline, a)
	}
	return sc
}

// groupCases are the group protocols and assignors the group benchmarks
// run: the classic eager and cooperative protocols and KIP-848.
var groupCases = []struct {
	name      string
	protocol  string
	assignors []string
}{
	{"eager-range", "classic", []string{"range"}},
	{"sticky", "classic", []string{"sticky"}},
	{"cooperative-sticky", "classic", []string{"cooperative-sticky"}},
	{"kip848-uniform", "consumer", []string{"range"}},
}

// benchGroup simulates the scenario of each case once per op. Besides
// rebalances it reports the work budget's assignment steps (EstimateWork)
// per second, the figure CommandLineLimits and BrowserLimits are set from.
func benchGroup(b *testing.B, build func(protocol string, assignors []string) scenario.Scenario, skip string) {
	for _, c := range groupCases {
		if c.name == skip {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			sc := build(c.protocol, c.assignors)
			var rebalances int
			for b.Loop() {
				r, err := Run(sc)
				if err != nil {
					b.Fatal(err)
				}
				rebalances = r.Group.Totals.Rebalances
			}
			b.ReportMetric(float64(rebalances), "rebalances")
			b.ReportMetric(scenario.EstimateWork(sc).Assignment*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// BenchmarkGroupChurn simulates the whole churn scenario once per op.
func BenchmarkGroupChurn(b *testing.B) { benchGroup(b, churnScenario, "sticky") }

// bigGroupScenario is issue 9's design review: 1,000 instances × 10
// consumer threads (10,000 members) on 10,000 partitions with the given
// assignors, a light workload, and one instance crashing and coming back,
// so the run has a first assignment and two rebalances of a full group.
func bigGroupScenario(protocol string, assignors []string) scenario.Scenario {
	sc := scenario.DefaultScenario()
	sc.DurationS = 60
	sc.Topic.Partitions = 10000
	sc.Workload.OrdersPerS = 100
	sc.Consumer.Instances = 1000
	sc.Consumer.Concurrency = 10
	sc.Consumer.GroupProtocol = protocol
	sc.Consumer.Assignors = assignors
	sc.Timeline = []scenario.Action{{AtS: 10, Action: scenario.ActionCrashConsumer, Instance: 1, DurationS: 5}}
	return sc
}

// BenchmarkBigGroup simulates the design-review group once per op.
func BenchmarkBigGroup(b *testing.B) { benchGroup(b, bigGroupScenario, "eager-range") }

// TestBigGroupFitsTheWorkBudget: the design review of issue 9 (10,000
// consumer threads on 10,000 partitions, a crash and a return) runs on the
// command line and in the browser; rolling all 1,000 instances (2,001
// rebalances of the whole group) is still refused, naming the limit.
func TestBigGroupFitsTheWorkBudget(t *testing.T) {
	sc := bigGroupScenario("classic", []string{"sticky"})
	for _, l := range []scenario.Limits{scenario.CommandLineLimits(), scenario.BrowserLimits()} {
		if err := scenario.ValidateWithin(sc, l); err != nil {
			t.Errorf("%s: %v", l.Where, err)
		}
	}
	sc.Timeline = []scenario.Action{{AtS: 10, Action: scenario.ActionRollingRestart, DowntimeS: 1, IntervalS: 1}}
	err := scenario.ValidateWithin(sc, scenario.CommandLineLimits())
	if err == nil || !strings.Contains(err.Error(), "2001 rebalances = 4e11 assignment steps; the limit on the command line is 3e9") {
		t.Errorf("a rolling restart of 1,000 instances: %v", err)
	}
}

func TestGroupChurnScenarioIsValid(t *testing.T) {
	for _, p := range []string{"classic", "consumer"} {
		r, err := Run(churnScenario(p, []string{"cooperative-sticky"}))
		if err != nil {
			t.Fatal(err)
		}
		// Changes that come while a rebalance runs join it, and crashes are
		// noticed only after the session time-out, so there are fewer
		// rebalances than changes.
		if r.Group.Totals.Rebalances < 15 {
			t.Errorf("%s: %d rebalances for 50 membership changes", p, r.Group.Totals.Rebalances)
		}
	}
}
