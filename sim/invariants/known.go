package invariants

// KnownOpen lists the failure files under testdata/ whose engine bug is not
// fixed yet, each with what is wrong. The regression test skips them,
// saying why; the generated-worlds test and the soak count failures of the
// same kind (Failure.Signature) without failing. Remove an entry when its
// bug is fixed: the file then guards against its return.
var KnownOpen = map[string]string{
	"conservation.partitions-b9a1b2a540.json": "with the record stream forked (more than 262,144 records " +
		"kept: 310,096 sent, none processed yet, a new group still waiting its initial delay) the partitions' " +
		"end_lag misses 263 records: produced - processed - end_lag is 263 with nothing lost. Below the fork " +
		"(42,000 orders/s instead of 48,900) it adds up; the forked logs' append times (partitionLog.recent, " +
		"appendedBy) lose records",
}
