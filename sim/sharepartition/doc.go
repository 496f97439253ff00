// Package sharepartition is the broker's share-partition state machine of a
// KIP-932 share group (Kafka's kafka.server.share.SharePartition, read at
// Apache Kafka 4.3.1): the in-flight window of one partition from the
// share-partition start offset, each record AVAILABLE, ACQUIRED,
// ACKNOWLEDGED or ARCHIVED with its delivery count and acquisition lock;
// acquiring records for a member, acknowledging them (ACCEPT, RELEASE,
// REJECT, RENEW), releasing a departed member's records, expiring locks,
// archiving a record at the delivery count limit and moving the start
// offset past the records that are done.
//
// Like the coordinator it is pure: time comes in as an argument, nothing
// reads a clock, and what happened comes out as events the caller drains.
// Each record costs O(1) amortised: the window is a ring indexed by offset,
// locks expire from a queue in deadline order, and events are ranges.
//
// The package imports only the standard library; it must never import the
// engine (partitionlab/sim), go-app, gonum/plot or net/http.
package sharepartition
