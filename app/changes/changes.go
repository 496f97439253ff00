// Package changes lists the single changes a design review tries on a
// scenario: "B = A with twice the partitions", "… keyed by order_id",
// "… with cooperative-sticky". Each is one decision a team weighs, so the
// Compare page can open on A and one alternative, and every difference it
// shows comes from that decision.
//
// changes is plain Go: it must never import go-app or net/http.
package changes

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"partitionlab/sim/scenario"
)

// Change is one alternative to a scenario.
type Change struct {
	// ID names the change in links ("partitions-x2").
	ID string
	// Label says what B does differently, as the picker shows it.
	Label string
	apply func(sc *scenario.Scenario)
}

// Custom is the ID of the change to any one field, given as path=value like
// simulate's --set (see Apply).
const Custom = "field"

// List is every change, in the order the picker shows them.
func List() []Change {
	return []Change{
		{"partitions-x2", "twice the partitions", func(sc *scenario.Scenario) {
			sc.Topic.Partitions = min(sc.Topic.Partitions*2, 10000)
			for i := range sc.Timeline { // planned increases keep their proportion
				if sc.Timeline[i].Action == "set_partitions" {
					sc.Timeline[i].Partitions *= 2
				}
			}
		}},
		{"key-order-id", "keyed by order_id", setKey("order_id")},
		{"key-customer-id", "keyed by customer_id", setKey("customer_id")},
		{"salt-hot", "the hottest customer salted over 8 buckets", func(sc *scenario.Scenario) {
			for i := range sc.Producers {
				sc.Producers[i].Key = "salted_customer_id"
				sc.Producers[i].Salting = &scenario.Salting{HotCustomers: 1, Buckets: 8, BucketSource: "order_id"}
			}
		}},
		{"threads-x2", "twice the consumer threads", func(sc *scenario.Scenario) { sc.Consumer.Concurrency *= 2 }},
		{"instance-plus-1", "one more consumer instance", func(sc *scenario.Scenario) { sc.Consumer.Instances++ }},
		{"mode-per-key-queues", "per-key queues in each consumer", setMode("per_key_queues")},
		{"mode-thread-pool", "a thread pool in each consumer", setMode("thread_pool")},
		{"mode-sequential", "sequential consumers", setMode("sequential")},
		{"cooperative-sticky", "the cooperative-sticky assignor", func(sc *scenario.Scenario) {
			sc.Consumer.Assignors = []string{"cooperative-sticky"}
		}},
		{"kip848", "the KIP-848 consumer protocol", func(sc *scenario.Scenario) { sc.Consumer.GroupProtocol = "consumer" }},
		{"static-membership", "static membership (group.instance.id)", func(sc *scenario.Scenario) { sc.Consumer.StaticMembership = true }},
		{"commit-on-revoke", "a commit in onPartitionsRevoked", func(sc *scenario.Scenario) { sc.Consumer.CommitOnRevoke = true }},
		{"idempotence-off", "enable.idempotence=false", func(sc *scenario.Scenario) {
			for i := range sc.Producers {
				sc.Producers[i].Idempotence = false
			}
		}},
		{"drain-first", "partitions added after draining", func(sc *scenario.Scenario) {
			for i := range sc.Timeline {
				if sc.Timeline[i].Action == "set_partitions" {
					sc.Timeline[i].DrainFirst = true
				}
			}
		}},
		{"share-group", "the consumers as a share group", asShareGroup},
		{Custom, "one field changed (path=value)", nil},
	}
}

func setKey(key string) func(sc *scenario.Scenario) {
	return func(sc *scenario.Scenario) {
		for i := range sc.Producers {
			sc.Producers[i].Key, sc.Producers[i].Salting = key, nil
		}
	}
}

func setMode(mode string) func(sc *scenario.Scenario) {
	return func(sc *scenario.Scenario) { sc.Consumer.Mode = mode }
}

