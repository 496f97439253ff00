package invariants

import "sort"

// holding is one member holding one partition from one moment to the next
// change of its assignment (or the end of the run).
type holding struct {
	member   string
	from, to float64
}

func ownershipInvariant() Invariant {
	return Invariant{Name: "group.ownership", check: groupOwnership,
		Why: "A partition belongs to one member of the group at a time: the members' assignment histories never " +
			"give it to two at the same moment (eager: the old owner revokes before the new generation; " +
			"cooperative: a partition moves only after its owner revoked it; KIP-848: per member epoch), except " +
			"to a member the group no longer counts and that has not found out yet (a zombie: removed, crashed, " +
			"shut down, frozen, fenced), which a group event of either member between the older holding's start " +
			"and the overlap's end names."}
}

func groupOwnership(r *Run) Verdict {
	if r.Scenario.Consumer.IsShare() {
		return notApplicable("a share group's members share partitions: share.ownership checks its records")
	}
	res := r.Result
	events := map[string][]float64{}
	for _, e := range res.Group.Events {
		if e.Member != "" {
			events[e.Member] = append(events[e.Member], e.AtS)
		}
	}
	named := func(m string, from, to float64) bool {
		for _, t := range events[m] {
			if t >= from && t <= to {
				return true
			}
		}
		return false
	}
	byPartition := map[int][]holding{}
	for _, m := range res.Consumers.Members {
		for i, a := range m.Assignments {
			to := res.DurationS
			if i+1 < len(m.Assignments) {
				to = m.Assignments[i+1].AtS
			}
			for _, p := range a.Partitions {
				byPartition[p] = append(byPartition[p], holding{m.Name, a.AtS, to})
			}
		}
	}
	parts := make([]int, 0, len(byPartition))
	for p := range byPartition {
		parts = append(parts, p)
	}
	sort.Ints(parts)
	for _, p := range parts {
		hs := byPartition[p]
		sort.SliceStable(hs, func(i, j int) bool { return hs[i].from < hs[j].from })
		for i, a := range hs {
			for _, b := range hs[i+1:] {
				if b.from >= a.to {
					break
				}
				if a.member == b.member || b.from >= b.to {
					continue
				}
				end := min(a.to, b.to)
				if named(a.member, a.from, end) || named(b.member, a.from, end) {
					continue
				}
				return broken("p%d is held by %s from %g s and by %s from %g s, both until %g s, and the group "+
					"names neither as removed, crashed or fenced", p, a.member, a.from, b.member, b.from, end)
			}
		}
	}
	return held()
}
