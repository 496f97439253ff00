package assignor

import (
	"maps"
	"slices"
)

// Move is one partition changing hands between two assignments. From is ""
// when nobody had it before, To is "" when nobody has it after.
type Move struct {
	TopicPartition
	From, To string
}

// owners maps each partition to the member holding it. Should two members
// list the same partition, the one whose id sorts last is taken.
func (a Assignment) owners() map[TopicPartition]string {
	o := map[TopicPartition]string{}
	for _, member := range slices.Sorted(maps.Keys(a)) {
		for _, tp := range a[member] {
			o[tp] = member
		}
	}
	return o
}

// Diff lists the partitions whose owner differs between prev and next,
// sorted by topic then partition.
func Diff(prev, next Assignment) []Move {
	before, after := prev.owners(), next.owners()
	var moves []Move
	for tp, from := range before {
		if to := after[tp]; to != from {
			moves = append(moves, Move{TopicPartition: tp, From: from, To: to})
		}
	}
	for tp, to := range after {
		if _, had := before[tp]; !had {
			moves = append(moves, Move{TopicPartition: tp, To: to})
		}
	}
	slices.SortFunc(moves, func(a, b Move) int { return compareTopicPartition(a.TopicPartition, b.TopicPartition) })
	return moves
}

// CooperativeStep is what each member does with a cooperative assignment
// (ConsumerCoordinator.onJoinComplete under COOPERATIVE).
type CooperativeStep struct {
	// Revoked holds, per member, owned partitions it was not assigned: it
	// calls onPartitionsRevoked for them now and rejoins at once.
	Revoked Assignment
	// Added holds, per member, assigned partitions it did not own: it starts
	// consuming them now.
	Added Assignment
	// Pending lists the revoked partitions nobody was assigned; the
	// follow-up rebalance hands them out. Sorted by topic then partition.
	Pending []TopicPartition
}

// Rejoin reports whether a follow-up rebalance follows: some member revoked.
func (s CooperativeStep) Rejoin() bool {
	for _, tps := range s.Revoked {
		if len(tps) > 0 {
			return true
		}
	}
	return false
}

// PlanCooperative splits a cooperative rebalance into what moves now and
// what waits for the follow-up rebalance, given the partitions each member
// owned before and the assignment it received. The cooperative-sticky
// assignor already leaves out partitions another member still owns, so
// they show up as Revoked from their owner and as Pending.
func PlanCooperative(owned, assigned Assignment) CooperativeStep {
	step := CooperativeStep{Revoked: Assignment{}, Added: Assignment{}}
	after := assigned.owners()
	for member, tps := range owned {
		kept := setOf(assigned[member])
		for _, tp := range tps {
			if !kept[tp] {
				step.Revoked[member] = append(step.Revoked[member], tp)
				if _, taken := after[tp]; !taken {
					step.Pending = append(step.Pending, tp)
				}
			}
		}
	}
	for member, tps := range assigned {
		had := setOf(owned[member])
		for _, tp := range tps {
			if !had[tp] {
				step.Added[member] = append(step.Added[member], tp)
			}
		}
	}
	for _, a := range []Assignment{step.Revoked, step.Added} {
		for _, tps := range a {
			slices.SortFunc(tps, compareTopicPartition)
		}
	}
	slices.SortFunc(step.Pending, compareTopicPartition)
	step.Pending = slices.Compact(step.Pending)
	return step
}

func setOf(tps []TopicPartition) map[TopicPartition]bool {
	s := make(map[TopicPartition]bool, len(tps))
	for _, tp := range tps {
		s[tp] = true
	}
	return s
}
