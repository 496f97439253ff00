package coordinator

import "slices"

// KIP-848 member epochs, on with ConsumerConfig.MemberEpochs.

// consumerEpochError is throwIfConsumerGroupMemberEpochIsInvalid: epoch 0
// rejoins; an epoch ahead of the member's is fenced; an older one is
// accepted only if it is the previous epoch and the member owns nothing
// beyond what it was allowed (the response that moved it on may have been
// lost). A fenced member gives up its partitions and rejoins with epoch 0.
func consumerEpochError(m *ConsumerMember, q ConsumerGroupHeartbeat) Error {
	switch e := q.MemberEpoch; {
	case e == JoinEpoch, e == m.Epoch:
		return None
	case e > m.Epoch:
		return FencedMemberEpoch
	case e == m.PreviousEpoch && subset(q.Owned, m.Assigned):
		return None
	}
	return FencedMemberEpoch
}

// reconcileEpoch moves the member to the target's epoch once it owns
// nothing outside its target (CurrentAssignmentBuilder: a member with
// partitions to revoke keeps its epoch until it has revoked them), and
// notes the epoch at which it got each partition.
func (g *Consumer) reconcileEpoch(m *ConsumerMember, allowed []int32) {
	if subset(m.Owned, m.Target) && m.Epoch != g.epoch {
		m.PreviousEpoch, m.Epoch = m.Epoch, g.epoch
	}
	if m.assignedAt == nil {
		m.assignedAt = map[int32]int32{}
	}
	for _, p := range allowed {
		if _, ok := m.assignedAt[p]; !ok {
			m.assignedAt[p] = m.Epoch
		}
	}
	for p := range m.assignedAt {
		if !slices.Contains(allowed, p) && !slices.Contains(m.Owned, p) {
			delete(m.assignedAt, p)
		}
	}
	g.give(m, allowed)
}

// validateCommit is ConsumerGroup.validateOffsetCommit for a member of
// the consumer protocol: its current epoch commits anything; a newer one
// is stale; an older one may commit only partitions it got at or before
// that epoch (createAssignmentEpochValidator). Without MemberEpochs every
// commit is accepted, as before.
func (g *Consumer) validateCommit(q OffsetCommit) Error {
	if !g.cfg.MemberEpochs {
		return None
	}
	m := g.members.byID[q.MemberID]
	switch {
	case m == nil:
		return UnknownMemberID
	case q.Generation == m.Epoch:
		return None
	case q.Generation > m.Epoch:
		return StaleMemberEpoch
	}
	for _, p := range q.Partitions {
		at, ok := m.assignedAt[p]
		if !ok || q.Generation < at {
			return StaleMemberEpoch
		}
	}
	return None
}

// subset says every partition of a is in b.
func subset(a, b []int32) bool {
	for _, p := range a {
		if !slices.Contains(b, p) {
			return false
		}
	}
	return true
}
