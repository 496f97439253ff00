package sim

import (
	"testing"

	"partitionlab/sim/scenario"
)

// runForked runs a scenario with the stream forking whenever the logs keep
// more than keep records.
func runForked(t *testing.T, sc scenario.Scenario, keep int64) *Result {
	t.Helper()
	s, err := New(sc)
	if err != nil {
		t.Fatal(err)
	}
	s.forkAt = keep
	for !s.Advance(1 << 16) {
	}
	return s.Result()
}

// TestForkedStreamGivesTheSameRun: keeping only a few records and sending
// the rest again when a consumer reaches them must not change anything a
// person sees: every preset and scenario file gives the same digest.
func TestForkedStreamGivesTheSameRun(t *testing.T) {
	scenarios := everyScenario(t)
	keeps := []int64{0, 100}
	for i, sc := range scenarios {
		want, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variantsToRun(i, len(keeps)) {
			keep := keeps[v]
			if got := runForked(t, sc, keep); got.Digest != want.Digest {
				t.Errorf("%s, forked at %d records kept: digest %s, want %s\n got %+v\nwant %+v", sc.Name, keep, got.Digest, want.Digest, summarize(got), summarize(want))
			}
		}
	}
}

// TestForkedLagCountsEveryAppend: forked, a partition's lag is counted
// from the append times the logs no longer keep. A world of the invariant
// generator (conservation.partitions-b9a1b2a540) ended with 263 records in
// no partition's end lag: the quiet partitions, whose old append times had
// been let go, counted their remaining times from the wrong offset.
func TestForkedLagCountsEveryAppend(t *testing.T) {
	sc, err := scenario.ParseScenario([]byte(`{"seed":13210412119743845702,"duration_s":3.2,"topic":{"partitions":7},
		"workload":{"orders_per_s":48900,"customers":7,"events_per_order":["CREATED","PAID"]},
		"producers":[{"key":"salted_customer_id","salting":{"hot_customers":2,"buckets":5,"bucket_source":"random"}}],
		"consumer":{"concurrency":2,"max_poll_records":1,"new_group":true}}`))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range []int64{0, forkAt} {
		r := runForked(t, sc, keep)
		var rest int64
		for _, p := range r.Partitions {
			rest += p.Produced - p.Processed - p.EndLag
		}
		if rest != r.Lost {
			t.Errorf("forked at %d records kept: produced - processed - end lag is %d over the partitions, lost %d", keep, rest, r.Lost)
		}
		if r.Digest != want.Digest {
			t.Errorf("forked at %d records kept: digest %s, want %s", keep, r.Digest, want.Digest)
		}
	}
}

