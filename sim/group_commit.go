package sim

// commit stores the member's positions of the given partitions as the
// group's committed offsets (commitSync, the auto-commit, or the commit on
// close). A member the group no longer counts cannot commit:
// CommitFailedException, and nothing is stored.
func (s *Sim) commit(m *member, parts []int32) bool {
	if !m.inGroup || m.kicked || m.fenced || m.stale {
		s.group.res.FailedCommits++
		detail := "the group has already rebalanced and assigned the partitions to another member"
		if m.kicked && m.instanceID == "" {
			detail = "the consumer is not part of an active group; it is likely that it was kicked out of the group"
		}
		s.groupEvent(m.idx, "CommitFailedException", detail)
		return false
	}
	m.lastCommit = s.now
	for _, p := range parts {
		if s.owner[p] != m.idx {
			continue
		}
		s.committed[p] = s.position[p]
		s.logs[p].trim(s.committed[p])
	}
	return true
}

// commitDue says whether poll() commits now: after every batch when the
// application commits itself, or when the auto-commit interval has passed.
func (s *Sim) commitDue(m *member) bool {
	k := &s.sc.Consumer
	return k.CommitAfterBatch || (k.EnableAutoCommit && s.now-m.lastCommit >= s.autoCommitNs)
}
