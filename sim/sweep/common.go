package sweep

import "strings"

// Setting is a setting people often sweep, with the values worth starting
// from: the page offers these by name, and --vary takes a common
// setting's path alone for its values.
type Setting struct {
	Path  string
	Label string
	// Spec is the values, as --vary writes them.
	Spec string
}

// CommonSettings are the settings most trade-offs turn on.
func CommonSettings() []Setting {
	return []Setting{
		{"topic.partitions", "partitions", "6,12,24,48"},
		{"consumer.instances", "consumer instances", "1..6"},
		{"consumer.concurrency", "consumer threads per instance", "1..12"},
		{"producers.0.salting.buckets", "salt buckets for the hot customers", "1,2,4,8,16,32"},
		{"producers.0.key", "the record key", "order_id,customer_id,sku,country,null"},
		{"producers.0.client", "the producer's client (its partitioner)", "java,librdkafka,sarama"},
		{"producers.0.linger_ms", "linger.ms", "0,5,10,20,50,100"},
		{"consumer.mode", "how a consumer processes its records", "sequential,thread_pool,per_key_queues"},
		{"consumer.group_type", "the group's type (consumer group or share group)", "consumer,share"},
		{"consumer.max_poll_records", "max.poll.records", "50,100,250,500,1000"},
		{"consumer.processing_ms", "processing time per record (ms)", "1,2,5,10,20"},
		{"workload.customer_skew.hot_share", "the hot customers' share of orders", "0.1..0.6:0.1"},
	}
}

// commonSpec is a common setting's values, "" for another path.
func commonSpec(path string) string {
	for _, s := range CommonSettings() {
		if s.Path == path {
			return s.Spec
		}
	}
	return ""
}

// commonPaths lists the common settings' paths, for the messages.
func commonPaths() string {
	var ps []string
	for _, s := range CommonSettings() {
		ps = append(ps, s.Path)
	}
	return strings.Join(ps, ", ")
}
