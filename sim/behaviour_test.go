package sim

import (
	"slices"
	"testing"

	"partitionlab/hashcore"
	"partitionlab/sim/ordering"
	"partitionlab/sim/scenario"
)

// Each test here asserts something a person looking at the result would
// notice, on the scenario that teaches it.

func runPreset(t *testing.T, name string, sets ...string) *Result {
	t.Helper()
	doc, err := scenario.PresetJSON(name)
	if err != nil {
		t.Fatal(err)
	}
	return runDoc(t, string(doc), sets...)
}

func hottest(r *Result) PartitionResult { return r.Partitions[r.Load.HottestPartition] }

func TestSameKeySamePartitionOffsetsIncrease(t *testing.T) {
	sc, _ := scenario.Preset("order-events")
	sc.DurationS = 5
	sc.Consumer.EnableAutoCommit = false // nothing committed: the logs keep every record
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Advance(1 << 16) {
	}
	type where struct {
		partition int32
		offset    int64
	}
	last := map[int64]where{}
	keys := 0
	for p := range s.logs[:s.partitions] {
		l := &s.logs[p]
		if l.base != 0 {
			t.Fatalf("p%d dropped records below offset %d although nothing was committed", p, l.base)
		}
		for o := l.base; o < l.end; o++ {
			r := l.at(o)
			if want := hashcore.PartitionForKey([]byte(string(appendKeyText(nil, r.keyKind, r.keyID, 0, nil))), int(s.partitions)); int(r.partition) != want {
				t.Fatalf("customer %d on p%d, murmur2 says p%d", r.keyID, r.partition, want)
			}
			if w, seen := last[r.keyID]; seen && (w.partition != r.partition || w.offset >= o) {
				t.Fatalf("customer %d: offset %d on p%d after offset %d on p%d", r.keyID, o, r.partition, w.offset, w.partition)
			}
			if _, seen := last[r.keyID]; !seen {
				keys++
			}
			last[r.keyID] = where{r.partition, o}
		}
	}
	if keys < 1000 {
		t.Fatalf("only %d keys checked", keys)
	}
}

func TestHotCustomerOnePartitionLagsAndMoreThreadsDoNotHelp(t *testing.T) {
	r := runPreset(t, "hot-customer")
	if r.Load.HottestShare < 0.4 {
		t.Errorf("hottest partition carries %.1f%% of the load, want at least 40%%", 100*r.Load.HottestShare)
	}
	hot := r.Load.HottestPartition
	if !growsWithoutBound(r.Series.Lag[hot]) {
		t.Errorf("hot partition lag %v should grow steadily to the end", r.Series.Lag[hot])
	}
	for _, p := range r.Partitions {
		if p.Partition != hot && p.MaxLag > 200 {
			t.Errorf("p%d reached a lag of %d while only the hot partition should lag", p.Partition, p.MaxLag)
		}
	}
	// Twelve threads give the hot partition a thread of its own, which
	// helps a little; beyond that, more threads change nothing, and the lag
	// still grows: one partition is one thread's work.
	twelve := runPreset(t, "hot-customer", "consumer.concurrency=12")
	more := runPreset(t, "hot-customer", "consumer.concurrency=12", "consumer.instances=2")
	if !growsWithoutBound(twelve.Series.Lag[hot]) || !growsWithoutBound(more.Series.Lag[hot]) {
		t.Error("with 12 or 24 threads the hot partition caught up")
	}
	if a, b := hottest(twelve).EndLag, hottest(more).EndLag; b < a*95/100 {
		t.Errorf("24 threads cut the hot partition's lag from %d (12 threads) to %d", a, b)
	}
}

// growsWithoutBound says a lag series keeps rising from its first quarter
// to its end.
func growsWithoutBound(lag []int32) bool {
	n := len(lag)
	q1, mid, end := lag[n/4], lag[n/2], lag[n-1]
	return mid > 3*q1/2 && end > 3*mid/2 && end > 1000
}

