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
)

var errorNames = [...]string{"NONE", "UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION", "REBALANCE_IN_PROGRESS",
	"FENCED_INSTANCE_ID", "INCONSISTENT_GROUP_PROTOCOL", "UNRELEASED_INSTANCE_ID"}

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
	}
	return ""
}
