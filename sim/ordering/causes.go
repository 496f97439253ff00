package ordering

// cause names why an event overtook an earlier one of the same scope.
type Cause uint8

const (
	causeConcurrent     Cause = iota // same partition, processed in parallel
	causeRetryTopic                  // the earlier event went through the retry topic
	causeProducerRetry               // the earlier event was appended after the later one
	causePartitionCount              // same key, another partition count, another partition
	causeClientMismatch              // same key, producers that hash it differently
	causeSalting                     // salted keys of one customer on different partitions
	causeNoKey                       // a keyless record: no partition affinity at all
	causeKeyScope                    // the key is finer than the scope (e.g. order_id for a customer)
	causeRebalance                   // the partition changed hands while the earlier event was in flight
	NumCauses
)

var causeNames = [NumCauses]string{
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

// String is the cause as results name it.
func (c Cause) String() string { return causeNames[c] }

// cause explains, at the moment the later event completes, why the earlier
// one of the same scope has not.
func (c *Checker) causeOf(earlier, later *Entry) Cause {
	switch {
	case earlier.Flags&FlagRetryTopic != 0:
		return causeRetryTopic
	case earlier.Flags&FlagProducerRetried != 0 && (earlier.Offset < 0 ||
		(earlier.Partition == later.Partition && earlier.Offset > later.Offset)):
		return causeProducerRetry
	case earlier.Partition == later.Partition:
		return causeConcurrent
	case earlier.KeyKind == KindNone || later.KeyKind == KindNone:
		return causeNoKey
	case earlier.KeyKind == later.KeyKind && earlier.KeyID == later.KeyID:
		if !c.sameRouting(earlier.Producer, later.Producer) {
			return causeClientMismatch
		}
		return causePartitionCount // same routing, so only the count can differ
	case earlier.Customer == later.Customer && (earlier.KeyKind == KindSalted || later.KeyKind == KindSalted):
		return causeSalting
	}
	return causeKeyScope
}