func TestSaltingRestoresBalanceAndBreaksCustomerOrder(t *testing.T) {
	plain := runPreset(t, "hot-customer", "workload.event_gap_ms=5")
	salted := runPreset(t, "hot-customer-salted")
	if salted.Load.MaxOverMean > plain.Load.MaxOverMean/2 {
		t.Errorf("salting left max/mean at %.2f (unsalted %.2f); want it at most halved", salted.Load.MaxOverMean, plain.Load.MaxOverMean)
	}
	if v := salted.Ordering.Scopes.Order.Violations; v != 0 {
		t.Errorf("salting by order id broke %d orders; each order keeps one key", v)
	}
	if v := salted.Ordering.Scopes.Customer.Violations; v == 0 {
		t.Error("salting kept per-customer order; the customer's events should race across partitions")
	}
	random := runPreset(t, "hot-customer-random-salt")
	if v := random.Ordering.Scopes.Order.Violations; v == 0 {
		t.Error("a random salt kept per-order order; an order's events should scatter")
	}
	if c := random.Ordering.Scopes.Order.ByCause; len(c) == 0 || c[0].Cause != "salting" {
		t.Errorf("random salt violations are explained as %v, want salting", c)
	}
}

func TestFewKeysLeavePartitionsEmptyManyKeysBalance(t *testing.T) {
	country := runPreset(t, "country-key")
	if country.Load.EmptyPartitions < 7 {
		t.Errorf("5 countries on 12 partitions left %d partitions empty, want at least 7", country.Load.EmptyPartitions)
	}
	orders := runPreset(t, "order-id-key")
	if orders.Load.MaxOverMean > 1.05 {
		t.Errorf("order id keys give max/mean %.3f, want near 1", orders.Load.MaxOverMean)
	}
}

func TestProcessingModesAndRetries(t *testing.T) {
	for _, c := range []struct {
		preset string
		broken bool
		cause  string
	}{
		{"order-events", false, ""},
		{"thread-pool", true, "concurrent processing"},
		{"per-key-queues", false, ""},
		{"retry-topic", true, "retry topic"},
		{"blocking-retry", false, ""},
	} {
		r := runPreset(t, c.preset)
		v := r.Ordering.Scopes.Order.Violations + r.Ordering.Scopes.Key.Violations
		if (v > 0) != c.broken {
			t.Errorf("%s: %d order and key violations, want broken=%v", c.preset, v, c.broken)
		}
		if c.broken && r.Ordering.Scopes.Order.ByCause[0].Cause != c.cause {
			t.Errorf("%s: violations explained as %v, want %s", c.preset, r.Ordering.Scopes.Order.ByCause, c.cause)
		}
	}
}

func TestAddingPartitionsBreaksOrderOnMovedKeysUnlessDrained(t *testing.T) {
	r := runPreset(t, "add-partitions")
	key := r.Ordering.Scopes.Key
	if key.Violations == 0 {
		t.Fatal("6 → 12 partitions under load broke no key's order")
	}
	for _, c := range key.ByCause {
		if c.Cause != "partition count changed" {
			t.Errorf("%d key violations caused by %q; every one should be a key that moved", c.Violations, c.Cause)
		}
	}
	for _, e := range r.Ordering.Examples {
		if e.Scope != "key" {
			continue
		}
		b := []byte(e.Key)
		if hashcore.PartitionForKey(b, 6) == hashcore.PartitionForKey(b, 12) {
			t.Errorf("key %s stays on p%d for 6 and 12 partitions, yet broke order", e.Key, hashcore.PartitionForKey(b, 6))
		}
		if e.Earlier.PartitionCount != 6 || e.Later.PartitionCount != 12 {
			t.Errorf("key %s: earlier sent with %d partitions, later with %d; want 6 then 12", e.Key, e.Earlier.PartitionCount, e.Later.PartitionCount)
		}
	}
	drained := runPreset(t, "add-partitions-drained")
	if v := drained.Ordering.Scopes.Key.Violations + drained.Ordering.Scopes.Order.Violations; v != 0 {
		t.Errorf("the drained procedure still broke order %d times", v)
	}
	if drained.Lost != 0 {
		t.Errorf("the drained procedure lost %d records", drained.Lost)
	}
}

