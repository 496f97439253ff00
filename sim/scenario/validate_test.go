package scenario

import (
	"errors"
	"strings"
	"testing"
)

// TestEveryFieldIsChecked sets one field out of range at a time and expects
// an error that names that field, and nothing else.
func TestEveryFieldIsChecked(t *testing.T) {
	cases := []struct{ set, field string }{
		{"version=2", "version"},
		{"duration_s=0", "duration_s"},
		{"duration_s=1e9", "duration_s"},
		{"topic.partitions=0", "topic.partitions"},
		{"topic.partitions=100000", "topic.partitions"},
		{"topic.record_bytes=0", "topic.record_bytes"},
		{"workload.orders_per_s=0", "workload.orders_per_s"},
		{"workload.customers=0", "workload.customers"},
		{"workload.skus=0", "workload.skus"},
		{"workload.countries=99", "workload.countries"},
		{"workload.event_gap_ms=-1", "workload.event_gap_ms"},
		{"workload.events_per_order=[]", "workload.events_per_order"},
		{`workload.events_per_order=["A","A"]`, "workload.events_per_order[1]"},
		{"workload.customer_skew.kind=pareto", "workload.customer_skew.kind"},
		{`workload.customer_skew={"kind":"zipf","s":0}`, "workload.customer_skew.s"},
		{`workload.customer_skew={"kind":"hot","hot_customers":1,"hot_share":1.5}`, "workload.customer_skew.hot_share"},
		{`workload.customer_skew={"kind":"hot","hot_customers":0,"hot_share":0.5}`, "workload.customer_skew.hot_customers"},
		{"producers=[]", "producers"},
		{"producers.0.name=", "producers[0].name"},
		{"producers.0.instances=0", "producers[0].instances"},
		{"producers.0.key=email", "producers[0].key"},
		{"producers.0.client=kafkajs", "producers[0].client"},
		{"producers.0.serializer=avro", "producers[0].serializer"},
		{"producers.0.key=sku", ""}, // valid alone
		{"producers.0.keyless=random", "producers[0].keyless"},
		{"producers.0.batch_size=0", "producers[0].batch_size"},
		{"producers.0.linger_ms=-5", "producers[0].linger_ms"},
		{"producers.0.failure_rate=1", "producers[0].failure_rate"},
		{"producers.0.max_in_flight=0", "producers[0].max_in_flight"},
		{"producers.0.max_in_flight=6", "producers[0].max_in_flight"}, // idempotence allows at most 5
		{"producers.0.retry_backoff_ms=-1", "producers[0].retry_backoff_ms"},
		{"producers.0.metadata_max_age_ms=0", "producers[0].metadata_max_age_ms"},
		{`producers.0.events=["REFUNDED"]`, "producers[0].events[0]"},
		{`producers.0.salting={"buckets":8}`, "producers[0].salting"},
		{`producers.0={"name":"s","key":"salted_customer_id","salting":{"hot_customers":10000,"buckets":1024}}`, "producers[0].salting.hot_customers"},
		{`producers.0.vip={"customers":[1],"partitions":[0,0]}`, "producers[0].vip.partitions[1]"},
		{`producers.0.vip={"customers":[0],"partitions":[0]}`, "producers[0].vip.customers[0]"},
		{"consumer.instances=0", "consumer.instances"},
		{"consumer.concurrency=0", "consumer.concurrency"},
		{"consumer.processing_ms=-1", "consumer.processing_ms"},
		{"consumer.processing_dist=normal", "consumer.processing_dist"},
		{"consumer.mode=batch", "consumer.mode"},
		{"consumer.pool_threads=0", "consumer.pool_threads"},
		{"consumer.max_poll_records=0", "consumer.max_poll_records"},
		{"consumer.failure_rate=2", "consumer.failure_rate"},
		{"consumer.retry=dlq", "consumer.retry"},
		{"consumer.retry_backoff_ms=-1", "consumer.retry_backoff_ms"},
		{"consumer.assignors=[]", "consumer.assignors"},
		{`consumer.assignors=["fair"]`, "consumer.assignors[0]"},
		{"consumer.group_protocol=streams", "consumer.group_protocol"},
		{"consumer.session_timeout_ms=1000", "consumer.session_timeout_ms"},
		{"consumer.heartbeat_interval_ms=60000", "consumer.heartbeat_interval_ms"},
		{"consumer.max_poll_interval_ms=0", "consumer.max_poll_interval_ms"},
		{"consumer.auto_commit_interval_ms=0", "consumer.auto_commit_interval_ms"},
		{"consumer.auto_offset_reset=none", "consumer.auto_offset_reset"},
		{"consumer.metadata_max_age_ms=0", "consumer.metadata_max_age_ms"},
		{"consumer.initial_rebalance_delay_ms=-1", "consumer.initial_rebalance_delay_ms"},
		{`timeline=[{"at_s":99,"action":"set_partitions","partitions":24}]`, "timeline[0].at_s"},
		{`timeline=[{"at_s":1,"action":"explode"}]`, "timeline[0].action"},
		{`timeline=[{"at_s":1,"action":"set_partitions","partitions":6}]`, "timeline[0].partitions"},
	}
	doc, _ := PresetJSON("order-events")
	for _, c := range cases {
		_, err := ParseScenarioWithSets(doc, []string{c.set})
		if c.field == "" {
			if err != nil {
				t.Errorf("--set %s: unexpected error %v", c.set, err)
			}
			continue
		}
		var fe FieldErrors
		if !errors.As(err, &fe) {
			t.Errorf("--set %s: got %v, want a FieldErrors naming %s", c.set, err, c.field)
			continue
		}
		if len(fe.For(c.field)) == 0 {
			t.Errorf("--set %s: errors %q do not name %s", c.set, fe.Error(), c.field)
		}
		if !strings.Contains(fe.Error(), c.field+": ") {
			t.Errorf("--set %s: message %q does not start with the field", c.set, fe.Error())
		}
	}
}

