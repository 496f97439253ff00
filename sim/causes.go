package sim

// cause names why an event overtook an earlier one of the same scope.
type cause uint8

const (
	causeConcurrent     cause = iota // same partition, processed in parallel
	causeRetryTopic                  // the earlier event went through the retry topic
	causeProducerRetry               // the earlier event was appended after the later one
	causePartitionCount              // same key, another partition count, another partition
	causeClientMismatch              // same key, producers that hash it differently
	causeSalting                     // salted keys of one customer on different partitions
	causeNoKey                       // a keyless record: no partition affinity at all
	causeKeyScope                    // the key is finer than the scope (e.g. order_id for a customer)
	causeRebalance                   // the partition changed hands while the earlier event was in flight
	numCauses
)

var causeNames = [numCauses]string{
	"concurrent processing",
	"retry topic",
	"producer retry",
	"partition count changed",
	"client mismatch",
	"salting",
	"no key",
	"key does not cover the scope",
	"rebalance",
}

func (c cause) String() string { return causeNames[c] }

// cause explains, at the moment the later event completes, why the earlier
// one of the same scope has not.
func (c *orderingChecker) cause(earlier, later *inflight) cause {
	switch {
	case earlier.flags&flagRetryTopic != 0:
		return causeRetryTopic
	case earlier.flags&flagProducerRetried != 0 && (earlier.offset < 0 ||
		(earlier.partition == later.partition && earlier.offset > later.offset)):
		return causeProducerRetry
	case earlier.partition == later.partition:
		return causeConcurrent
	case earlier.keyKind == kindNone || later.keyKind == kindNone:
		return causeNoKey
	case earlier.keyKind == later.keyKind && earlier.keyID == later.keyID:
		if !c.sameRouting(earlier.producer, later.producer) {
			return causeClientMismatch
		}
		return causePartitionCount // same routing, so only the count can differ
	case earlier.customer == later.customer && (earlier.keyKind == kindSalted || later.keyKind == kindSalted):
		return causeSalting
	}
	return causeKeyScope
}