func TestClientsThatHashDifferentlyBreakOrder(t *testing.T) {
	mixed := runPreset(t, "mixed-clients")
	if mixed.Ordering.Scopes.Order.Violations == 0 {
		t.Error("Java and librdkafka producers keyed alike kept order; their partitioners differ")
	}
	allJava := runPreset(t, "mixed-clients", "producers.1.client=java")
	if v := allJava.Ordering.Scopes.Order.Violations; v != 0 {
		t.Errorf("two Java producers with the same key broke order %d times", v)
	}
	long := runPreset(t, "long-vs-string")
	if long.Ordering.Scopes.Key.ByCause[0].Cause != "client mismatch" {
		t.Errorf("Long vs String explained as %v", long.Ordering.Scopes.Key.ByCause)
	}
	moved := 0
	for id := 1; id <= 1000; id++ {
		s, _ := hashcore.String.Serialize(itoa(id))
		l, _ := hashcore.Long.Serialize(itoa(id))
		if hashcore.PartitionForKey(s, 12) != hashcore.PartitionForKey(l, 12) {
			moved++
		}
	}
	if moved < 800 {
		t.Errorf("only %d of 1000 customer ids land elsewhere as Long than as String", moved)
	}
}

func TestProducerRetriesReorderOnlyWithoutIdempotence(t *testing.T) {
	unsafe := runPreset(t, "producer-retries-unsafe")
	if unsafe.Ordering.Scopes.Key.Violations == 0 {
		t.Error("retries with max.in.flight 5 and no idempotence kept order")
	}
	if c := unsafe.Ordering.Scopes.Key.ByCause; c[0].Cause != "producer retry" {
		t.Errorf("explained as %v, want producer retry", c)
	}
	safe := runPreset(t, "producer-retries-idempotent")
	if v := safe.Ordering.Scopes.Key.Violations; v != 0 {
		t.Errorf("idempotent producer reordered %d records", v)
	}
	if safe.Producers[0].Retries == 0 {
		t.Error("the idempotent run had no retries, so it proves nothing")
	}
}

func TestDeterminism(t *testing.T) {
	sc, _ := scenario.Preset("thread-pool")
	a, _ := Run(sc)
	b, _ := Run(sc)
	if a.Digest != b.Digest {
		t.Fatalf("same scenario, two digests: %s, %s", a.Digest, b.Digest)
	}
	sc.Seed = 2
	c, _ := Run(sc)
	if c.Digest == a.Digest {
		t.Fatal("a different seed gave the same digest")
	}
	if c.EventsProduced == a.EventsProduced {
		t.Errorf("a different seed produced exactly as many events (%d)", c.EventsProduced)
	}
}

func TestConsumerChangesKeepTheWorkload(t *testing.T) {
	seq := runPreset(t, "order-events")
	pool := runPreset(t, "order-events", "consumer.mode=thread_pool")
	for i, p := range seq.Partitions {
		if p.Produced != pool.Partitions[i].Produced {
			t.Fatalf("p%d got %d records with sequential consumers and %d with a thread pool; the workload must not depend on the consumer",
				i, p.Produced, pool.Partitions[i].Produced)
		}
	}
}

func TestIdleThreadsBeyondPartitions(t *testing.T) {
	r := runPreset(t, "order-events", "topic.partitions=4", "consumer.concurrency=6")
	if r.Consumers.IdleThreads != 2 {
		t.Errorf("6 threads on 4 partitions: %d idle, want 2", r.Consumers.IdleThreads)
	}
	busy := slices.IndexFunc(r.Consumers.Members, func(m MemberResult) bool { return len(m.Partitions) == 0 && m.Processed > 0 })
	if busy >= 0 {
		t.Errorf("%s has no partition but processed records", r.Consumers.Members[busy].Name)
	}
}

func itoa(i int) string { return string(appendKeyText(nil, ordering.KindCustomer, int64(i), 0, nil)) }

func TestViolationsOverTimeAddUp(t *testing.T) {
	r := runPreset(t, "add-partitions")
	for name, c := range map[string]struct {
		series []int64
		total  int64
	}{
		"order":    {r.Series.Violations.Order, r.Ordering.Scopes.Order.Violations},
		"customer": {r.Series.Violations.Customer, r.Ordering.Scopes.Customer.Violations},
		"key":      {r.Series.Violations.Key, r.Ordering.Scopes.Key.Violations},
	} {
		var sum int64
		for b, v := range c.series {
			sum += v
			if at := float64(b+1) * r.Series.BucketS; v > 0 && at <= 30 {
				t.Errorf("%s: %d violations in the bucket ending at %.1f s, before the partitions were added", name, v, at)
			}
		}
		if sum != c.total || c.total == 0 {
			t.Errorf("%s: the buckets add up to %d, the total is %d", name, sum, c.total)
		}
	}
}
