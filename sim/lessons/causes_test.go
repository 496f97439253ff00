package lessons

import (
	"testing"
)

// TestChecksFailWithoutTheirCause runs steps again with the cause of a
// claim taken away and expects the check that states the claim to fail:
// a check that passes either way proves nothing.
func TestChecksFailWithoutTheirCause(t *testing.T) {
	cases := []struct {
		lesson string
		step   int
		sets   []string // what takes the cause away
		claims []string // the checks that must now fail
	}{
		// The same key twice: a different second key lands elsewhere.
		{"same-key-same-partition", 1, []string{`keys.5="1002"`},
			[]string{"1001, sent again, lands on the same partition as the first time", "the two rows are the same key"}},
		// 36 partitions cost a rebalance; 9 do not.
		{"sizing", 4, []string{"topic.partitions=9"},
			[]string{"the rebalance moves most of the 36 partitions", "partitions stand still 30 s or more in all"}},
		// Only cooperative-sticky moves just one partition in a second round.
		{"rebalance-protocols", 2, []string{`consumer.assignors=["range"]`},
			[]string{"which is one partition", "two rebalances"}},
		// Under the classic protocol the client's range is used.
		{"rebalance-protocols", 3, []string{"consumer.group_protocol=classic"},
			[]string{"and the broker's uniform assignor decides all the same"}},
		// A long enough poll interval keeps the slow members in.
		{"heartbeats-vs-poll", 3, []string{"consumer.max_poll_interval_ms=300000"},
			[]string{"members are kicked out"}},
		{"heartbeats-vs-poll", 4, []string{"consumer.max_poll_interval_ms=300000"},
			[]string{"members are still kicked out"}},
		// Letting the executor finish its queue on revoke loses nothing.
		{"thread-pool-trap", 4, []string{"consumer.on_revoke=keep_running"},
			[]string{"thousands of records are never processed"}},
		// Without the second copy nobody is fenced.
		{"static-membership", 4, []string{"timeline=[]"},
			[]string{"both consumers of the old copy are fenced", "the old copy is fenced last"}},
		// A consumer group gives each partition one owner: the idle
		// threads, the backlog and the order all belong to it.
		{"share-groups", 1, []string{"consumer.group_type=share"},
			[]string{"6 of the 8 threads are idle", "the hot partition ends over 10,000 records behind", "no key is out of order"}},
		// One share consumer per partition: no sharing, no violations,
		// and the hot partition's backlog is back.
		{"share-groups", 2, []string{"consumer.concurrency=1"},
			[]string{"the hot partition's backlog ends below a tenth of the consumer group's",
				"records of one key complete out of order thousands of times", "because two consumers share a partition"}},
		{"share-groups", 2, []string{"consumer.group_type=consumer"}, []string{"no thread is idle"}},
		// Nothing fails: nothing is released, redelivered or given up.
		{"share-groups", 3, []string{"consumer.failure_rate=0"},
			[]string{"thousands of records are released", "and delivered again",
				"records of one key complete out of order thousands of times", "the first cause is a redelivery",
				"some records are given up after their last delivery"}},
		// Ten deliveries: a record that fails 20 % of the time is never
		// given up in 20 s.
		{"share-groups", 3, []string{"consumer.share.delivery_count_limit=10"},
			[]string{"some records are given up after their last delivery"}},
		// No crash: no lock runs out, nothing waits for one, nothing is
		// processed twice.
		{"share-groups", 4, []string{"timeline=[]"},
			[]string{"locks run out", "and the records come back", "the slowest record took longer than the lock",
				"a few records are processed twice"}},
		// librdkafka's 3 is CRC32's: Sarama's hash puts order-1001 elsewhere.
		{"the-bytes-decide", 2, []string{`clients=["java","sarama","librdkafka"]`},
			[]string{"librdkafka puts it on partition 3 of 6, the articles' number"}},
	}
	for _, c := range cases {
		l, err := ByID(c.lesson)
		if err != nil {
			t.Fatal(err)
		}
		s := l.Steps[c.step-1]
		out, err := s.Run(c.sets...)
		if err != nil {
			t.Fatalf("%s step %d with %v: %v", c.lesson, c.step, c.sets, err)
		}
		// Earlier steps run as written: a claim measured against them
		// must fail for this step's change, not for their absence.
		var earlier []*Output
		for _, e := range l.Steps[:c.step-1] {
			o, err := e.Run()
			if err != nil {
				t.Fatalf("%s: %v", c.lesson, err)
			}
			earlier = append(earlier, o)
		}
		outcomes := map[string]CheckOutcome{}
		for _, o := range s.Evaluate(out, earlier) {
			outcomes[o.Check.Claim] = o
		}
		for _, claim := range c.claims {
			o, ok := outcomes[claim]
			switch {
			case !ok:
				t.Errorf("%s step %d has no check %q", c.lesson, c.step, claim)
			case o.Passed:
				t.Errorf("%s step %d with %v: %q still passes: %s", c.lesson, c.step, c.sets, claim, o.Message)
			default:
				t.Logf("%s step %d with %v: ✗ %s", c.lesson, c.step, c.sets, o.Message)
			}
		}
	}
}

// The step about order-1001 says where it lands on 12 partitions too:
// Java's 6 and librdkafka's 9 (the articles' number).
func TestOrder1001OnTwelvePartitions(t *testing.T) {
	l, err := ByID("the-bytes-decide")
	if err != nil {
		t.Fatal(err)
	}
	out, err := l.Steps[1].Run("partitions=12")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, r := range out.KeyTable.Rows {
		if r.Key == "order-1001" {
			got[r.Client] = r.Partition
		}
	}
	if got["java"] != 6 || got["librdkafka"] != 9 {
		t.Errorf("order-1001 on 12 partitions: %v, the step says Java 6 and librdkafka 9", got)
	}
}
