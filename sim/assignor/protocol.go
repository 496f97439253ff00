package assignor

import (
	"errors"
	"fmt"
	"slices"

	"partitionlab/hashcore"
)

// ErrInconsistentGroupProtocol is Kafka's INCONSISTENT_GROUP_PROTOCOL: the
// members share no assignor, so the classic coordinator cannot pick one.
var ErrInconsistentGroupProtocol = errors.New("INCONSISTENT_GROUP_PROTOCOL: the members support no common assignor")

// ChooseProtocol is ClassicGroup.selectProtocol: which assignor the classic
// coordinator tells the leader to run. strategies holds each member's
// partition.assignment.strategy names, in the order the coordinator
// iterates its members (JoinOrder). The candidates are the names every
// member lists; each member votes for the first candidate in its own list;
// the most votes win. On a tie Kafka keeps the first name with the top
// count in the iteration order of its votes HashMap (Stream.max keeps the
// earlier of equal elements), which is emulated: that order is by
// String.hashCode bin, then by when a name first got a vote. The built-in
// names fall in distinct bins of the 16-slot table (sticky 8, range 9,
// roundrobin 10, cooperative-sticky 15), so one vote each for range and
// cooperative-sticky picks range.
func ChooseProtocol(strategies [][]string) (string, error) {
	if len(strategies) == 0 {
		return "", fmt.Errorf("strategies: no members to choose an assignor for")
	}
	candidates := map[string]bool{}
	for _, name := range strategies[0] {
		candidates[name] = true
	}
	for _, s := range strategies[1:] {
		for name := range candidates {
			if !slices.Contains(s, name) {
				delete(candidates, name)
			}
		}
	}
	if len(candidates) == 0 {
		return "", ErrInconsistentGroupProtocol
	}
	votes := map[string]int{}
	tally := newJavaHashMap(hashcore.JavaStringHashCode)
	for _, s := range strategies {
		i := slices.IndexFunc(s, func(name string) bool { return candidates[name] })
		votes[s[i]]++
		tally.put(s[i])
	}
	best := ""
	for _, name := range tally.order() {
		if best == "" || votes[name] > votes[best] {
			best = name
		}
	}
	return best, nil
}

// CanJoin is ClassicGroup.supportsProtocols for a non-empty group: a
// member may join only if some name in its list is listed by every current
// member; otherwise the coordinator answers INCONSISTENT_GROUP_PROTOCOL.
func CanJoin(current [][]string, joining []string) bool {
	return slices.ContainsFunc(joining, func(name string) bool {
		for _, s := range current {
			if !slices.Contains(s, name) {
				return false
			}
		}
		return true
	})
}

// RebalanceProtocolFor is the rebalance protocol a Java consumer runs for
// its partition.assignment.strategy (ConsumerCoordinator's constructor):
// the highest protocol every listed assignor supports. The default
// [range, cooperative-sticky] therefore runs EAGER, and so does any list
// with range, roundrobin or sticky in it.
func RebalanceProtocolFor(strategy []string) (RebalanceProtocol, error) {
	if len(strategy) == 0 {
		return Eager, fmt.Errorf("partition.assignment.strategy: must list at least one of %v", ClassicNames())
	}
	common := []RebalanceProtocol{Eager, Cooperative}
	for _, name := range strategy {
		a, err := ByName(name)
		if err != nil {
			return Eager, fmt.Errorf("partition.assignment.strategy: %w", err)
		}
		common = slices.DeleteFunc(common, func(p RebalanceProtocol) bool { return !slices.Contains(a.Protocols(), p) })
	}
	if len(common) == 0 {
		return Eager, fmt.Errorf("partition.assignment.strategy: %v have no rebalance protocol in common", strategy)
	}
	return slices.Max(common), nil
}

// JoinOrder emulates the java.util.HashMap in which the classic group
// coordinator keeps a group's members (ClassicGroup.members, keyed by
// member.id). Its iteration order is the order of the JoinGroup response's
// member list, which is the Member order the sticky assignors depend on.
// Add members as they join and Remove them as they leave; like the Java
// map, it never shrinks, so the order depends on the group's history.
type JoinOrder struct{ m *javaHashMap[string] }

// Add records a member joining; re-adding a present member changes nothing.
func (o *JoinOrder) Add(memberID string) {
	if o.m == nil {
		o.m = newJavaHashMap(hashcore.JavaStringHashCode)
	}
	o.m.put(memberID)
}

// Remove records a member leaving.
func (o *JoinOrder) Remove(memberID string) {
	if o.m != nil {
		o.m.remove(memberID)
	}
}

// MemberIDs lists the present members in the coordinator's order.
func (o *JoinOrder) MemberIDs() []string {
	if o.m == nil {
		return nil
	}
	return o.m.order()
}
