package sim

import (
	"fmt"
	"math"

	"partitionlab/sim/coordinator"
)

// commitKind says who commits, which decides what a failure looks like.
type commitKind uint8

const (
	// commitAuto is poll()'s asynchronous auto-commit: a failure is logged
	// ("Asynchronous auto-commit of offsets ... failed"), nothing is thrown.
	commitAuto commitKind = iota
	// commitOnJoin is onJoinPrepare's synchronous auto-commit (or the
	// application's commit in onPartitionsRevoked): logged too.
	commitOnJoin
	// commitOnRevoke is the application's commitSync in onPartitionsRevoked.
	commitOnRevoke
	// commitApp is the application's commitSync after a batch: a failure
	// throws CommitFailedException.
	commitApp
	// commitClose is close(): it commits (auto-commit, or the application's
	// last commitSync) and logs a failure.
	commitClose
)

// commit stores the member's positions of the given partitions as the
// group's committed offsets, at time now. A member the group no longer
// counts cannot commit, and nothing is stored.
func (m *member) commit(s *Sim, parts []int32, kind commitKind, now int64) bool {
	if m.replaced {
		// OffsetCommit answered FENCED_INSTANCE_ID.
		s.group.res.FailedCommits++
		m.fence(s, now)
		return false
	}
	ok, detail, event := true, "", "CommitFailedException"
	switch {
	case !m.inGroup || m.kicked || m.fenced:
		ok, detail = false, "the group has already rebalanced and assigned the partitions to another member"
		if m.kicked && m.instanceID == "" {
			detail = "the consumer is not part of an active group; it is likely that it was kicked out of the group"
		}
	case m.stale:
		ok, detail = false, "ILLEGAL_GENERATION: the group has already rebalanced and assigned the partitions to another member"
	case !s.group.kip848 && len(parts) > 0: // nothing to commit sends no request
		if err := s.group.classic.Step(now, coordinator.OffsetCommit{MemberID: m.id, InstanceID: m.instanceID, Generation: m.gen}).Err; err != coordinator.None {
			ok, detail = false, err.String()+": the group has already rebalanced and assigned the partitions to another member"
		}
	case s.group.kip848 && len(parts) > 0:
		// ConsumerGroup.validateOffsetCommit: the commit carries the
		// member epoch.
		if err := s.group.consumer.Apply(now, coordinator.OffsetCommit{MemberID: m.id, InstanceID: m.instanceID,
			Generation: m.gen, Partitions: parts}).Err; err != coordinator.None {
			ok, event = false, err.Exception()
			detail = fmt.Sprintf("%s: the commit carries member epoch %d, which the coordinator does not accept for partitions %v",
				err, m.gen, parts)
		}
	}
	if !ok {
		s.group.res.FailedCommits++
		switch kind {
		case commitAuto:
			event, detail = "auto-commit failed", "asynchronous auto-commit failed (logged, not thrown): "+detail
		case commitOnJoin, commitClose:
			if s.sc.Consumer.EnableAutoCommit {
				event, detail = "auto-commit failed", "synchronous auto-commit failed (logged, not thrown): "+detail
			}
		}
		s.groupEventAt(now, m.idx, event, detail)
		return false
	}
	m.noteCommit(s, now)
	for _, p := range parts {
		if s.owner[p] != m.idx {
			continue
		}
		s.committed[p] = s.logs[p].position
		s.logs[p].trim(s.committed[p])
	}
	return true
}

// commitDue says whether poll() commits at now: after every batch when the
// application commits itself, or when the auto-commit interval has passed.
func (m *member) commitDue(now int64) bool { return now >= m.commitAt }

// noteCommit restarts m's commit timer at t.
func (m *member) noteCommit(s *Sim, t int64) {
	k := &s.sc.Consumer
	switch {
	case k.CommitAfterBatch:
		m.commitAt = math.MinInt64
	case k.EnableAutoCommit:
		m.commitAt = t + s.autoCommitNs
	default:
		m.commitAt = never
	}
}

// pollCommit is the commit poll() makes at now when one is due: the
// application's commitSync after each batch, or the auto-commit.
func (m *member) pollCommit(s *Sim, now int64) {
	kind := commitAuto
	if s.sc.Consumer.CommitAfterBatch {
		kind = commitApp
	}
	m.commit(s, m.parts, kind, now)
}