// TestForkedStreamCommitsWhatWasFetched: a poll that commits commits the
// positions from before its fetch (ConsumerCoordinator.poll auto-commits,
// then the fetcher returns records). When the sender still handed records
// to an idle consumer thread in advance, such a poll committed them with
// the records, so a thread that took the partition over later resumed one
// record further than a real poll's commit says; forked, where no record
// was handed over, it did not, and the two runs differed. A world of the
// invariant generator.
func TestForkedStreamCommitsWhatWasFetched(t *testing.T) {
	sc, err := scenario.ParseScenario([]byte(`{"version":1,"seed":10597883969349929850,"duration_s":28.3,"topic":{"partitions":7,"record_bytes":53},"workload":{"orders_per_s":26.2,"customers":3,"customer_skew":{"kind":"hot","hot_customers":1,"hot_share":0.62},"events_per_order":["CREATED","PAID","PACKED"],"event_gap_ms":2000,"skus":551,"countries":6},"producers":[{"name":"producer-1","instances":2,"key":"customer_id","client":"java","serializer":"long","keyless":"uniform_sticky","batch_size":32,"linger_ms":5,"failure_rate":0,"max_in_flight":5,"enable_idempotence":false,"retry_backoff_ms":10,"metadata_max_age_ms":5000}],"consumer":{"instances":3,"concurrency":3,"processing_ms":2,"processing_dist":"constant","mode":"sequential","pool_threads":11,"max_poll_records":4,"failure_rate":0,"retry":"blocking","retry_backoff_ms":10000,"group_type":"consumer","assignors":["roundrobin","cooperative-sticky","sticky"],"group_protocol":"classic","static_membership":false,"session_timeout_ms":6000,"heartbeat_interval_ms":500,"max_poll_interval_ms":30000,"enable_auto_commit":true,"auto_commit_interval_ms":100,"commit_after_batch":false,"commit_on_revoke":false,"auto_offset_reset":"latest","metadata_max_age_ms":30000,"group_consumer_session_timeout_ms":45000,"initial_rebalance_delay_ms":100,"new_group":false,"on_revoke":"keep_running"},"timeline":[{"at_s":5.118,"action":"set_partitions","partitions":10},{"at_s":9.545,"action":"gc_pause","instance":2,"duration_s":7.221}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	if got := runForked(t, sc, 1); got.Digest != want.Digest {
		t.Errorf("forked at 1 record kept: digest %s, want %s\n got %+v\nwant %+v", got.Digest, want.Digest, summarize(got), summarize(want))
	}
}

// TestForkedStreamKnowsRetriedAppends: a record a producer retried is
// appended long after it is sent, and whether it has been appended when a
// later record of its key completes decides the violation's cause
// ("producer retry" while it has not, or sits behind the later one in the
// partition). Forked, the stream at the clock appends it counting only, and
// the back stream, which gives the ordering checker its entry, comes to the
// append only when a consumer reaches it, so the entry read "not appended"
// and the causes moved. A shrunk world of the invariant generator
// (determinism.fork, world 1-3 of make test): a share group reading a
// producer that retries half its sends.
func TestForkedStreamKnowsRetriedAppends(t *testing.T) {
	sc, err := scenario.ParseScenario([]byte(`{"version":1,"seed":4559739859451031884,"duration_s":93.6,"topic":{"partitions":12,"record_bytes":256},"workload":{"orders_per_s":11.4,"customers":5,"customer_skew":{"kind":"uniform"},"events_per_order":["CREATED"],"event_gap_ms":50,"skus":1,"countries":7},"producers":[{"name":"producer-1","instances":2,"key":"country","client":"librdkafka","serializer":"string","keyless":"uniform_sticky","batch_size":16384,"linger_ms":5,"failure_rate":0.52,"max_in_flight":5,"enable_idempotence":true,"retry_backoff_ms":1000,"metadata_max_age_ms":300000}],"consumer":{"instances":3,"concurrency":8,"processing_ms":2,"processing_dist":"uniform","mode":"sequential","pool_threads":1,"max_poll_records":39,"failure_rate":0,"retry":"blocking","retry_backoff_ms":1000,"group_type":"share","share":{"acknowledgement_mode":"implicit","on_failure":"release","record_lock_duration_ms":60000,"delivery_count_limit":4,"partition_max_record_locks":803,"auto_offset_reset":"earliest","session_timeout_ms":45000,"heartbeat_interval_ms":10000,"assignment_interval_ms":1000},"assignors":["range","cooperative-sticky"],"group_protocol":"classic","static_membership":false,"session_timeout_ms":45000,"heartbeat_interval_ms":3000,"max_poll_interval_ms":300000,"enable_auto_commit":true,"auto_commit_interval_ms":5000,"commit_after_batch":false,"commit_on_revoke":false,"auto_offset_reset":"latest","metadata_max_age_ms":300000,"group_consumer_session_timeout_ms":45000,"initial_rebalance_delay_ms":3000,"new_group":false,"on_revoke":"keep_running"}}`))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	if want.Ordering.Scopes.ByName("key").Violations == 0 {
		t.Fatal("no violation to explain: the scenario no longer tests the causes")
	}
	for _, keep := range []int64{1, 100} {
		if got := runForked(t, sc, keep); got.Digest != want.Digest {
			t.Errorf("forked at %d records kept: digest %s, want %s\n got %+v\nwant %+v", keep, got.Digest, want.Digest, summarize(got), summarize(want))
		}
	}
}

// TestForkedStreamPollsAsTheFetch: an idle consumer thread was handed the
// records the sender appended for it (member.arrive) instead of making the
// fetch its poll stands for; forked, where the front stream only counts, it
// fetched them. The two differ: a fetch takes a partition's records in
// offset order, partition after partition from where the last fetch stopped
// (Kafka's fetcher moves a partition it returned records from to the back
// of the line), and notes each partition's lag from everything appended by
// then; the hand-over took the records in their append order and noted the
// lag up to the last record handed over. Here the forked and unforked runs
// differed in their violations' examples (world 1-22) and in the lag series
// (world 2-90). Records are no longer handed over: every poll fetches. Two
// shrunk worlds of the invariant generator (determinism.fork with the fork
// after one record): world 1-22 of make test (the five events of an order
// at one instant, on two salted keys) and world 2-90 (producer retries, the
// retry topic and a GC pause).
func TestForkedStreamPollsAsTheFetch(t *testing.T) {
	for name, doc := range map[string]string{
		"world 1-22": `{"version":1,"seed":8399271305972566683,"duration_s":654.3,"topic":{"partitions":6,"record_bytes":256},"workload":{"orders_per_s":1.81,"customers":131,"customer_skew":{"kind":"uniform"},"events_per_order":["CREATED","PAID","PACKED","SHIPPED","DELIVERED"],"event_gap_ms":0,"skus":1,"countries":5},"producers":[{"name":"producer-1","instances":4,"key":"salted_customer_id","client":"librdkafka","serializer":"string","salting":{"hot_customers":62,"buckets":2,"bucket_source":"random"},"keyless":"uniform_sticky","batch_size":16384,"linger_ms":5,"failure_rate":0,"max_in_flight":5,"enable_idempotence":true,"retry_backoff_ms":100,"metadata_max_age_ms":300000}],"consumer":{"instances":1,"concurrency":2,"processing_ms":500,"processing_dist":"exponential","mode":"sequential","pool_threads":1,"max_poll_records":158,"failure_rate":0,"retry":"blocking","retry_backoff_ms":1000,"group_type":"consumer","share":{"acknowledgement_mode":"implicit","on_failure":"release","record_lock_duration_ms":30000,"delivery_count_limit":5,"partition_max_record_locks":2000,"auto_offset_reset":"latest","session_timeout_ms":45000,"heartbeat_interval_ms":5000,"assignment_interval_ms":1000},"assignors":["sticky"],"group_protocol":"classic","static_membership":true,"session_timeout_ms":45000,"heartbeat_interval_ms":1000,"max_poll_interval_ms":5000,"enable_auto_commit":true,"auto_commit_interval_ms":30000,"commit_after_batch":false,"commit_on_revoke":false,"auto_offset_reset":"latest","metadata_max_age_ms":300000,"group_consumer_session_timeout_ms":45000,"initial_rebalance_delay_ms":3000,"new_group":false,"on_revoke":"keep_running"}}`,
		"world 2-90": `{"version":1,"seed":17358601008788592922,"duration_s":365.1,"topic":{"partitions":64,"record_bytes":256},"workload":{"orders_per_s":24.5,"customers":5328,"customer_skew":{"kind":"hot","hot_customers":3,"hot_share":0.09},"events_per_order":["CREATED"],"event_gap_ms":50,"skus":1,"countries":5},"producers":[{"name":"producer-1","instances":6,"key":"customer_id","client":"sarama","serializer":"long","keyless":"uniform_sticky","batch_size":16384,"linger_ms":5,"failure_rate":0.28,"max_in_flight":5,"enable_idempotence":true,"retry_backoff_ms":130000,"metadata_max_age_ms":300000}],"consumer":{"instances":4,"concurrency":3,"processing_ms":50,"processing_dist":"exponential","mode":"sequential","pool_threads":1,"max_poll_records":17,"failure_rate":0.38,"retry":"retry_topic","retry_backoff_ms":10000,"group_type":"consumer","share":{"acknowledgement_mode":"implicit","on_failure":"release","record_lock_duration_ms":30000,"delivery_count_limit":5,"partition_max_record_locks":2000,"auto_offset_reset":"latest","session_timeout_ms":45000,"heartbeat_interval_ms":5000,"assignment_interval_ms":1000},"assignors":["cooperative-sticky","sticky","roundrobin","range"],"group_protocol":"classic","static_membership":false,"session_timeout_ms":6000,"heartbeat_interval_ms":3000,"max_poll_interval_ms":300000,"enable_auto_commit":true,"auto_commit_interval_ms":1000,"commit_after_batch":false,"commit_on_revoke":false,"auto_offset_reset":"latest","metadata_max_age_ms":300000,"group_consumer_session_timeout_ms":45000,"initial_rebalance_delay_ms":3000,"new_group":false,"on_revoke":"keep_running"},"timeline":[{"at_s":63.632,"action":"gc_pause","instance":3,"duration_s":173.415}]}`,
	} {
		sc, err := scenario.ParseScenario([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		want, err := Run(sc)
		if err != nil {
			t.Fatal(err)
		}
		for _, keep := range []int64{1, 100} {
			if got := runForked(t, sc, keep); got.Digest != want.Digest {
				t.Errorf("%s, forked at %d records kept: digest %s, want %s\n got %+v\nwant %+v", name, keep, got.Digest, want.Digest, summarize(got), summarize(want))
			}
		}
	}
}

// TestForkAfterRecordsForcesTheFork: Options.ForkAfterRecords forks the
// stream once the logs keep that many records, long before the engine's
// own threshold, and changes nothing in the result.
func TestForkAfterRecordsForcesTheFork(t *testing.T) {
	sc, err := scenario.Preset("order-events")
	if err != nil {
		t.Fatal(err)
	}
	sc.DurationS = 5
	want, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewWithOptions(sc, Options{ForkAfterRecords: 100})
	if err != nil {
		t.Fatal(err)
	}
	forked := false
	for !s.Advance(64) {
		forked = forked || s.back != nil
	}
	if !forked {
		t.Error("the stream never forked with ForkAfterRecords 100")
	}
	if got := s.Result().Digest; got != want.Digest {
		t.Errorf("forked after 100 records: digest %s, want %s", got, want.Digest)
	}
}
