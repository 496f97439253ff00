package changes

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

func TestEveryChangeChangesTheDefaultScenarioAndLeavesAAlone(t *testing.T) {
	a, err := scenario.Preset("add-partitions")
	if err != nil {
		t.Fatal(err)
	}
	before := string(scenario.MarshalScenario(a))
	// What add-partitions already is: only these changes may be refused
	// as changing nothing.
	already := map[string]bool{
		"key-customer-id": a.Producers[0].Key == "customer_id",
		"mode-sequential": a.Consumer.Mode == "sequential",
	}
	for _, c := range List() {
		if c.ID == Custom {
			continue
		}
		b, err := Apply(a, c, "")
		if err != nil {
			if !already[c.ID] || !strings.Contains(err.Error(), "already has") {
				t.Errorf("%s: %v", c.ID, err)
			}
			continue
		}
		if already[c.ID] {
			t.Errorf("%s: A already has it, yet B differs", c.ID)
		}
		if !strings.HasSuffix(b.Name, " with "+c.Label) {
			t.Errorf("%s: B is named %q", c.ID, b.Name)
		}
		if string(scenario.MarshalScenario(a)) != before {
			t.Fatalf("%s changed A", c.ID)
		}
	}
}

func TestChangesSayWhatTheyDid(t *testing.T) {
	a, _ := scenario.Preset("order-events")
	c, _ := Find("partitions-x2")
	b, err := Apply(a, c, "")
	if err != nil || b.Topic.Partitions != 2*a.Topic.Partitions {
		t.Errorf("twice the partitions: %d from %d, %v", b.Topic.Partitions, a.Topic.Partitions, err)
	}
	custom, _ := Find(Custom)
	if b, err := Apply(a, custom, "consumer.concurrency=3"); err != nil || b.Consumer.Concurrency != 3 || !strings.HasSuffix(b.Name, "consumer.concurrency=3") {
		t.Errorf("a field change: %+v, %v", b.Consumer, err)
	}
	if _, err := Apply(a, custom, "topic.partitions=0"); err == nil || !strings.Contains(err.Error(), "topic.partitions") {
		t.Errorf("an invalid value is refused naming the field: %v", err)
	}
	same := fmt.Sprintf("topic.partitions=%d", a.Topic.Partitions)
	if _, err := Apply(a, custom, same); err == nil || !strings.Contains(err.Error(), "pick another") {
		t.Errorf("a change that changes nothing (%s) is refused: %v", same, err)
	}
}

// Origin reads back every name Apply gives, for every preset and every
// change, a field change and a change of a B made from a change; a name
// no change made is not read as one.
func TestOriginReadsBackTheNamesApplyGives(t *testing.T) {
	custom, _ := Find(Custom)
	for _, name := range scenario.PresetNames() {
		a, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range List() {
			set := ""
			if c.ID == Custom {
				set = "consumer.concurrency=7"
			}
			b, err := Apply(a, c, set)
			if err != nil {
				continue
			}
			base, got, gotSet, ok := Origin(b.Name)
			if !ok || base != a.Name || got.ID != c.ID || gotSet != set {
				t.Errorf("%s with %s: %q reads back as %q, %q, %q, %v", name, c.ID, b.Name, base, got.ID, gotSet, ok)
			}
			if c.ID == "partitions-x2" {
				bb, err := Apply(b, custom, "consumer.instances=9")
				if err != nil {
					t.Fatal(err)
				}
				if base, got, _, ok := Origin(bb.Name); !ok || base != b.Name || got.ID != Custom {
					t.Errorf("%q reads back as %q, %q", bb.Name, base, got.ID)
				}
			}
		}
	}
	for _, name := range []string{"", "thread-pool", "with twice the partitions", "a day with friends", "A with =3"} {
		if base, c, _, ok := Origin(name); ok {
			t.Errorf("%q reads as %q with %s", name, base, c.ID)
		}
	}
}

// The consumers as a share group: queue-consumer-group becomes exactly
// queue-share-group's consumers (the pair of presets Kafka's upgrade notes
// motivate), and settings a KafkaShareConsumer refuses go back to the
// defaults instead of making B invalid.
func TestShareGroupChangeKeepsTheConsumers(t *testing.T) {
	c, ok := Find("share-group")
	if !ok {
		t.Fatal("no share-group change")
	}
	a, _ := scenario.Preset("queue-consumer-group")
	want, _ := scenario.Preset("queue-share-group")
	b, err := Apply(a, c, "")
	if err != nil {
		t.Fatal(err)
	}
	got, exp := scenario.MarshalScenario(scenario.Scenario{Consumer: b.Consumer}), scenario.MarshalScenario(scenario.Scenario{Consumer: want.Consumer})
	if string(got) != string(exp) {
		t.Errorf("B's consumers\n%s\nwant queue-share-group's\n%s", got, exp)
	}
	if _, err := Apply(b, c, ""); err == nil || !strings.Contains(err.Error(), "already has") {
		t.Errorf("a share group made a share group again: %v", err)
	}
	for _, name := range []string{"thread-pool", "static-member-crash", "scale-out-kip848", "retry-topic"} {
		a, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Apply(a, c, "")
		if err != nil {
			t.Errorf("%s as a share group: %v", name, err)
			continue
		}
		if !b.Consumer.IsShare() || b.Consumer.Mode != "sequential" || b.Consumer.Instances != a.Consumer.Instances ||
			b.Consumer.Concurrency != a.Consumer.Concurrency {
			t.Errorf("%s as a share group: %+v", name, b.Consumer)
		}
	}
	// A rolling restart has no share-group meaning: B is refused with the
	// engine's reason, naming the action.
	a, _ = scenario.Preset("rolling-restart-static")
	if _, err := Apply(a, c, ""); err == nil || !strings.Contains(err.Error(), "timeline[0].action") {
		t.Errorf("rolling-restart-static as a share group: %v", err)
	}
}
