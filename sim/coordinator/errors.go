package coordinator

// Error is a Kafka protocol error code the coordinator answers with.
type Error uint8

// The error codes the coordinator returns.
const (
	// None is success.
	None Error = iota
	// UnknownMemberID: the member id is not (or no longer) in the group.
	UnknownMemberID
	// IllegalGeneration: the request carries an old generation.
	IllegalGeneration
	// RebalanceInProgress: the group is rebalancing; rejoin.
	RebalanceInProgress
	// FencedInstanceID: another member took over this group.instance.id.
	FencedInstanceID
	// InconsistentGroupProtocol: the member's protocols share none with
	// every other member's (ClassicGroup.supportsProtocols).
	InconsistentGroupProtocol
	// UnreleasedInstanceID: KIP-848 refuses a static member whose
	// group.instance.id a live member still holds.
	UnreleasedInstanceID
	// FencedMemberEpoch: a KIP-848 or share-group member's epoch is neither
	// its current epoch nor, after a lost response, its previous one
	// (GroupMetadataManager.throwIf*MemberEpochIsInvalid); it gives up its
	// partitions and rejoins with epoch 0.
	FencedMemberEpoch
	// StaleMemberEpoch: an OffsetCommit under the consumer protocol carries
	// an epoch newer than the member's, or older than the epoch at which it
	// was given a partition it commits (ConsumerGroup.validateOffsetCommit).
	StaleMemberEpoch
	// MemberIDRequired: the classic protocol's first JoinGroup (version 4 or
	// later) gets a member id and must join again with it
	// (classicGroupJoinNewDynamicMember).
	MemberIDRequired
	// GroupMaxSizeReached: the group already has its maximum of members
	// (group.share.max.size, group.consumer.max.size).
	GroupMaxSizeReached
	// InvalidRequest: the request misses a field the protocol requires.
	InvalidRequest
)

var errorNames = [...]string{"NONE", "UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION", "REBALANCE_IN_PROGRESS",
	"FENCED_INSTANCE_ID", "INCONSISTENT_GROUP_PROTOCOL", "UNRELEASED_INSTANCE_ID", "FENCED_MEMBER_EPOCH",
	"STALE_MEMBER_EPOCH", "MEMBER_ID_REQUIRED", "GROUP_MAX_SIZE_REACHED", "INVALID_REQUEST"}

// String is Kafka's name for the error (Errors.name()).
func (e Error) String() string {
	if int(e) < len(errorNames) {
		return errorNames[e]
	}
	return "UNKNOWN_SERVER_ERROR"
}

// Exception is the exception the Java client raises for the error.
func (e Error) Exception() string {
	switch e {
	case UnknownMemberID:
		return "UnknownMemberIdException"
	case IllegalGeneration:
		return "IllegalGenerationException"
	case RebalanceInProgress:
		return "RebalanceInProgressException"
	case FencedInstanceID:
		return "FencedInstanceIdException"
	case InconsistentGroupProtocol:
		return "InconsistentGroupProtocolException"
	case UnreleasedInstanceID:
		return "UnreleasedInstanceIdException"
	case FencedMemberEpoch:
		return "FencedMemberEpochException"
	case StaleMemberEpoch:
		return "StaleMemberEpochException"
	case MemberIDRequired:
		return "MemberIdRequiredException"
	case GroupMaxSizeReached:
		return "GroupMaxSizeReachedException"
	case InvalidRequest:
		return "InvalidRequestException"
	}
	return ""
}
