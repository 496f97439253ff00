package sharepartition

// FetchOrder appends to dst the order in which one share fetch visits a
// member's partitions (SharePartitionManager with
// PartitionRotateStrategy.rotateRoundRobin): the list rotated left by the
// share session epoch modulo its length, and not rotated at epochs below 1.
// The fetch's max.poll.records is one budget spent along that order
// (ShareFetchUtils.processFetchResponse asks each partition for what the
// ones before it left), so the rotation keeps one partition from taking
// every fetch.
func FetchOrder(dst, parts []int32, sessionEpoch int32) []int32 {
	n := len(parts)
	if n < 2 || sessionEpoch < 1 {
		return append(dst, parts...)
	}
	at := int(sessionEpoch) % n
	dst = append(dst, parts[at:]...)
	return append(dst, parts[:at]...)
}