// asShareGroup makes the same consumers (instances × threads, each a
// member) a share group (KIP-932). What a KafkaShareConsumer refuses
// (ShareConsumerConfig: static membership, assignors, group.protocol,
// commit and offset-reset settings, session and heartbeat settings, which
// the group's share.* settings replace) goes back to Kafka's defaults, and
// each consumer processes what it polls itself, as a share consumer
// acknowledges from its polling thread. A rolling restart stays, and the
// engine refuses it with its reason.
func asShareGroup(sc *scenario.Scenario) {
	k, d := &sc.Consumer, scenario.DefaultConsumer()
	k.GroupType = scenario.GroupTypeShare
	k.Mode, k.Retry = d.Mode, d.Retry
	g, dg := &k.Group, d.Group
	g.StaticMembership, g.CommitAfterBatch, g.CommitOnRevoke = false, false, false
	g.Assignors, g.GroupProtocol, g.EnableAutoCommit = dg.Assignors, dg.GroupProtocol, dg.EnableAutoCommit
	g.AutoOffsetReset, g.SessionTimeoutMs, g.HeartbeatIntervalMs = dg.AutoOffsetReset, dg.SessionTimeoutMs, dg.HeartbeatIntervalMs
	for i := range sc.Timeline {
		sc.Timeline[i].Assignors, sc.Timeline[i].SameInstanceIDsAs = nil, 0
	}
}

// ErrNoChange is the error Apply wraps when A already is what the change
// makes, so a page can say so in its own words.
var ErrNoChange = errors.New("pick another change")

// Find is the change with the given ID.
func Find(id string) (Change, bool) {
	i := slices.IndexFunc(List(), func(c Change) bool { return c.ID == id })
	if i < 0 {
		return Change{}, false
	}
	return List()[i], true
}

// Apply is a with the change made and named after it. For Custom, set is
// path=value as simulate's --set takes it. It fails when the change gives
// an invalid scenario (the engine's message names the field) or changes
// nothing, so the reviewer picks another.
func Apply(a scenario.Scenario, c Change, set string) (scenario.Scenario, error) {
	b := clone(a)
	label := c.Label
	if c.ID == Custom {
		var err error
		if b, err = scenario.ParseScenarioWithSets(scenario.MarshalScenario(a), []string{set}); err != nil {
			return scenario.Scenario{}, err
		}
		label = set
	} else {
		c.apply(&b)
		var err error
		if b, err = scenario.ParseScenario(scenario.MarshalScenario(b)); err != nil {
			return scenario.Scenario{}, err
		}
	}
	if string(scenario.MarshalScenario(b)) == string(scenario.MarshalScenario(a)) {
		return scenario.Scenario{}, fmt.Errorf("A already has %s: %w", label, ErrNoChange)
	}
	name := a.Name
	if name == "" {
		name = "A"
	}
	b.Name = name + " with " + label
	return b, nil
}

// Origin reads a name Apply gave back: name is base + " with " + the
// label of c (for Custom, set, a path=value). Pages use it to name a B
// made from a change in their own language, from ids, while the scenario
// keeps the English name its digest and links were made with. A name no
// change made gives ok false.
func Origin(name string) (base string, c Change, set string, ok bool) {
	for _, ch := range List() {
		if ch.ID == Custom {
			continue
		}
		if b, found := strings.CutSuffix(name, " with "+ch.Label); found && b != "" {
			return b, ch, "", true
		}
	}
	i := strings.LastIndex(name, " with ")
	if i <= 0 {
		return "", Change{}, "", false
	}
	set = name[i+len(" with "):]
	path, _, hasValue := strings.Cut(set, "=")
	if !hasValue || path == "" || strings.ContainsAny(path, " \t\n") {
		return "", Change{}, "", false
	}
	custom, _ := Find(Custom)
	return name[:i], custom, set, true
}

// clone copies a scenario through its JSON form, so changing B's slices
// never changes A.
func clone(sc scenario.Scenario) scenario.Scenario {
	c, err := scenario.ParseScenario(scenario.MarshalScenario(sc))
	if err != nil { // a scenario that ran always reads back
		return sc
	}
	return c
}