func TestShapeErrorsNameTheField(t *testing.T) {
	cases := []struct{ doc, want string }{
		{`{"topic": {"partitons": 6}}`, `topic.partitons: unknown field (did you mean "partitions"?)`},
		{`{"topic": {"partitions": "six"}}`, `topic.partitions: must be a whole number, not "six"`},
		{`{"topic": {"partitions": 6.5}}`, `topic.partitions: 6.5 is not a whole number`},
		{`{"producers": {"name": "x"}}`, `producers: must be an array, not an object`},
		{`{"producers": [{"instances": true}]}`, `producers[0].instances: must be a whole number, not true`},
		{`{"seed": -1}`, `seed: -1 is not in 0..18446744073709551615`},
		{`{"consumer": {"enable_auto_commit": "yes"}}`, `consumer.enable_auto_commit: must be true or false`},
		{`[1, 2]`, `must be a JSON object`},
		{`{"version": 1`, `not valid JSON`},
		{`{} {}`, `more than one JSON value`},
	}
	for _, c := range cases {
		_, err := ParseScenario([]byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.doc, err, c.want)
		}
	}
}

func TestPartialDocumentsGetDefaults(t *testing.T) {
	_, err := ParseScenario([]byte(`{"producers": [{"name": "a", "key": "order_id"}, {"name": "b"}]}`))
	if err == nil || !strings.Contains(err.Error(), "producers[1].events") {
		t.Fatal("two catch-all producers were accepted")
	}
	sc, err := ParseScenario([]byte(`{"producers": [{"name": "a", "key": "order_id", "events": ["CREATED", "SHIPPED"]}, {"name": "b", "events": ["PAID"]}],
		"workload": {"orders_per_s": 10}}`))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Producers[1].Client != "java" || sc.Producers[1].BatchSize != 16384 || !sc.Producers[1].Idempotence {
		t.Errorf("second producer did not get the defaults: %+v", sc.Producers[1])
	}
	if sc.Workload.Customers != 10000 || sc.Workload.OrdersPerS != 10 || sc.Consumer.SessionTimeoutMs != 45000 {
		t.Errorf("defaults not filled around the given fields: %+v %+v", sc.Workload, sc.Consumer.Group)
	}
	if _, err := ParseScenarioWithSets(MarshalScenario(sc), []string{"producers.2.name=c", "producers.2.events=[]"}); err == nil {
		t.Error("a third producer with no events was accepted")
	}
}
